import type { Language } from "../morphology";
import type { CountForms } from "../reading/grammar";

/** The follow-up's wordings, in English and Spanish, to "you" / «tú» and without a gendered word for the reader. */

export interface FollowUpPhrases {
  quote(words: string): string;
  and: string;
  counts: {
    entries: CountForms;
    days: CountForms;
    practiceDays: CountForms;
    sessionDays: CountForms;
    points: CountForms;
  };
  practice: {
    done(entries: string, exercise: string, days: string, adherence: number, due: string): string;
    none(entries: string, exercise: string): string;
    sessions(days: string, before: string, after: string, change: string): string;
    up(points: string): string;
    down(points: string): string;
    same: string;
    noSessions: string;
    halves(first: string, second: string): string;
    rating(rating: string): string;
  };
  progress: {
    fewEntries(entries: string): string;
    fewMoods: string;
    stillCounts: string;
    worse: string;
    low: string;
    better: string;
    steady: string;
    irregular: string;
    flat: string;
    fewDays: string;
  };
  evolution: {
    words(words: string, many: boolean): string;
    mostlyHard(many: boolean): string;
    mostlyInsights(many: boolean): string;
    beside(theme: string, many: boolean): string;
    quote(phrase: string): string;
    none: string;
    empty: string;
  };
  next: {
    deeper(exercise: string, minutes: number): string;
    complement(name: string): string;
    other(name: string, theme: string, description: string): string;
    keep(exercise: string): string;
    smaller(minutes: number): string;
    gentle: string;
    lighter(exercise: string, minutes: number): string;
  };
}

const en: FollowUpPhrases = {
  quote: (words) => `“${words}”`,
  and: "and",
  counts: {
    entries: { one: "# journal entry", other: "# journal entries" },
    days: { one: "# day", other: "# days" },
    practiceDays: { one: "the one practice day", other: "the # practice days" },
    sessionDays: { one: "the one day", other: "the # days" },
    points: { one: "# point", other: "# points" },
  },
  practice: {
    done: (entries, exercise, days, adherence, due) =>
      `You wrote ${entries} and practised ${exercise} on ${days}: ${adherence}% of ${due} so far.`,
    none: (entries, exercise) => `You wrote ${entries}, but none of them records doing ${exercise} yet.`,
    sessions: (days, before, after, change) =>
      `On ${days} you noted your mood before and after practising, it went from ${before} to ${after} on average, ${change}.`,
    up: (points) => `${points} higher after each session`,
    down: (points) => `${points} lower after each session`,
    same: "about the same before and after",
    noSessions:
      "You did not note your mood both before and after a session, so the change within a session cannot be measured.",
    halves: (first, second) =>
      `Across the days, your mood averaged ${first} in the first half of the practice and ${second} in the second.`,
    rating: (rating) => `You rated the practice ${rating} out of 5 on average.`,
  },
  progress: {
    fewEntries: (entries) => `With ${entries} so far, there is too little here to judge a trend honestly.`,
    fewMoods: "Your entries record too few moods to judge a trend honestly.",
    stillCounts: "What you wrote still counts, and a few more days of notes would show much more.",
    worse:
      "Your mood has been lower lately than when you started. That deserves to be taken seriously, and it is not a failure: not every practice fits every moment. If the heaviness stays with you, talking to someone you trust, or to a doctor or counsellor, can help more than any exercise.",
    low: "Your mood has stayed low through these days. That deserves to be taken seriously, and it says nothing bad about you: some stretches are simply heavy. Talking to someone you trust, or to a doctor or counsellor, can help more than any exercise.",
    better: "Your mood rose over these days, which suggests the practice is doing something for you.",
    steady: "You kept it up on most practice days, and that steadiness is what lets a change settle.",
    irregular: "The practice was irregular, so keeping it steadier could make the change easier to hold.",
    flat: "Your mood stayed about the same over these days. That can mean the practice is steadying you rather than shifting things, or that it needs more time or a different approach.",
    fewDays: "It happened on fewer than half of the practice days, so its effect is still hard to judge.",
  },
  evolution: {
    words: (words, many) =>
      many
        ? `The words that kept coming back in your notes were ${words}.`
        : `One word kept coming back in your notes: ${words}.`,
    mostlyHard: (many) =>
      `${many ? "They appear" : "It appears"} mostly where you wrote about what was hard.`,
    mostlyInsights: (many) => `${many ? "They appear" : "It appears"} mostly among your insights.`,
    beside: (theme, many) =>
      `Read ${many ? "them" : "it"} beside ${theme}, the theme this practice started from: ${many ? "they" : "it"} may show what it means in your own life.`,
    quote: (phrase) => `One line of yours says it simply: ${phrase}.`,
    none: "No single word came back across your notes; each day seems to have brought something different, which is common at the start.",
    empty:
      "Your entries leave the insights and difficulties empty, so there are no recurring words to read yet; a line there next time will make this part richer.",
  },
  next: {
    deeper: (exercise, minutes) =>
      `Since ${exercise} has been working for you, the next phase can go deeper: keep it, stretch it to ${minutes} minutes, and stay longer with the step that gave you most.`,
    complement: (name) =>
      `When you want something new, ${name}, from the same theme, is a natural next step.`,
    other: (name, theme, description) =>
      `For the next phase, try ${name}, also from ${theme}. ${description}`,
    keep: (exercise) => `Keep whatever helped from ${exercise}.`,
    smaller: (minutes) =>
      `Choose a version you can keep: ${minutes} minutes at the same time each day is enough.`,
    gentle: "Go gently: a shorter practice, and the support of someone you trust, come first.",
    lighter: (exercise, minutes) =>
      `For the next phase, return to ${exercise} in a lighter form: ${minutes} minutes, only the steps that felt useful.`,
  },
};

const es: FollowUpPhrases = {
  quote: (words) => `«${words}»`,
  and: "y",
  counts: {
    entries: { one: "# entrada en tu diario", other: "# entradas en tu diario" },
    days: { one: "# día", other: "# días" },
    practiceDays: { one: "el único día de práctica", other: "los # días de práctica" },
    sessionDays: { one: "el único día", other: "los # días" },
    points: { one: "# punto", other: "# puntos" },
  },
  practice: {
    done: (entries, exercise, days, adherence, due) =>
      `Escribiste ${entries} y practicaste ${exercise} ${days}: el ${adherence} % de ${due} hasta ahora.`,
    none: (entries, exercise) =>
      `Escribiste ${entries}, pero ninguna recoge todavía que hicieras ${exercise}.`,
    sessions: (days, before, after, change) =>
      `En ${days} en que anotaste tu ánimo antes y después de practicar, pasó de ${before} a ${after} de media: ${change}.`,
    up: (points) => `${points} más alto después de cada sesión`,
    down: (points) => `${points} más bajo después de cada sesión`,
    same: "más o menos igual antes y después",
    noSessions:
      "No anotaste tu ánimo antes y después de una misma sesión, así que no se puede medir el cambio dentro de cada sesión.",
    halves: (first, second) =>
      `A lo largo de los días, tu ánimo fue de ${first} de media en la primera mitad de la práctica y de ${second} en la segunda.`,
    rating: (rating) => `Valoraste la práctica con un ${rating} sobre 5 de media.`,
  },
  progress: {
    fewEntries: (entries) =>
      `Con ${entries} hasta ahora, hay demasiado poco para juzgar una tendencia con honestidad.`,
    fewMoods: "Tus entradas recogen muy pocos estados de ánimo para juzgar una tendencia con honestidad.",
    stillCounts: "Lo que escribiste cuenta igualmente, y unos días más de notas mostrarían mucho más.",
    worse:
      "Tu ánimo ha estado más bajo últimamente que al principio. Merece tomarse en serio, y no es un fracaso: no todas las prácticas encajan en todos los momentos. Si ese peso sigue contigo, hablar con alguien de confianza, con tu médico o con una persona profesional puede ayudar más que cualquier ejercicio.",
    low: "Tu ánimo se ha mantenido bajo estos días. Merece tomarse en serio, y no dice nada malo de ti: hay etapas que simplemente pesan. Hablar con alguien de confianza, con tu médico o con una persona profesional puede ayudar más que cualquier ejercicio.",
    better: "Tu ánimo subió a lo largo de estos días, lo que sugiere que la práctica te está aportando algo.",
    steady:
      "La mantuviste la mayoría de los días de práctica, y esa constancia es la que deja que un cambio se asiente.",
    irregular:
      "La práctica fue irregular, así que hacerla con más constancia podría ayudarte a sostener el cambio.",
    flat: "Tu ánimo se mantuvo más o menos igual estos días. Puede significar que la práctica te da estabilidad más que mover las cosas, o que necesita más tiempo u otro enfoque.",
    fewDays:
      "Se hizo en menos de la mitad de los días de práctica, así que su efecto todavía es difícil de valorar.",
  },
  evolution: {
    words: (words, many) =>
      many
        ? `Las palabras que más volvieron en tus notas fueron ${words}.`
        : `Una palabra volvió una y otra vez en tus notas: ${words}.`,
    mostlyHard: (many) => `${many ? "Aparecen" : "Aparece"} sobre todo donde escribiste lo que te costó.`,
    mostlyInsights: (many) => `${many ? "Aparecen" : "Aparece"} sobre todo entre tus descubrimientos.`,
    beside: (theme, many) =>
      `${many ? "Léelas" : "Léela"} junto a ${theme}, el tema del que partió esta práctica: ${many ? "pueden" : "puede"} mostrar lo que significa en tu propia vida.`,
    quote: (phrase) => `Una línea tuya lo dice con sencillez: ${phrase}.`,
    none: "Ninguna palabra se repitió en tus notas; cada día parece haber traído algo distinto, algo habitual al principio.",
    empty:
      "Tus entradas dejan vacíos los descubrimientos y las dificultades, así que todavía no hay palabras que se repitan; una línea ahí la próxima vez enriquecerá esta parte.",
  },
  next: {
    deeper: (exercise, minutes) =>
      `Como ${exercise} te está funcionando, la siguiente etapa puede ir más a fondo: mantén la práctica, alárgala a ${minutes} minutos y quédate más tiempo en el paso que más te dio.`,
    complement: (name) => `Cuando quieras algo nuevo, ${name}, del mismo tema, es un siguiente paso natural.`,
    other: (name, theme, description) =>
      `Para la siguiente etapa, prueba ${name}, también de ${theme}. ${description}`,
    keep: (exercise) => `Quédate con lo que te ayudó de ${exercise}.`,
    smaller: (minutes) =>
      `Elige una versión que puedas sostener: ${minutes} minutos a la misma hora cada día es suficiente.`,
    gentle: "Ve con calma: primero una práctica más breve y el apoyo de alguien de confianza.",
    lighter: (exercise, minutes) =>
      `Para la siguiente etapa, vuelve a ${exercise} en una forma más ligera: ${minutes} minutos, solo con los pasos que te sirvieron.`,
  },
};

export const FOLLOW_UP_PHRASES: Record<Language, FollowUpPhrases> = { en, es };

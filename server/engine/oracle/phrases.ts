import type { practiceTimes } from "../../../contract/oracle";
import type { MoodFamily } from "../lexicon/schema";
import type { Language } from "../morphology";

/**
 * The consultation reading's wordings, in English and Spanish, always to "you" / «tú» and without a gendered
 * word for the reader. Each place offers several wordings; the composer picks one by the challenge's hash.
 * Quoted names («jefe», “boss”) come in already quoted, so no article has to agree with them.
 */

export type PracticeTime = (typeof practiceTimes)[number];
export type Stage = "introduce" | "repeat" | "deepen" | "vary" | "review" | "reflection";
export type Level = "beginner" | "intermediate" | "advanced";

export interface Opening {
  /** The challenge's symbols, quoted and joined; null when it names none. */
  names: string | null;
  manyNames: boolean;
  /** Its feelings as feelingName gives them, joined; null when it names none. */
  feelings: string | null;
  manyFeelings: boolean;
}

export interface Echo {
  name: string;
  count: number;
  /** How many recent dreams the count covers. */
  total: number;
}

export interface TaskWords {
  exercise: string;
  minutes: number;
  /** The preferred time, opening a sentence: "In the morning", «Por la mañana». */
  lead: string;
  /** What the challenge is about, as a noun phrase: "the situation you wrote about". */
  focus: string;
  /** A question to reflect on; it always follows a colon. */
  question: string;
  level: Level;
}

export interface OraclePhrases {
  quote(words: string): string;
  and: string;
  /** The first sentence: what the person wrote about (its symbols and feelings). */
  opening(words: Opening): string[];
  /** A sentence that meets the challenge's mood. */
  moodAck: Record<MoodFamily, string[]>;
  /** The theme the reading looks through (quoted), and a second one when there is one. */
  lens(theme: string, second: string | null): string[];
  /** Introduces a question the person can carry (after a colon). */
  question(question: string): string[];
  /** A question for the mood, when the theme's own is written about a dream. */
  moodQuestion: Record<MoodFamily, string>;
  echo(echo: Echo): string[];
  /** "15 minutes each morning", "15 minutes on seven of the ten days, in the morning…". */
  schedule(minutes: number, practiceDays: number, time: PracticeTime): string;
  practice(exercise: string, schedule: string): string[];
  moodReason: Record<MoodFamily, string[]>;
  /** Signs and symbols are a lens for reflection, never a prediction. */
  framing(theme: string): string[];
  closing(exercise: string, theme: string): string[];
  care: {
    opening: string[];
    /** The painful feelings named back (care.ts nouns, joined), as one sentence. */
    feelings(feelings: string, many: boolean): string;
    safetyFirst: string[];
    selfHarm: string;
    abuse: string;
    hardship: string[];
    practice(exercise: string, description: string): string[];
    notAlone: string[];
    closing: string[];
  };
  plan: {
    lead: Record<PracticeTime, string>;
    focus: string;
    titles: Record<Stage, string>;
    careTitles: Record<Stage, string>;
    /** Tasks of a stage; a stage lasting several days takes them in turn. */
    tasks(stage: Stage, words: TaskWords, reflectMinutes: number): string[];
    careTasks(stage: Stage, words: TaskWords, reflectMinutes: number): string[];
  };
  steps: { beginner: string; advanced: string };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const TEN_DAYS_EN: Record<number, string> = { 5: "five", 7: "seven" };
const TEN_DAYS_ES: Record<number, string> = { 5: "cinco", 7: "siete" };

const en: OraclePhrases = {
  quote: (words) => `“${words}”`,
  and: "and",
  opening: ({ names, manyNames, feelings, manyFeelings }) => {
    if (names && feelings)
      return [
        `What you wrote gathers around ${names}, and what runs underneath it is ${feelings}.`,
        `In your words, ${names} ${manyNames ? "stand" : "stands"} out, and ${manyNames ? "they come" : "it comes"} with ${feelings}.`,
        `You are writing about ${names}; what comes through most clearly is ${feelings}.`,
        `Reading what you wrote, ${names} ${manyNames ? "come" : "comes"} first, and beneath ${manyNames ? "them" : "it"} there is ${feelings}.`,
        `At the centre of what you describe ${manyNames ? "are" : "is"} ${names}, and ${feelings} ${manyFeelings ? "run" : "runs"} through all of it.`,
        `Your challenge takes shape around ${names}, and it carries ${feelings}.`,
      ];
    if (names)
      return [
        `What you wrote gathers around ${names}.`,
        `At the centre of what you describe ${manyNames ? "are" : "is"} ${names}.`,
        `In your words, ${names} ${manyNames ? "stand" : "stands"} out.`,
        `Your challenge takes shape around ${names}.`,
      ];
    if (feelings)
      return [
        `Beneath your words there is ${feelings}.`,
        `The first thing that comes through in what you wrote is ${feelings}.`,
        `What you describe is carried by ${feelings}.`,
        `Reading what you wrote, ${feelings} ${manyFeelings ? "are" : "is"} what stays with me.`,
      ];
    return [
      "You have put something that matters to you into words, and that is already a first step.",
      "Writing a challenge down, as you just did, already gives it a shape you can look at.",
      "You have named what you are facing, and naming it is where any change starts.",
      "A challenge you can describe is one you can begin to work with, and you have described yours.",
    ];
  },
  moodAck: {
    fear: [
      "Fear narrows everything to the next danger, so it makes sense that this feels urgent.",
      "When something frightens us, the mind keeps circling back to it; that is not weakness, it is how worry works.",
      "Feeling unsettled is understandable: fear is a signal that something matters, not proof that the worst will happen.",
    ],
    sadness: [
      "Sadness like this asks for room more than for solutions.",
      "There is real weight in this, and it deserves to be felt rather than hurried.",
      "What hurts here says something about what you care for.",
    ],
    anger: [
      "Anger often marks a line that has been crossed, or a need that has not been heard.",
      "There is energy in that frustration, and it can be pointed somewhere useful.",
      "Feeling this strongly is a sign that something important to you is at stake.",
    ],
    shame: [
      "Shame tends to speak louder than the facts, so it helps to look at it with kinder eyes.",
      "The harshest voice in a situation like this is often your own, and it is not the only one that counts.",
      "Feeling exposed or not good enough is painful, and far more common than it seems from the inside.",
    ],
    confusion: [
      "Not knowing which way to turn is uncomfortable, and it is often the stage just before clarity.",
      "When everything feels tangled, one clear thread is enough to start with.",
      "Uncertainty like this is hard to sit with, and it does not mean you will stay lost.",
    ],
    joy: [
      "There is something alive in this, and it is worth tending.",
      "What lifts you here deserves as much attention as any problem.",
      "It is good to look closely at what is going well, not only at what hurts.",
    ],
    calm: [
      "You describe it with some distance, which is a good place to look from.",
      "The way you put it already shows some clarity about what you are facing.",
      "Looking at it calmly, as you do, leaves room for your own answer to appear.",
      "There is no rush here; you can look at this at your own pace.",
      "Putting it this plainly is a good start: it leaves room to think.",
    ],
  },
  lens: (theme, second) => [
    `One way to look at this is through the theme of ${theme}.`,
    `The theme that fits it best is ${theme}${second ? `, with a thread of ${second}` : ""}.`,
    `Seen as a whole, it belongs to ${theme}${second ? ` and touches on ${second}` : ""}.`,
    `Looked at through ${theme}, a few things come into focus.`,
    `If you hold it up to the light of ${theme}, it reads a little differently.`,
    `Of the lenses available here, ${theme} fits it best${second ? `, followed by ${second}` : ""}.`,
  ],
  question: (question) => [
    `Ask yourself: ${question}`,
    `One question worth sitting with: ${question}`,
    `Keep this question nearby: ${question}`,
    `A question to carry into the coming days: ${question}`,
  ],
  moodQuestion: {
    fear: "What would help you feel a little safer this week, and who could help with it?",
    sadness: "What do you need most right now: company, rest, or room for what you feel?",
    anger: "What need of yours is behind this anger, and how could you say it plainly?",
    shame: "What would you say to a friend who told you the same story?",
    confusion: "If you knew you could change your mind later, what would you try first?",
    joy: "What helps this good thing grow, and how can you give it more room?",
    calm: "What do you already know about this that you have not yet acted on?",
  },
  echo: ({ name, count, total }) => {
    const dreams =
      count >= total ? `each of your last ${total} dreams` : `${count} of your last ${total} dreams`;
    return [
      `Your dreams seem to be working on this too: ${name} has appeared in ${dreams}.`,
      `There is an echo in your dream journal: ${name} turned up in ${dreams}, and it belongs to this same question.`,
      `Something of this has come back at night: ${name} appeared in ${dreams}, perhaps the night side of what you wrote here.`,
      `It is worth noticing that ${name} appeared in ${dreams}: your sleep has been circling the same ground.`,
    ];
  },
  schedule: (minutes, practiceDays, time) => {
    if (practiceDays >= 10) {
      const each: Record<PracticeTime, string> = {
        morning: "each morning",
        afternoon: "each afternoon",
        evening: "each evening",
        night: "each night before sleep",
        flexible: "a day, whenever it suits you",
      };
      return `${minutes} minutes ${each[time]}`;
    }
    const at: Record<PracticeTime, string> = {
      morning: "in the morning",
      afternoon: "in the afternoon",
      evening: "in the evening",
      night: "at night before sleep",
      flexible: "whenever it suits you",
    };
    const days = TEN_DAYS_EN[practiceDays] ?? String(practiceDays);
    return `${minutes} minutes on ${days} of the ten days, ${at[time]}, with short reflection days in between`;
  },
  practice: (exercise, schedule) => [
    `For the next ten days, the practice is ${exercise}: ${schedule}.`,
    `The practice chosen for you is ${exercise}, ${schedule}.`,
    `Over the next ten days you will work with ${exercise}, ${schedule}.`,
    `Your practice for these ten days is ${exercise}: ${schedule}.`,
    `What you can do about it, starting today, is ${exercise}: ${schedule}.`,
  ],
  moodReason: {
    fear: [
      "It steadies you first, before it asks you to look at anything.",
      "It is built to calm the body before the mind goes looking for answers.",
    ],
    sadness: [
      "It is gentle, and it leaves room for what you feel.",
      "It asks little of you and gives your feelings a place to land.",
    ],
    anger: [
      "It gives the strength in that anger somewhere useful to go.",
      "It turns that energy into something you choose, rather than something that happens to you.",
    ],
    shame: [
      "It invites you to look at yourself with kinder eyes.",
      "It helps you answer the inner critic with what is actually true.",
    ],
    confusion: [
      "It helps you find one clear thread before deciding anything.",
      "It sorts what you know from what you fear, one step at a time.",
    ],
    joy: ["It helps what is good take root.", "It keeps what is working in view, so it can grow."],
    calm: [
      "It keeps the question open long enough for your own answer to appear.",
      "It gives you a regular, quiet time to come back to this.",
      "It is simple enough to keep up, and that is what lets an insight grow.",
      "It turns a vague wish into something you can do each day.",
    ],
  },
  framing: (theme) => [
    "None of this predicts what will happen; it is a lens for looking at your situation, and what you do with it stays yours.",
    `Take ${theme} as a lens for reflection, not a forecast: you know your life better than any reading.`,
    "Nothing here is a prediction or a verdict, only a way of looking that you are free to keep or set aside.",
    `This reading does not tell the future; ${theme} is a frame to think with, and you decide what fits.`,
    "Treat it as a mirror rather than a prophecy: the choices ahead remain in your hands.",
    `No sign or symbol decides what happens next; ${theme} is here to help you reflect, nothing more.`,
    "Use this as an invitation to reflect, not as a forecast of how things will turn out.",
    `What you read here is a perspective on ${theme}, not a prediction, and your own judgement comes first.`,
  ],
  closing: (exercise, theme) => [
    `Go gently, and let ${exercise} do its quiet work.`,
    "Take it one day at a time, and write down what you notice.",
    "Whatever these ten days bring, your notes will show you the way.",
    "You already took the first step by writing this down.",
    "Be patient with yourself: change rarely moves in a straight line.",
    "Start small, and let the days add up.",
    "A single honest line in your journal each day is enough.",
    `May these ten days bring you a little more room around ${theme}.`,
    "Come back to this reading on day ten and see what has changed.",
  ],
  care: {
    opening: [
      "What you wrote carries something heavy, and it took courage to put it into words.",
      "Thank you for writing this down; what you describe is painful, and it deserves care before anything else.",
      "This is a lot to carry, and you do not have to make sense of it right now.",
      "What you are going through sounds really hard, and writing it down was a way of reaching out.",
    ],
    feelings: (feelings, many) =>
      many
        ? `The ${feelings} you describe are real, and they deserve attention.`
        : `The ${feelings} you describe is real, and it deserves attention.`,
    safetyFirst: [
      "Before any sign or symbol, what matters most is that you are safe and not alone with this.",
      "This is not a moment for signs or predictions; what matters now is your safety and some support.",
      "No reading weighs more than your safety, so that is where this one starts.",
    ],
    selfHarm:
      "If you are having thoughts of hurting yourself or of not wanting to live, please talk to someone today; you do not have to wait until it gets worse. Free, confidential support is there for you:",
    abuse:
      "Nobody deserves to be hurt, and harm done by someone else is never the fault of the person who receives it. A person you trust, your doctor or a support service for survivors where you live can help you think through your next steps safely.",
    hardship: [
      "When something this painful is happening, lean on the people around you: a friend, someone in your family, your doctor or a counsellor can share some of the weight.",
      "You do not have to face this alone: telling someone you trust how you really are can make it a little lighter, and a counsellor or your doctor can help too.",
    ],
    practice: (exercise, description) => [
      `For now, one gentle practice: ${exercise}. ${description} It asks nothing of you except a few slow minutes.`,
      `One quiet thing you can do today is ${exercise}. ${description} Stop whenever you need to.`,
    ],
    notAlone: [
      "This reading cannot replace the care of a person: someone you trust, a doctor or a counsellor can walk with you through this.",
      "A reading can keep you company for a moment, but people can do much more: let someone you trust, a doctor or a counsellor in.",
    ],
    closing: [
      "Be gentle with yourself today.",
      "You do not have to carry this alone.",
      "Reaching out is a sign of strength, not of weakness.",
      "One small step at a time is enough.",
      "You deserve care and support, today and every day.",
    ],
  },
  plan: {
    lead: {
      morning: "In the morning",
      afternoon: "In the afternoon",
      evening: "In the evening",
      night: "At night, before sleep",
      flexible: "At a time that suits you",
    },
    focus: "the situation you wrote about",
    titles: {
      introduce: "First practice",
      repeat: "Repeat and notice",
      deepen: "Go deeper",
      vary: "Into your day",
      review: "Look back",
      reflection: "Reflection",
    },
    careTitles: {
      introduce: "A gentle start",
      repeat: "Again, gently",
      deepen: "Reach out",
      vary: "Care for your body",
      review: "Look back",
      reflection: "Rest",
    },
    tasks: (stage, { exercise, minutes, lead, focus, question, level }, reflectMinutes) => {
      const when = lowerFirst(lead);
      switch (stage) {
        case "introduce":
          return [
            `${lead}, set aside ${minutes} minutes for ${exercise} and follow the steps as written, without judging how it goes.`,
            `Read the steps of ${exercise} once, then do it ${when} for ${minutes} minutes and write one line about how it felt.`,
            `Begin gently: ${when}, do ${exercise} for ${minutes} minutes, then note your mood before and after in your journal.`,
          ];
        case "repeat":
          return [
            `Do ${exercise} again ${when}; notice one thing that feels easier than the first time.`,
            `Repeat ${exercise} for ${minutes} minutes and write down the step that asked the most of you.`,
            `Practise ${exercise} once more, at the same time as before, so it starts to become a habit.`,
          ];
        case "deepen":
          if (level === "beginner")
            return [
              `Repeat ${exercise}, staying a little longer with the step that felt most useful.`,
              `Do ${exercise} for ${minutes} minutes; if a step felt hard, do only that one, slowly, today.`,
              `Do only the first half of ${exercise} today, slowly, and notice what it brings up.`,
            ];
          if (level === "advanced")
            return [
              `Do ${exercise} with longer holds: stay with each step twice as long before moving on.`,
              `Practise ${exercise} in silence for ${minutes} minutes, then keep still for a few more breaths before you write.`,
              `Repeat ${exercise} and hold the last step several minutes longer than usual.`,
            ];
          return [
            `Do ${exercise} and slow down: take a full breath between each step.`,
            `Repeat ${exercise}, then write a few lines about what it shows you about ${focus}.`,
            `Practise ${exercise} for ${minutes} minutes and, at the end, sit quietly for one more minute before writing.`,
          ];
        case "vary":
          return [
            `Do ${exercise} at a different moment than usual, or right after something touches on ${focus}.`,
            `Bring one step of ${exercise} into a real moment of your day where ${focus} shows up.`,
            `Practise ${exercise}, then write how it changed the way you met ${focus} today.`,
          ];
        case "review":
          return [
            `Do ${exercise} one last time in this cycle, then read your journal from day 1 and write down what has changed.`,
            `Practise ${exercise}, then look back over the ten days: what helped most, and what would you keep?`,
            `Close the cycle with ${exercise}; afterwards, write three lines about where you started and where you are now.`,
          ];
        case "reflection":
          return [
            `A lighter day: take ${reflectMinutes} minutes to write about this question: ${question}`,
            `No full practice today; spend ${reflectMinutes} minutes rereading your notes and answering: ${question}`,
            `Rest from the practice; for ${reflectMinutes} minutes, notice when ${focus} comes up today and write one line about it.`,
            `A short pause: ${reflectMinutes} minutes to note your mood and one thing you have learned about ${focus} so far.`,
            `Take ${reflectMinutes} minutes to write down one small thing that has gone well since you started.`,
          ];
      }
    },
    careTasks: (stage, { exercise, minutes, lead }, reflectMinutes) => {
      switch (stage) {
        case "introduce":
          return [
            `${lead}, or whenever you need it, do ${exercise} for ${minutes} minutes.`,
            `Try ${exercise} once today, for ${minutes} minutes, somewhere you feel safe.`,
          ];
        case "repeat":
          return [
            `Do ${exercise} again, and drink a glass of water afterwards.`,
            `Repeat ${exercise}; if it feels like too much, stop, and that is fine too.`,
          ];
        case "deepen":
          return [
            `Tell one person you trust how you are really doing, then do ${exercise}.`,
            `Do ${exercise}, then write down two people or services you could contact on a hard day.`,
            `Do ${exercise}, then spend a few minutes with someone whose company feels safe, in person or by phone.`,
          ];
        case "vary":
          return [
            `Do ${exercise}, then do one small kind thing for your body: eat something, rest, or step outside.`,
            `Practise ${exercise} at a time of day that is usually hard for you.`,
            `Do ${exercise} outdoors or by an open window, if you can.`,
          ];
        case "review":
          return [
            `Do ${exercise}, then look back: what helped a little, even on the hard days?`,
            `Practise ${exercise} once more and write down who and what supported you these ten days.`,
          ];
        case "reflection":
          return [
            `A rest day: ${reflectMinutes} minutes of something gentle, and a message to someone you trust.`,
            `Rest today; if the heaviness grows, reach out to someone you trust or to a support service.`,
            `A quiet day: ${reflectMinutes} minutes of rest, a walk or music, whatever feels kind.`,
            "Rest today, and write one line about how you are, without judging it.",
            `A gentle pause: drink some water, stretch, and check in with yourself for ${reflectMinutes} minutes.`,
          ];
      }
    },
  },
  steps: {
    beginner: "Keep it simple: if a step feels like too much, skip it and go on.",
    advanced:
      "Then stay with it for a few more minutes in silence, holding your attention on what the last step brought up.",
  },
};

const es: OraclePhrases = {
  quote: (words) => `«${words}»`,
  and: "y",
  opening: ({ names, manyNames, feelings, manyFeelings }) => {
    if (names && feelings)
      return [
        `Lo que escribiste gira en torno a ${names}, y lo que corre por debajo es ${feelings}.`,
        `En tus palabras ${manyNames ? "destacan" : "destaca"} ${names}, y ${manyNames ? "llegan" : "llega"} con ${feelings}.`,
        `Escribes sobre ${names}; lo que más se percibe es ${feelings}.`,
        `Al leerte, ${manyNames ? "aparecen" : "aparece"} primero ${names}, y por debajo ${manyFeelings ? "se notan" : "se nota"} ${feelings}.`,
        `En el centro de lo que describes ${manyNames ? "están" : "está"} ${names}, y en todo ello ${manyFeelings ? "están presentes" : "está presente"} ${feelings}.`,
        `Tu desafío toma forma en torno a ${names}, y trae consigo ${feelings}.`,
      ];
    if (names)
      return [
        `Lo que escribiste gira en torno a ${names}.`,
        `En el centro de lo que describes ${manyNames ? "están" : "está"} ${names}.`,
        `En tus palabras ${manyNames ? "destacan" : "destaca"} ${names}.`,
        `Tu desafío toma forma en torno a ${names}.`,
      ];
    if (feelings)
      return [
        `Debajo de tus palabras ${manyFeelings ? "se notan" : "se nota"} ${feelings}.`,
        `Lo primero que se percibe en lo que escribiste es ${feelings}.`,
        `En lo que describes ${manyFeelings ? "pesan" : "pesa"} ${feelings}.`,
        `Al leerte, lo que más se queda es ${feelings}.`,
      ];
    return [
      "Has puesto en palabras algo que te importa, y eso ya es un primer paso.",
      "Escribir un desafío, como acabas de hacer, ya le da una forma que puedes mirar.",
      "Has nombrado lo que estás enfrentando, y nombrarlo es donde empieza cualquier cambio.",
      "Un desafío que puedes describir es un desafío con el que puedes empezar a trabajar, y has descrito el tuyo.",
    ];
  },
  moodAck: {
    fear: [
      "El miedo lo reduce todo al siguiente peligro, así que es lógico que esto se sienta urgente.",
      "Cuando algo nos asusta, la mente vuelve una y otra vez a ello; no es debilidad, es cómo funciona la preocupación.",
      "Es comprensible sentir inquietud: el miedo avisa de que algo importa, no demuestra que vaya a pasar lo peor.",
    ],
    sadness: [
      "Una tristeza así pide espacio más que soluciones.",
      "Hay un peso real en esto, y merece sentirse en lugar de apresurarse.",
      "Lo que duele aquí dice algo de lo que te importa.",
    ],
    anger: [
      "La rabia suele marcar un límite que se ha cruzado o una necesidad que no se ha escuchado.",
      "Hay energía en esa frustración, y puede dirigirse hacia algo útil.",
      "Sentirlo con tanta fuerza es señal de que está en juego algo importante para ti.",
    ],
    shame: [
      "La vergüenza suele hablar más alto que los hechos, por eso ayuda mirarla con ojos más amables.",
      "La voz más dura en una situación así suele ser la tuya, y no es la única que cuenta.",
      "Sentir que quedas en evidencia o que no das la talla duele, y es mucho más común de lo que parece desde dentro.",
    ],
    confusion: [
      "No saber hacia dónde ir incomoda, y a menudo es la etapa justo antes de la claridad.",
      "Cuando todo parece enredado, basta con un hilo claro para empezar.",
      "Es difícil convivir con una incertidumbre así, y no significa que no vayas a encontrar el camino.",
    ],
    joy: [
      "Hay algo vivo en esto, y vale la pena cuidarlo.",
      "Lo que te eleva aquí merece tanta atención como cualquier problema.",
      "Es bueno mirar con calma lo que va bien, no solo lo que duele.",
    ],
    calm: [
      "Lo describes con cierta distancia, y ese es un buen lugar desde donde mirar.",
      "Tu manera de contarlo ya muestra cierta claridad sobre lo que enfrentas.",
      "Mirarlo con calma, como haces, deja espacio para que aparezca tu propia respuesta.",
      "Aquí no hay prisa; puedes mirarlo a tu ritmo.",
      "Contarlo con esta sencillez es un buen comienzo: deja espacio para pensar.",
    ],
  },
  lens: (theme, second) => [
    `Una forma de mirarlo es a través del tema ${theme}.`,
    `El tema que mejor le encaja es ${theme}${second ? `, con un hilo de ${second}` : ""}.`,
    `Visto en conjunto, pertenece a ${theme}${second ? ` y roza ${second}` : ""}.`,
    `Mirado desde ${theme}, algunas cosas se aclaran.`,
    `Si lo miras a la luz de ${theme}, se lee de otra manera.`,
    `De las lentes posibles, ${theme} es la que mejor le encaja${second ? `, seguida de ${second}` : ""}.`,
  ],
  question: (question) => [
    `Pregúntate: ${question}`,
    `Una pregunta con la que vale la pena quedarse: ${question}`,
    `Ten cerca esta pregunta: ${question}`,
    `Una pregunta para llevar contigo estos días: ${question}`,
  ],
  moodQuestion: {
    fear: "¿Qué te ayudaría a sentirte un poco más a salvo esta semana, y quién podría ayudarte con ello?",
    sadness: "¿Qué necesitas más ahora mismo: compañía, descanso o espacio para lo que sientes?",
    anger: "¿Qué necesidad tuya hay detrás de esta rabia, y cómo podrías decirla con claridad?",
    shame: "¿Qué le dirías a una persona amiga que te contara la misma historia?",
    confusion: "Si supieras que puedes cambiar de opinión más adelante, ¿qué probarías primero?",
    joy: "¿Qué ayuda a que esto bueno crezca, y cómo puedes darle más espacio?",
    calm: "¿Qué sabes ya sobre esto que todavía no has puesto en práctica?",
  },
  echo: ({ name, count, total }) => {
    const dreams =
      count >= total ? `cada uno de tus últimos ${total} sueños` : `${count} de tus últimos ${total} sueños`;
    return [
      `Tus sueños también parecen estar trabajando en esto: ${name} ha aparecido en ${dreams}.`,
      `Hay un eco en tu diario de sueños: ${name} surgió en ${dreams}, y pertenece a esta misma pregunta.`,
      `Algo de esto ha vuelto de noche: ${name} apareció en ${dreams}, quizá la cara nocturna de lo que escribiste aquí.`,
      `Vale la pena notar que ${name} apareció en ${dreams}: tus noches han rondado el mismo terreno.`,
    ];
  },
  schedule: (minutes, practiceDays, time) => {
    if (practiceDays >= 10) {
      const each: Record<PracticeTime, string> = {
        morning: "cada mañana",
        afternoon: "cada tarde",
        evening: "cada día al atardecer",
        night: "cada noche antes de dormir",
        flexible: "al día, cuando mejor te venga",
      };
      return `${minutes} minutos ${each[time]}`;
    }
    const at: Record<PracticeTime, string> = {
      morning: "por la mañana",
      afternoon: "por la tarde",
      evening: "al atardecer",
      night: "por la noche antes de dormir",
      flexible: "cuando mejor te venga",
    };
    const days = TEN_DAYS_ES[practiceDays] ?? String(practiceDays);
    return `${minutes} minutos en ${days} de los diez días, ${at[time]}, con días breves de reflexión entre medias`;
  },
  practice: (exercise, schedule) => [
    `Durante los próximos diez días, la práctica es ${exercise}: ${schedule}.`,
    `La práctica elegida para ti es ${exercise}, ${schedule}.`,
    `En los próximos diez días trabajarás con ${exercise}, ${schedule}.`,
    `Tu práctica para estos diez días es ${exercise}: ${schedule}.`,
    `Lo que puedes hacer, desde hoy, es ${exercise}: ${schedule}.`,
  ],
  moodReason: {
    fear: [
      "Primero te da estabilidad, antes de pedirte que mires nada.",
      "Está pensada para calmar el cuerpo antes de que la mente salga a buscar respuestas.",
    ],
    sadness: [
      "Es suave y deja espacio para lo que sientes.",
      "Te pide poco y le da a lo que sientes un lugar donde posarse.",
    ],
    anger: [
      "Le da a la fuerza de esa rabia un lugar útil adonde ir.",
      "Convierte esa energía en algo que eliges, en lugar de algo que te pasa.",
    ],
    shame: [
      "Te invita a mirarte con ojos más amables.",
      "Te ayuda a responder a la voz crítica con lo que de verdad es cierto.",
    ],
    confusion: [
      "Te ayuda a encontrar un hilo claro antes de decidir nada.",
      "Separa lo que sabes de lo que temes, paso a paso.",
    ],
    joy: ["Ayuda a que lo bueno eche raíces.", "Mantiene a la vista lo que funciona, para que pueda crecer."],
    calm: [
      "Mantiene la pregunta abierta el tiempo suficiente para que aparezca tu propia respuesta.",
      "Te da un momento regular y tranquilo para volver a esto.",
      "Es lo bastante sencilla para mantenerla, y eso es lo que deja crecer una idea.",
      "Convierte un deseo difuso en algo que puedes hacer cada día.",
    ],
  },
  framing: (theme) => [
    "Nada de esto predice lo que va a pasar; es una lente para mirar tu situación, y lo que hagas con ella sigue siendo cosa tuya.",
    `Toma ${theme} como una lente para reflexionar, no como un pronóstico: conoces tu vida mejor que cualquier lectura.`,
    "Nada de lo que lees aquí es una predicción ni un veredicto, solo una manera de mirar que puedes quedarte o dejar a un lado.",
    `Esta lectura no adivina el futuro; ${theme} es un marco para pensar, y tú decides qué encaja.`,
    "Tómalo como un espejo y no como una profecía: las decisiones que vienen siguen en tus manos.",
    `Ningún signo ni símbolo decide lo que pasará; ${theme} está aquí para ayudarte a reflexionar, nada más.`,
    "Úsalo como una invitación a reflexionar, no como un pronóstico de cómo saldrán las cosas.",
    `Lo que lees aquí es una perspectiva sobre ${theme}, no una predicción, y tu propio criterio va primero.`,
  ],
  closing: (exercise, theme) => [
    `Ve con calma, y deja que ${exercise} haga su trabajo silencioso.`,
    "Ve día a día, y anota lo que notes.",
    "Traigan lo que traigan estos diez días, tus notas te mostrarán el camino.",
    "Ya diste el primer paso al escribir esto.",
    "Ten paciencia contigo: el cambio rara vez avanza en línea recta.",
    "Empieza en pequeño y deja que los días se sumen.",
    "Basta con una línea sincera en tu diario cada día.",
    `Que estos diez días te den un poco más de espacio en torno a ${theme}.`,
    "Vuelve a esta lectura el décimo día y mira qué ha cambiado.",
  ],
  care: {
    opening: [
      "Lo que escribiste trae algo pesado, y hace falta valor para ponerlo en palabras.",
      "Gracias por escribir esto; lo que describes duele, y merece cuidado antes que nada.",
      "Es mucho para cargar, y no hace falta que le encuentres sentido ahora.",
      "Lo que estás viviendo suena muy duro, y escribirlo ya fue una forma de pedir apoyo.",
    ],
    feelings: (feelings, many) => {
      const subject = feelings.charAt(0).toUpperCase() + feelings.slice(1);
      return many
        ? `${subject} que describes son reales y merecen atención.`
        : `${subject} que describes es real y merece atención.`;
    },
    safetyFirst: [
      "Antes que cualquier signo o símbolo, lo que más importa es que estés a salvo y no cargues con esto en soledad.",
      "Este no es momento para signos ni predicciones; lo que importa ahora es tu seguridad y contar con apoyo.",
      "Ninguna lectura pesa más que tu seguridad, así que esta empieza por ahí.",
    ],
    selfHarm:
      "Si tienes pensamientos de hacerte daño o de no querer vivir, por favor habla hoy con alguien; no hace falta esperar a que empeore. Hay apoyo gratuito y confidencial para ti:",
    abuse:
      "Nadie merece que le hagan daño, y el daño que causa otra persona nunca es culpa de quien lo recibe. Una persona de confianza, tu médico o un servicio de atención a víctimas donde vives pueden ayudarte a pensar tus próximos pasos con seguridad.",
    hardship: [
      "Cuando ocurre algo tan doloroso, apóyate en las personas que te rodean: una amistad, alguien de tu familia, tu médico o una persona profesional de la psicología pueden compartir parte del peso.",
      "No tienes que enfrentarlo en soledad: contarle a alguien de confianza cómo estás de verdad puede aligerarlo un poco, y tu médico o una persona profesional también pueden ayudarte.",
    ],
    practice: (exercise, description) => [
      `Por ahora, una práctica suave: ${exercise}. ${description} No te pide nada más que unos minutos tranquilos.`,
      `Algo sereno que puedes hacer hoy es ${exercise}. ${description} Para cuando lo necesites.`,
    ],
    notAlone: [
      "Esta lectura no puede sustituir el cuidado de una persona: alguien de confianza, tu médico o una persona profesional pueden acompañarte en esto.",
      "Una lectura puede acompañarte un momento, pero las personas pueden hacer mucho más: deja entrar a alguien de confianza, a tu médico o a una persona profesional.",
    ],
    closing: [
      "Trátate con suavidad hoy.",
      "No tienes que cargar con esto en soledad.",
      "Pedir ayuda es una muestra de fuerza, no de debilidad.",
      "Basta con un paso pequeño cada vez.",
      "Mereces cuidado y apoyo, hoy y todos los días.",
    ],
  },
  plan: {
    lead: {
      morning: "Por la mañana",
      afternoon: "Por la tarde",
      evening: "Al atardecer",
      night: "Por la noche, antes de dormir",
      flexible: "En el momento que mejor te venga",
    },
    focus: "la situación que describiste",
    titles: {
      introduce: "Primera práctica",
      repeat: "Repetir y observar",
      deepen: "Profundizar",
      vary: "Llevarlo a tu día",
      review: "Mirar atrás",
      reflection: "Reflexión",
    },
    careTitles: {
      introduce: "Un comienzo suave",
      repeat: "Otra vez, con calma",
      deepen: "Buscar apoyo",
      vary: "Cuidar el cuerpo",
      review: "Mirar atrás",
      reflection: "Descanso",
    },
    tasks: (stage, { exercise, minutes, lead, focus, question, level }, reflectMinutes) => {
      const when = lowerFirst(lead);
      switch (stage) {
        case "introduce":
          return [
            `${lead}, reserva ${minutes} minutos para ${exercise} y sigue los pasos tal como están, sin juzgar cómo sale.`,
            `Lee una vez los pasos de ${exercise}; después hazlo ${when} durante ${minutes} minutos y escribe una línea sobre cómo te sentó.`,
            `Empieza con suavidad: ${when}, haz ${exercise} durante ${minutes} minutos y anota en tu diario tu ánimo antes y después.`,
          ];
        case "repeat":
          return [
            `Haz de nuevo ${exercise} ${when}; fíjate en algo que te resulte más fácil que la primera vez.`,
            `Repite ${exercise} durante ${minutes} minutos y anota el paso que más te costó.`,
            `Practica ${exercise} una vez más, a la misma hora que antes, para que empiece a volverse un hábito.`,
          ];
        case "deepen":
          if (level === "beginner")
            return [
              `Repite ${exercise} y quédate un poco más en el paso que te resultó más útil.`,
              `Haz ${exercise} durante ${minutes} minutos; si algún paso te costó, hoy haz solo ese, despacio.`,
              `Haz hoy solo la primera mitad de ${exercise}, despacio, y fíjate en lo que te despierta.`,
            ];
          if (level === "advanced")
            return [
              `Haz ${exercise} con pausas más largas: quédate en cada paso el doble de tiempo antes de seguir.`,
              `Practica ${exercise} en silencio durante ${minutes} minutos y quédate en quietud unas respiraciones más antes de escribir.`,
              `Repite ${exercise} y sostén el último paso varios minutos más de lo habitual.`,
            ];
          return [
            `Haz ${exercise} sin prisa: respira hondo entre un paso y otro.`,
            `Repite ${exercise} y escribe unas líneas sobre lo que te muestra de ${focus}.`,
            `Practica ${exercise} durante ${minutes} minutos y, al terminar, quédate un minuto más en calma antes de escribir.`,
          ];
        case "vary":
          return [
            `Haz ${exercise} en un momento distinto del habitual, o justo después de algo que toque ${focus}.`,
            `Lleva un paso de ${exercise} a un momento real de tu día en el que aparezca ${focus}.`,
            `Practica ${exercise} y escribe cómo cambió tu manera de vivir hoy ${focus}.`,
          ];
        case "review":
          return [
            `Haz ${exercise} por última vez en este ciclo; después lee tu diario desde el día 1 y anota qué ha cambiado.`,
            `Practica ${exercise} y mira atrás estos diez días: ¿qué te ayudó más y qué te quedarías?`,
            `Cierra el ciclo con ${exercise}; después escribe tres líneas sobre dónde empezaste y dónde estás ahora.`,
          ];
        case "reflection":
          return [
            `Un día más ligero: dedica ${reflectMinutes} minutos a escribir sobre esta pregunta: ${question}`,
            `Hoy toca un día sin práctica completa; dedica ${reflectMinutes} minutos a releer tus notas y responder: ${question}`,
            `Descansa de la práctica; durante ${reflectMinutes} minutos, fíjate en cuándo aparece hoy ${focus} y escribe una línea sobre ello.`,
            `Una pausa breve: ${reflectMinutes} minutos para anotar tu ánimo y algo que hayas aprendido hasta ahora sobre ${focus}.`,
            `Dedica ${reflectMinutes} minutos a anotar una cosa pequeña que haya ido bien desde que empezaste.`,
          ];
      }
    },
    careTasks: (stage, { exercise, minutes, lead }, reflectMinutes) => {
      switch (stage) {
        case "introduce":
          return [
            `${lead}, o cuando lo necesites, haz ${exercise} durante ${minutes} minutos.`,
            `Prueba ${exercise} una vez hoy, durante ${minutes} minutos, en un lugar donde te sientas a salvo.`,
          ];
        case "repeat":
          return [
            `Haz ${exercise} otra vez y bebe un vaso de agua después.`,
            `Repite ${exercise}; si se te hace demasiado, para, y eso también está bien.`,
          ];
        case "deepen":
          return [
            `Cuéntale a una persona de confianza cómo estás de verdad y después haz ${exercise}.`,
            `Haz ${exercise} y después anota dos personas o servicios a los que podrías acudir en un día difícil.`,
            `Haz ${exercise} y después pasa unos minutos con alguien cuya compañía te haga bien, en persona o por teléfono.`,
          ];
        case "vary":
          return [
            `Haz ${exercise} y después regálale algo amable a tu cuerpo: come algo, descansa o sal un momento afuera.`,
            `Practica ${exercise} en un momento del día que suele costarte.`,
            `Haz ${exercise} al aire libre o junto a una ventana abierta, si puedes.`,
          ];
        case "review":
          return [
            `Haz ${exercise} y mira atrás: ¿qué te ayudó un poco, incluso en los días difíciles?`,
            `Practica ${exercise} una vez más y anota quién y qué te sostuvo estos diez días.`,
          ];
        case "reflection":
          return [
            `Un día de descanso: ${reflectMinutes} minutos de algo suave y un mensaje a alguien de confianza.`,
            "Descansa hoy; si el peso crece, acude a alguien de confianza o a un servicio de apoyo.",
            `Un día tranquilo: ${reflectMinutes} minutos de descanso, un paseo o música, lo que te siente bien.`,
            "Descansa hoy y escribe una línea sobre cómo estás, sin juzgarla.",
            `Una pausa suave: bebe agua, estírate y date ${reflectMinutes} minutos para ver cómo estás.`,
          ];
      }
    },
  },
  steps: {
    beginner: "Hazlo sencillo: si un paso te resulta demasiado, sáltalo y sigue.",
    advanced: "Después quédate unos minutos más en silencio, con la atención en lo que trajo el último paso.",
  },
};

export const ORACLE_PHRASES: Record<Language, OraclePhrases> = { en, es };

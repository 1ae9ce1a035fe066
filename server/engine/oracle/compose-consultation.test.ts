import { describe, expect, it } from "vitest";
import { oracleReadingSchema, practiceFrequencies } from "../../../contract/oracle";
import { EMOTION_KINDS, SUPPORT_CONTACTS } from "../../../contract/reading";
import { createEngine } from "../index";
import type { Language } from "../morphology";
import { lintReading } from "../reading/grammar";
import { analyseDream } from "../reading/index";
import { offVoice } from "../reading/lexicon-voice";
import { type ConsultationInput, composeConsultation } from "./index";
import { RELATED_KEYS } from "./library";

const engine = createEngine();

/** Challenges as people write them, for the composer's tests (invented; no real person's text). */
const CHALLENGES: Record<Language, string[]> = {
  en: [
    "I feel stuck at work. My boss criticises everything I do and I'm anxious every Sunday night thinking about Monday.",
    "Since my father died last year I can't stop crying and I feel lost, like there's no road ahead for me.",
    "I want to start painting again but I keep postponing it, and I feel guilty about wasting my creative energy.",
    "My relationship with my sister has been tense for months and every family dinner ends in an argument.",
    "I have an important exam next month and every time I sit down to study I freeze and feel ashamed of myself.",
    "I moved to a new city three months ago and I feel very lonely; I don't know anyone and I miss my friends.",
    "I keep saying yes to everyone and I have no time for myself. I am exhausted and a bit resentful.",
    "I am trying to decide whether to leave my job and go back to university, and I keep changing my mind.",
    "My teenage son barely talks to me anymore and I worry that I am losing the connection we had.",
    "I feel angry all the time lately, at my partner, at traffic, at myself, and I don't know where it comes from.",
    "I have been dating someone new and I am happy, but part of me keeps waiting for it to go wrong.",
    "Money is very tight this year and the debt keeps me awake at night; I feel ashamed to tell anyone.",
    "I want to meditate every day but I never manage more than two days in a row before I give up.",
    "After my divorce I don't recognise myself anymore. I don't know what I like or who I want to be.",
    "My mother is getting older and I feel torn between caring for her and living my own life.",
    "I keep comparing myself with my friends on social media and I always feel like I am behind.",
    "I am afraid of speaking in public and next week I have to present my project to the whole team.",
    "I lost my job two weeks ago and I feel like a failure, even though everyone says it was not my fault.",
    "I want to feel more connected to something bigger than me, but prayer and church never worked for me.",
    "I cannot sleep well; my mind races at night with a hundred small worries about tomorrow.",
    "My best friend betrayed my trust by telling others a secret I shared, and I don't know whether to forgive her.",
    "I feel numb most days, going through the motions at work and at home without feeling much at all.",
    "I am starting my own small business and I am excited but also terrified of failing in front of everyone.",
    "I have a hard time saying no to my parents, who still want to decide everything about my life.",
    "There is so much noise in my life that I have forgotten what I actually want for myself.",
  ],
  es: [
    "Siento que mi relación de pareja se está apagando y me da miedo hablar con él porque siempre terminamos discutiendo.",
    "Tengo un examen muy importante el mes que viene y cada vez que me siento a estudiar me bloqueo y me da vergüenza.",
    "Me mudé a otra ciudad hace tres meses y me siento muy sola, no conozco a nadie y extraño a mi familia.",
    "Mi abuela murió el año pasado y todavía la extraño cada día, no consigo aceptar que ya no está.",
    "Me siento atrapada en un trabajo que odio y no tengo el valor de dejarlo por miedo a no tener dinero.",
    "Quiero volver a escribir, pero cada vez que me siento frente a la hoja en blanco me paralizo.",
    "Mi jefe me grita delante de mis compañeros y salgo de la oficina con rabia y con ganas de llorar.",
    "No sé qué carrera elegir y siento que todos esperan que tome una decisión ya.",
    "Discuto todo el tiempo con mi hermano por la herencia de nuestros padres y me duele mucho.",
    "Desde que nació mi hija casi no duermo y siento que ya no tengo tiempo para mí.",
    "Me cuesta mucho poner límites a mis amigas y al final siempre hago lo que ellas quieren.",
    "Tengo mucha ansiedad por el futuro, por el dinero y por la salud de mis padres.",
    "Estoy feliz porque me voy a casar, pero tengo miedo de perder mi libertad.",
    "Siento que repito los mismos errores en todas mis relaciones y no entiendo por qué.",
    "Perdí mi trabajo hace un mes y me siento inútil, aunque sé que no fue culpa mía.",
    "Quiero cuidar más mi cuerpo, comer mejor y hacer ejercicio, pero siempre lo dejo para mañana.",
    "Me comparo todo el tiempo con otras personas en las redes y me siento menos que ellas.",
    "Mi madre está enferma y tengo que cuidarla, y a veces siento culpa por estar cansada.",
    "Me gustaría sentir más paz interior; vivo con prisa y nunca me detengo a respirar.",
    "Hace años que no hablo con mi padre y no sé si debería buscarlo antes de que sea tarde.",
    "En el trabajo siento que nadie valora lo que hago y estoy perdiendo la motivación.",
    "Tengo miedo de conducir desde que tuve un accidente de coche el invierno pasado.",
    "Me siento desconectada de mí misma, como si viviera en piloto automático.",
    "Quiero dejar de fumar, lo he intentado muchas veces y siempre vuelvo a caer.",
    "Mi mejor amiga se fue a vivir a otro país y siento un vacío enorme desde que se marchó.",
  ],
};

type Profile = ConsultationInput["profile"];

const PROFILE: Profile = {
  sunSign: null,
  moonSign: null,
  ascendantSign: null,
  experienceLevel: "intermediate",
  dailyPracticeMinutes: 15,
  practiceFrequency: "daily",
  preferredPracticeTime: "morning",
  currentChallenges: null,
  spiritualGoals: null,
};

interface Options {
  profile?: Partial<Profile>;
  recentSymbolCounts?: Record<string, number>;
  recentDreamCount?: number;
}

/** The reading the server would compose: the engine's matches and analysis over the challenge. */
function consult(challenge: string, options: Options = {}) {
  const { symbols, language: detected } = engine.match(challenge);
  const language: Language = detected === "es" ? "es" : "en";
  return composeConsultation({
    challenge,
    language,
    analysis: analyseDream(challenge, symbols, engine.data, language),
    lexicon: engine.data,
    profile: { ...PROFILE, ...options.profile },
    recentSymbolCounts: options.recentSymbolCounts ?? {},
    recentDreamCount: options.recentDreamCount ?? 12,
  });
}

function techniqueOf(id: string, language: Language) {
  const [key, index] = id.split(":");
  return engine.data.themes.find((theme) => theme.key === key)?.[language].techniques[Number(index)];
}

/** Sentences as a reader meets them: split at . ! ? and line breaks; short headings left out. */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…])["”»)]*\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 25);
}

const ALL = (["en", "es"] as const).flatMap((language) =>
  CHALLENGES[language].map((challenge) => ({ language, challenge })),
);

const DARK = [
  "I am terrified that I will fail again and everyone will see how ashamed I am of myself.",
  "Estoy muy triste y enfadada desde que mi pareja me dejó, no paro de llorar por las noches.",
  "I feel furious at my brother for what he said, and I cannot stop shaking with anger.",
];

describe("composeConsultation", () => {
  it("reads a Spanish challenge in Spanish, naming its symbols and feelings with the lexicon's Spanish names", () => {
    const reading = consult(
      "Mi jefe me grita delante de mis compañeros y salgo de la oficina con rabia y con ganas de llorar.",
    );
    expect(reading.language).toBe("es");
    expect(reading.symbols.map((symbol) => symbol.name)).toEqual(expect.arrayContaining(["Jefe", "Oficina"]));
    const message = reading.message.join("\n");
    expect(message).toContain("«jefe»");
    expect(message).toContain("la rabia");
    expect(message).not.toMatch(/\b(?:the|you|your)\b/);
    expect(reading.themes[0]?.name).toBe("Trabajo y propósito");
    expect(reading.plan[0]?.title).toBe("Primera práctica");
  });

  it("writes well-formed readings in one voice, with no gendered word for the reader in Spanish", () => {
    for (const { language, challenge } of ALL) {
      const reading = consult(challenge);
      expect(oracleReadingSchema.safeParse(reading).success).toBe(true);
      expect(reading.message.length).toBeGreaterThanOrEqual(2);
      expect(reading.message.length).toBeLessThanOrEqual(4);
      const text = [...reading.message, reading.closing, ...reading.plan.map((day) => day.task)].join("\n");
      expect(lintReading(text, language), challenge).toEqual([]);
      for (const sentence of sentencesOf(text)) expect(offVoice(sentence, language), sentence).toBe(false);
      expect(text).not.toMatch(/undefined|null|\{|\}/);
    }
  });

  it("always gives at least one theme, at most three, and the practice comes from one of them", () => {
    for (const { language, challenge } of ALL) {
      const reading = consult(challenge);
      expect(reading.themes.length).toBeGreaterThanOrEqual(1);
      expect(reading.themes.length).toBeLessThanOrEqual(3);
      const [themeKey] = reading.exercise.id.split(":");
      expect(reading.themes.map((theme) => theme.key)).toContain(themeKey);
      expect(techniqueOf(reading.exercise.id, language)?.name).toBe(reading.exercise.name);
    }
  });

  it("finds themes for a waking-life challenge the dream engine has none for", () => {
    const reading = consult(
      "I have been dating someone new and I am happy, but part of me is afraid of losing her.",
    );
    expect(reading.themes.map((theme) => theme.key)).toContain("love_union");
  });

  it("sizes the plan by how often the person can practise", () => {
    const expected = { daily: [10, 0], "most-days": [7, 3], "few-days": [5, 5] } as const;
    for (const frequency of practiceFrequencies) {
      const { plan } = consult(CHALLENGES.en[0] as string, { profile: { practiceFrequency: frequency } });
      const practice = plan.filter((day) => day.kind === "practice");
      const reflection = plan.filter((day) => day.kind === "reflection");
      expect([practice.length, reflection.length]).toEqual(expected[frequency]);
      expect(plan.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(plan[0]?.kind).toBe("practice");
      expect(plan[9]?.kind).toBe("practice");
      // Evenly spread: never three reflection days in a row.
      expect(plan.map((day) => day.kind[0]).join("")).not.toContain("rrr");
      for (const day of reflection) expect(day.minutes).toBeLessThan(15);
      for (const day of practice) expect(day.minutes).toBe(15);
    }
  });

  it("moves the practice on from day to day and names the preferred time", () => {
    const { plan } = consult(CHALLENGES.en[5] as string, { profile: { preferredPracticeTime: "evening" } });
    expect(new Set(plan.map((day) => day.task)).size).toBe(10);
    expect(plan[0]?.task.toLowerCase()).toContain("in the evening");
    expect(plan[9]?.title).toBe("Look back");
    const spanish = consult(CHALLENGES.es[2] as string, { profile: { preferredPracticeTime: "night" } });
    expect(spanish.plan[0]?.task.toLowerCase()).toContain("por la noche");
  });

  it("answers a crisis with a care reading: support lines, a grounding practice, no signs", () => {
    const crisis = [
      "I have been thinking about killing myself lately and I don't know who to talk to about it anymore.",
      "A veces pienso en quitarme la vida, no le veo sentido a nada y no sé a quién pedir ayuda.",
    ];
    for (const challenge of crisis) {
      const reading = consult(challenge, {
        profile: { sunSign: "aries", dailyPracticeMinutes: 60 },
        recentSymbolCounts: { killing: 3 },
      });
      const message = reading.message.join("\n");
      for (const contact of SUPPORT_CONTACTS) expect(message).toContain(contact.phone);
      expect(reading.signsNote).toBeNull();
      expect(reading.dreamEchoes).toEqual([]);
      expect(techniqueOf(reading.exercise.id, reading.language)?.playful).not.toBe(true);
      expect(reading.exercise.minutes).toBeLessThanOrEqual(15);
      expect(reading.themes.map((theme) => theme.key)).not.toContain("celebration_joy");
    }
  });

  it("reads abuse told as waking life as care, saying it is not the person's fault", () => {
    const english = consult(
      "My partner hits me when he drinks and I am scared to leave because of the kids and the money.",
    );
    expect(english.message.join(" ")).toContain("never the fault of the person who receives it");
    expect(english.signsNote).toBeNull();
    const spanish = consult(
      "Mi pareja me pega cuando bebe y tengo miedo de irme por los niños y por el dinero.",
    );
    expect(spanish.message.join(" ")).toContain("nunca es culpa de quien lo recibe");
    // Only the act, not an idiom: "it hit me that" is no abuse.
    const idiom = consult(
      "It hit me that I have spent ten years in a job I never chose, and I feel lost about what comes next.",
    );
    expect(idiom.message.join(" ")).not.toContain("never the fault");
  });

  it("never offers a playful practice for a dark challenge, nor one for the dead without a death", () => {
    for (const challenge of DARK) {
      const technique = techniqueOf(
        consult(challenge).exercise.id,
        challenge.includes("pareja") ? "es" : "en",
      );
      expect(technique?.playful, challenge).not.toBe(true);
      expect(technique?.bereavement, challenge).not.toBe(true);
    }
    for (const { language, challenge } of ALL) {
      const technique = techniqueOf(consult(challenge).exercise.id, language);
      if (!/died|murió|fallec/.test(challenge)) expect(technique?.bereavement, challenge).not.toBe(true);
    }
  });

  it("echoes only recurring dream symbols that bear on the challenge, and names the strongest", () => {
    const reading = consult(CHALLENGES.en[0] as string, {
      recentSymbolCounts: { boss: 3, office: 1, ocean: 6, computer: 2 },
      recentDreamCount: 12,
    });
    // office appeared once; the ocean is unrelated to work; the computer belongs to the work theme.
    expect(reading.dreamEchoes).toEqual([
      { key: "boss", name: "Boss", count: 3 },
      { key: "computer", name: "Computer", count: 2 },
    ]);
    expect(reading.echoNote).toMatch(
      /“boss” (?:has appeared|turned up|appeared) in 3 of your last 12 dreams/,
    );
    // The message itself never draws on the journal: a shared reading leaves echoNote out and stays clean.
    expect(reading.message.join(" ")).not.toContain("dreams");
    const none = consult(CHALLENGES.en[0] as string, { recentSymbolCounts: { ocean: 6 } });
    expect(none.dreamEchoes).toEqual([]);
    expect(none.echoNote).toBeNull();
  });

  it("offers the signs as a lens tied to the theme, only when the profile has them", () => {
    const challenge = CHALLENGES.es[1] as string;
    expect(consult(challenge).signsNote).toBeNull();
    const note = consult(challenge, { profile: { sunSign: "scorpio", moonSign: "gemini" } }).signsNote ?? "";
    expect(note).toContain("Escorpio (agua, fijo)");
    expect(note).toContain("luna en Géminis (aire)");
    expect(note).toContain("«Rendimiento y juicio»");
    expect(note).toMatch(/no como (?:pronóstico|una predicción)/);
    expect(sentencesOf(note)).toHaveLength(1);
  });

  it("fits the exercise to the profile: minutes clamped, beginners shorter, advanced longer", () => {
    const challenge = CHALLENGES.en[4] as string;
    const beginner = consult(challenge, {
      profile: { experienceLevel: "beginner", dailyPracticeMinutes: 120 },
    });
    const advanced = consult(challenge, {
      profile: { experienceLevel: "advanced", dailyPracticeMinutes: 120 },
    });
    expect(beginner.exercise.id).toBe(advanced.exercise.id);
    expect(beginner.exercise.minutes).toBe(60);
    expect(beginner.exercise.instructions.length).toBeLessThanOrEqual(5);
    expect(advanced.exercise.instructions.length).toBeGreaterThan(beginner.exercise.instructions.length - 1);
    expect(advanced.exercise.instructions.at(-1)).toMatch(/few more minutes in silence/);
    for (const step of advanced.exercise.instructions) expect(step).not.toMatch(/^\d+\./);
    expect(beginner.plan.map((day) => day.task).join(" ")).not.toBe(
      advanced.plan.map((day) => day.task).join(" "),
    );
  });

  it("is deterministic: the same challenge and profile give the same reading", () => {
    for (const { challenge } of ALL.slice(0, 10)) expect(consult(challenge)).toEqual(consult(challenge));
  });

  it("varies across challenges: no sentence appears in more than a fifth of fifty readings", () => {
    const counts = new Map<string, number>();
    ALL.forEach(({ challenge }, index) => {
      const reading = consult(challenge, {
        profile: {
          practiceFrequency: practiceFrequencies[index % 3],
          dailyPracticeMinutes: [10, 15, 20, 30][index % 4],
          sunSign: index % 2 === 0 ? "leo" : null,
        },
      });
      const text = [
        ...reading.message,
        reading.signsNote ?? "",
        reading.closing,
        ...reading.plan.map((day) => day.task),
      ].join("\n");
      for (const sentence of new Set(sentencesOf(text)))
        counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
    });
    const common = [...counts].filter(([, count]) => count > ALL.length * 0.2);
    expect(common).toEqual([]);
  });

  it("finds themes only through keys the lexicon knows", () => {
    const known = new Set<string>([...engine.data.symbols.map((symbol) => symbol.key), ...EMOTION_KINDS]);
    const themes = new Set(engine.data.themes.map((theme) => theme.key));
    for (const [theme, keys] of Object.entries(RELATED_KEYS)) {
      expect(themes.has(theme), theme).toBe(true);
      for (const key of keys) expect(known.has(key), `${theme}: ${key}`).toBe(true);
    }
  });
});

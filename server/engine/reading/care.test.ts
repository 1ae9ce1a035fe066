import { describe, expect, it } from "vitest";
import { CARE_KINDS, type CareKind, READING_LENGTH, SUPPORT_CONTACTS } from "../../../contract/reading";
import type { Language } from "../morphology";
import { composeCare } from "./care";
import { checkModelReading } from "./check-model-reading";
import { analyseEmotions } from "./emotion";
import { lintReading } from "./grammar";
import { detectSafety } from "./safety";
import type { DreamAnalysis } from "./types";

function analysisOf(text: string, language: Language, kinds?: CareKind[]): DreamAnalysis {
  return {
    text,
    language,
    matches: [],
    roles: { roles: new Map(), wakingRemarks: [], saysRecurring: false },
    emotions: analyseEmotions(text, language),
    safety: kinds ? { kinds, evidence: {}, violence: false } : detectSafety(text, language),
    salience: { ranked: [], central: [] },
    themes: [],
  };
}

const care = (text: string, language: Language, options: { premium?: boolean; names?: string[] } = {}) =>
  composeCare({
    analysis: analysisOf(text, language),
    language,
    premium: options.premium ?? false,
    names: options.names ?? [],
  });

const NOT_A_PREDICTION = { en: /not a prediction/i, es: /no es una predicción/i };
const PLAYFUL = {
  en: /wish to end|end something|\bjoy|celebrat|\bplay|\bfun\b|laughter|exciting|adventure|\bgift|transformation is coming|rebirth/i,
  es: /deseo de (?:terminar|acabar)|alegr|celebr|jueg|jug|divert|risa|emocionante|aventura|regalo|renac|transformaci/i,
};

const DREAMS: Record<CareKind, Record<Language, string>> = {
  self_harm: {
    en: "I was on a high balcony and decided to kill myself; the wind was cold.",
    es: "Estaba en un balcón muy alto y pensaba en quitarme la vida; hacía frío.",
  },
  sexual_violence: {
    en: "A man I knew from work raped me in a dark office.",
    es: "Un compañero del trabajo me violaba en una oficina oscura.",
  },
  child_harm: {
    en: "Someone kidnapped my daughter from the beach while I slept.",
    es: "Alguien secuestraba a mi hija en la playa mientras yo dormía.",
  },
  hanging_strangling: {
    en: "A tall figure was strangling me in the hallway of my old school.",
    es: "Una figura alta me estrangulaba en el pasillo de mi vieja escuela.",
  },
  pregnancy_loss: {
    en: "I was pregnant and had a miscarriage in the middle of the street.",
    es: "Estaba embarazada y tenía un aborto espontáneo en mitad de la calle.",
  },
  death_of_living: {
    en: "My husband died in a train crash and I could not reach him.",
    es: "Mi esposo se murió en un choque de tren y no podía llegar hasta él.",
  },
};

const LANGUAGES: Language[] = ["en", "es"];

describe("composeCare: the care reading for each kind, in both languages", () => {
  for (const kind of CARE_KINDS) {
    for (const language of LANGUAGES) {
      it(`${kind} (${language}): calm, not a prediction, within its lengths`, () => {
        const dream = DREAMS[kind][language];
        expect(detectSafety(dream, language).kinds).toContain(kind);
        const free = care(dream, language, { names: ["water", "house"] });
        const premium = care(dream, language, { premium: true, names: ["water", "house"] });
        for (const text of [free.text, premium.text, free.short]) {
          expect(text).toMatch(NOT_A_PREDICTION[language]);
          expect(text).not.toMatch(PLAYFUL[language]);
        }
        expect(free.text.length).toBeGreaterThanOrEqual(READING_LENGTH.free.min);
        expect(free.text.length).toBeLessThanOrEqual(READING_LENGTH.free.max);
        expect(premium.text.length).toBeGreaterThan(free.text.length);
        expect(premium.text.length).toBeLessThanOrEqual(READING_LENGTH.premium.max);
        expect(free.short.length).toBeLessThanOrEqual(READING_LENGTH.short.max);
      });
    }
  }

  it("passes the checks a model's reading must pass: its language, no prediction, no diagnosis, plain text", () => {
    for (const kind of CARE_KINDS) {
      for (const language of LANGUAGES) {
        for (const premium of [false, true]) {
          const { text } = care(DREAMS[kind][language], language, { premium, names: ["river"] });
          const band = premium ? READING_LENGTH.premium : READING_LENGTH.free;
          const check = checkModelReading(text, {
            language,
            band,
            allowedNames: ["river"],
            otherLexiconNames: [],
            sourceText: DREAMS[kind][language],
          });
          expect(check.problems).toEqual([]);
          expect(lintReading(text, language)).toEqual([]);
        }
      }
    }
  });
});

describe("composeCare: support contacts only for self-harm", () => {
  it.each(
    LANGUAGES,
  )("%s: all four countries, their localised names and numbers, and the emergency line", (language) => {
    const { text, short } = care(DREAMS.self_harm[language], language);
    for (const contact of SUPPORT_CONTACTS) {
      expect(text).toContain(contact.country[language]);
      expect(text).toContain(contact.name[language]);
      expect(text).toContain(contact.phone);
      expect(short).toContain(contact.phone);
    }
    expect(text).toMatch(
      language === "en"
        ? /in danger now, call your local emergency number/
        : /en peligro ahora, llama al número de emergencias/,
    );
  });

  it.each(LANGUAGES)("%s: no support numbers when there is no self-harm", (language) => {
    for (const kind of CARE_KINDS.filter((other) => other !== "self_harm")) {
      const { text, short } = care(DREAMS[kind][language], language);
      for (const contact of SUPPORT_CONTACTS) {
        expect(text).not.toContain(contact.phone);
        expect(short).not.toContain(contact.phone);
      }
    }
  });

  it.each(
    LANGUAGES,
  )("%s: sexual violence and harm to children say the dreamer is not to blame", (language) => {
    const blame = language === "en" ? /not to blame/ : /No tienes la culpa/;
    for (const kind of ["sexual_violence", "child_harm"] as const) {
      const { text, short } = care(DREAMS[kind][language], language);
      expect(text).toMatch(blame);
      expect(short).toMatch(blame);
      expect(text).toMatch(language === "en" ? /support is available/ : /hay apoyo disponible/);
    }
    expect(care(DREAMS.death_of_living[language], language).text).not.toMatch(blame);
  });
});

describe("composeCare: every mix of kinds stays within its bands", () => {
  // All 63 non-empty combinations: a dream can hold several kinds at once.
  const combinations = Array.from({ length: 2 ** CARE_KINDS.length - 1 }, (_, mask) =>
    CARE_KINDS.filter((_, bit) => ((mask + 1) >> bit) & 1),
  );
  it.each(LANGUAGES)("%s", (language) => {
    for (const kinds of combinations) {
      for (const premium of [false, true]) {
        const analysis = analysisOf("A dream I would rather not remember.", language, kinds);
        const { text, short } = composeCare({ analysis, language, premium, names: ["mirror", "stairs"] });
        const band = premium ? READING_LENGTH.premium : READING_LENGTH.free;
        expect(text.length).toBeGreaterThanOrEqual(band.min);
        expect(text.length).toBeLessThanOrEqual(band.max);
        expect(short.length).toBeLessThanOrEqual(READING_LENGTH.short.max);
        expect(short).toMatch(NOT_A_PREDICTION[language]);
        expect(text.includes("988")).toBe(kinds.includes("self_harm"));
        expect(short.includes("988") && short.includes("024")).toBe(kinds.includes("self_harm"));
      }
    }
  });
});

describe("composeCare: the dream's own images and feelings, gently", () => {
  it("names the central images as parts of the dreamer's inner life, and leaves out light ones", () => {
    const { text } = care(DREAMS.death_of_living.en, "en", { names: ["train", "Party", "station"] });
    expect(text).toContain("“train” and “station”");
    expect(text).not.toContain("Party");
    const es = care(DREAMS.death_of_living.es, "es", { names: ["tren", "Juego", "hija"] }).text;
    expect(es).toContain("«tren» e «hija»");
    expect(es).not.toContain("Juego");
  });

  it("names back only the painful feelings the dream carried", () => {
    const en = care("My mother died in my arms and I was terrified and so ashamed.", "en").text;
    expect(en).toMatch(/The fear and shame you felt in it are real/);
    const es = care("Soñé que mi papá se moría y yo sentía mucha tristeza.", "es").text;
    expect(es).toMatch(/La tristeza que sentiste en él es real/);
  });

  it("is the same for the same dream, and varies its opening between dreams", () => {
    expect(care(DREAMS.hanging_strangling.en, "en")).toEqual(care(DREAMS.hanging_strangling.en, "en"));
    const openings = new Set(
      CARE_KINDS.flatMap((kind) =>
        LANGUAGES.map((language) => care(DREAMS[kind][language], language).short.split(".")[0]),
      ),
    );
    expect(openings.size).toBeGreaterThanOrEqual(3);
  });
});

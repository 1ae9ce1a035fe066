import { describe, expect, it } from "vitest";
import { checkModelReading, type ModelReadingRules } from "./check-model-reading";

// Long enough for a test band, in each language, naming only the symbols of the dream below.
const EN_READING =
  "You were walking along the river when a tiger came out of the trees, and you stood still. The tiger is your own strength, the river the flow of your feelings. Breathe slowly and write down what you felt.";
const ES_READING =
  "Caminabas junto al río cuando salió un tigre de entre los árboles, y te detuviste. El tigre es tu propia fuerza y el río, el curso de tus emociones. Respira despacio y escribe lo que sentiste.";

const rules = (overrides: Partial<ModelReadingRules> = {}): ModelReadingRules => ({
  language: "en",
  band: { min: 100, max: 400 },
  allowedNames: ["Tiger", "River", "Tree"],
  otherLexiconNames: ["Wolf", "Snake", "Swimming pool", "Mother", "Té"],
  sourceText: "I walked by a river and a tiger came out of the trees.",
  ...overrides,
});
const esRules = (overrides: Partial<ModelReadingRules> = {}) =>
  rules({
    language: "es",
    allowedNames: ["Tigre", "Río", "Árbol"],
    otherLexiconNames: ["Lobo", "Serpiente", "Madre", "Té"],
    sourceText: "Caminaba junto a un río y salió un tigre de los árboles.",
    ...overrides,
  });

describe("checking a model's reading", () => {
  it("accepts a reading in the dream's language, in band, naming only the dream's symbols", () => {
    expect(checkModelReading(EN_READING, rules())).toEqual({ ok: true, problems: [] });
    expect(checkModelReading(ES_READING, esRules())).toEqual({ ok: true, problems: [] });
  });

  it("rejects a reading in the other language", () => {
    expect(checkModelReading(ES_READING, rules()).problems).toEqual(["language: es instead of en"]);
    expect(checkModelReading(EN_READING, esRules()).problems).toEqual(["language: en instead of es"]);
  });

  it("rejects a reading shorter or longer than the band", () => {
    expect(checkModelReading(EN_READING, rules({ band: { min: 800, max: 2500 } })).problems[0]).toMatch(
      /^length: \d+ outside 800-2500$/,
    );
    expect(checkModelReading(EN_READING, rules({ band: { min: 1, max: 150 } })).ok).toBe(false);
  });

  it("rejects a symbol the dream did not show, in the singular or plural, in either language", () => {
    expect(checkModelReading(`${EN_READING} The wolf at the edge is your hunger.`, rules()).problems).toEqual(
      ["unrecognised symbol: wolf"],
    );
    expect(checkModelReading(`${EN_READING} Snakes wait in the grass.`, rules()).problems).toEqual([
      "unrecognised symbol: snake",
    ]);
    expect(checkModelReading(`${ES_READING} Los lobos te rodean.`, esRules()).problems).toEqual([
      "unrecognised symbol: lobo",
    ]);
    expect(checkModelReading(`${EN_READING} Like a swimming pool, it is calm.`, rules()).problems).toEqual([
      "unrecognised symbol: swimming pool",
    ]);
  });

  it("lets the reading repeat any word the dreamer wrote, and tells 'té' (tea) from 'te' (you)", () => {
    const dreamSaysWolf = rules({ sourceText: "A tiger and something like a wolf came out of the trees." });
    expect(checkModelReading(`${EN_READING} The wolf is only half seen.`, dreamSaysWolf).ok).toBe(true);
    expect(checkModelReading(ES_READING, esRules()).problems).not.toContain("unrecognised symbol: té");
    expect(checkModelReading(`${ES_READING} Una taza de té te espera.`, esRules()).problems).toEqual([
      "unrecognised symbol: té",
    ]);
  });

  it("rejects predictions, but not the sentence that says dreams do not predict", () => {
    expect(checkModelReading(`${EN_READING} Soon you will meet someone new.`, rules()).problems).toEqual([
      "prediction: you will meet",
    ]);
    expect(checkModelReading(`${EN_READING} This dream foretells a change.`, rules()).problems).toEqual([
      "prediction: foretells",
    ]);
    expect(
      checkModelReading(`${ES_READING} Este sueño anuncia que vas a perder algo.`, esRules()).problems,
    ).toEqual(["prediction: anuncia que", "prediction: vas a perder"]);
    expect(checkModelReading(`${EN_READING} Dreams do not predict what will happen.`, rules()).ok).toBe(true);
    expect(checkModelReading(`${ES_READING} Un sueño no predice lo que va a pasar.`, esRules()).ok).toBe(
      true,
    );
  });

  it("rejects certainty about the future in both languages, but not its denial", () => {
    expect(checkModelReading(`${EN_READING} This will surely work out.`, rules()).problems).toEqual([
      "prediction: will surely",
    ]);
    expect(checkModelReading(`${EN_READING} You are destined to lead.`, rules()).problems).toEqual([
      "prediction: are destined to",
    ]);
    expect(checkModelReading(`${ES_READING} Sin duda vas a lograrlo.`, esRules()).problems).toEqual([
      "prediction: sin duda vas a",
    ]);
    expect(checkModelReading(`${ES_READING} Estás destinada a brillar.`, esRules()).problems).toEqual([
      "prediction: estas destinada a",
    ]);
    expect(checkModelReading(`${EN_READING} You are not destined to fail.`, rules()).ok).toBe(true);
  });

  it("rejects medical and diagnostic claims in both languages, with or without accents", () => {
    expect(
      checkModelReading(`${EN_READING} You have anxiety and may need medication.`, rules()).problems,
    ).toEqual(["medical: you have anxiety", "medical: medication"]);
    expect(checkModelReading(`${EN_READING} These are signs of depression.`, rules()).ok).toBe(false);
    expect(checkModelReading(`${ES_READING} Tienes depresión, es un trastorno.`, esRules()).problems).toEqual(
      ["medical: tienes depresion", "medical: trastorno"],
    );
    expect(checkModelReading(`${ES_READING} Es un diagnostico claro.`, esRules()).problems).toEqual([
      "medical: diagnostico",
    ]);
  });

  it("rejects a reading that speaks of the reader in the third person", () => {
    expect(checkModelReading(`${EN_READING} The dreamer is ready.`, rules()).problems).toEqual([
      "third person: the dreamer",
    ]);
    expect(checkModelReading(`${ES_READING} El soñante está listo.`, esRules()).problems).toEqual([
      "third person: el sonante",
    ]);
  });

  it("rejects markdown headings, bold and HTML", () => {
    for (const marked of [
      `## Your dream\n${EN_READING}`,
      `**Tiger**: ${EN_READING}`,
      `<p>${EN_READING}</p>`,
    ]) {
      expect(checkModelReading(marked, rules()).problems).toContain("markup");
    }
  });

  // Its speed is part of `npm run bench:engine`'s budget, not asserted here.
  it("checks a 5,000-character reading against a lexicon of 800 names, finding one that was not recognised", () => {
    const long = `${EN_READING} `.repeat(24).slice(0, 4980);
    const names = Array.from({ length: 800 }, (_, index) => `Image${index}`);
    const clean = rules({ band: { min: 1, max: 5000 }, otherLexiconNames: names });
    expect(checkModelReading(long, clean).problems).toEqual([]);
    expect(checkModelReading(`${long} Image799.`, clean).problems).toEqual(["unrecognised symbol: image799"]);
  });
});

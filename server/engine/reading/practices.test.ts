import { describe, expect, it } from "vitest";
import { loadLexiconData } from "../lexicon/load";
import type { Theme } from "../lexicon/schema";
import type { Language } from "../morphology";
import { analyseEmotions } from "./emotion";
import { choosePractice, moodOf } from "./practices";

const themes = loadLexiconData().themes;
const themeByKey = (key: string): Theme => {
  const found = themes.find((theme) => theme.key === key);
  if (!found) throw new Error(`no theme ${key}`);
  return found;
};

const playfulNames = new Set(
  themes.flatMap((theme) =>
    (["en", "es"] as const).flatMap((language) =>
      theme[language].techniques.filter((t) => t.playful).map((t) => t.name),
    ),
  ),
);
const SEEDS = Array.from({ length: 12 }, (_, i) => i * 7919);

function practiceFor(
  text: string,
  language: Language,
  themeKeys: string[],
  options: { premium?: boolean; care?: boolean; seed?: number } = {},
) {
  return choosePractice({
    themes: themeKeys.map(themeByKey),
    emotions: analyseEmotions(text, language),
    premium: options.premium ?? false,
    care: options.care ?? false,
    language,
    seed: options.seed ?? 0,
  });
}

describe("choosePractice", () => {
  it("marks the play appointment as playful (the data says so)", () => {
    expect(playfulNames).toContain("Play Appointment");
  });

  it.each([
    ["en", "I was terrified, the children in the school were screaming and I could not find mine."],
    ["es", "Estaba aterrada, los niños de la escuela gritaban y no encontraba a los míos."],
    ["en", "I felt so sad, I was crying in my grandmother's old house."],
  ] as const)("never offers a playful practice for a dark dream (%s)", (language, text) => {
    for (const seed of SEEDS) {
      for (const premium of [false, true]) {
        const practice = practiceFor(text, language, ["inner_child", "celebration_joy"], { premium, seed });
        expect(playfulNames).not.toContain(practice.name);
        expect(practice.name).not.toMatch(/Title and Soundtrack|Título y banda sonora/);
      }
    }
  });

  it("keeps the top theme's technique when it suits the mood", () => {
    const text = "A man was chasing me and I was so scared.";
    expect(practiceFor(text, "en", ["fear_pursuit"]).name).toBe("Name the Chaser");
    expect(practiceFor(text, "en", ["fear_pursuit"], { premium: true }).name).toBe("Turning to Face It");
    const joyful = "We played in the park and I was so happy.";
    expect(practiceFor(joyful, "en", ["inner_child"]).name).toBe("Play Appointment");
  });

  it("writes to someone who has died only when the dream says someone has", () => {
    const text = "I was crying at my grandmother's funeral, so sad.";
    const letters = ["Letter Across the Threshold", "Memory Anchor"];
    expect(letters).not.toContain(practiceFor(text, "en", ["loss_grief"], { premium: true }).name);
    const bereaved = choosePractice({
      themes: [themeByKey("loss_grief")],
      emotions: analyseEmotions(text, "en"),
      premium: true,
      care: false,
      language: "en",
      seed: 0,
      bereaved: true,
    });
    expect(bereaved.name).toBe("Letter Across the Threshold");
  });

  it("offers a practice for the mood when the theme's technique does not suit it", () => {
    const fearful = practiceFor("Soñé que me caía y estaba aterrada.", "es", ["celebration_joy"]);
    expect(fearful.instructions).toMatch(/^1\. /);
    expect(["Reescribe el final", "Anclaje 5-4-3-2-1", "Respiración lenta"]).toContain(
      practiceFor("Soñé que me caía y estaba aterrada.", "es", [], { seed: 0 }).name,
    );
    expect(fearful.name).not.toMatch(/Savouring|Práctica de saborear|Joy Jar|Frasco/);
  });

  it("has a practice for every mood family in both languages, with numbered steps", () => {
    const dreams: [string, string][] = [
      ["I was terrified.", "Estaba aterrada."],
      ["I was crying, so sad.", "Lloraba, muy triste."],
      ["I was furious.", "Estaba furiosa."],
      ["I felt ashamed.", "Sentía vergüenza."],
      ["I was so happy.", "Estaba muy feliz."],
      ["Everything was calm.", "Todo estaba en calma."],
      ["I was confused.", "Estaba confundida."],
      ["I walked to the shop.", "Caminé hasta la tienda."],
    ];
    const moods = new Set<string>();
    for (const [en, es] of dreams) {
      moods.add(moodOf(analyseEmotions(en, "en")));
      for (const [text, language] of [
        [en, "en"],
        [es, "es"],
      ] as const) {
        const practice = practiceFor(text, language, []);
        expect(practice.name.length).toBeGreaterThan(0);
        expect(practice.description.length).toBeGreaterThan(0);
        expect(practice.instructions).toMatch(/^1\. .+ 2\. /);
      }
    }
    expect([...moods].sort()).toEqual(["anger", "calm", "confusion", "fear", "joy", "sadness", "shame"]);
  });

  it("offers the practice in the dream's language", () => {
    const en = practiceFor("I was terrified.", "en", [], { seed: 3 });
    const es = practiceFor("Estaba aterrada.", "es", [], { seed: 3 });
    expect(en.name).not.toBe(es.name);
    expect(es.instructions).toMatch(/\b(tu|te|tus)\b|[áéíóúñ]/);
  });

  it("picks the same practice for the same seed, and different seeds reach different practices", () => {
    const text = "Estaba aterrada.";
    expect(practiceFor(text, "es", [], { seed: 42 })).toEqual(practiceFor(text, "es", [], { seed: 42 }));
    const names = new Set(SEEDS.map((seed) => practiceFor(text, "es", [], { seed }).name));
    expect(names.size).toBeGreaterThan(1);
  });

  it("gives a care reading only calm, gentle practices, never the theme's technique", () => {
    const calmNames = [
      "Grounding 5-4-3-2-1",
      "Slow Breathing",
      "Tell Someone You Trust",
      "Write It Down and Set It Aside",
      "Anclaje 5-4-3-2-1",
      "Respiración lenta",
      "Cuéntaselo a alguien de confianza",
      "Escríbelo y déjalo a un lado",
    ];
    for (const seed of SEEDS) {
      for (const [text, language] of [
        ["We laughed at the party, I was so happy, and then my baby was gone.", "en"],
        ["Estaba feliz en la fiesta y de pronto mi bebé ya no estaba.", "es"],
        ["I was terrified.", "en"],
      ] as const) {
        const practice = practiceFor(text, language, ["celebration_joy", "inner_child"], {
          care: true,
          seed,
        });
        expect(calmNames).toContain(practice.name);
      }
    }
  });

  it.each([
    ["en", "We sat in the old kitchen and talked.", "Walk Back Into the Place", "Ask the Animal"],
    [
      "es",
      "Estábamos en la cocina vieja y hablábamos.",
      "Vuelve a entrar en el lugar",
      "Pregúntale al animal",
    ],
  ] as const)("chooses by what the dream found and spreads the choice across dreams (%s)", (language, text, forPlace, forAnimal) => {
    const chosen = (seed: number, kind: string) =>
      choosePractice({
        themes: [],
        emotions: analyseEmotions(text, language),
        premium: false,
        care: false,
        language,
        seed,
        kind,
        role: "agent",
      }).name;
    const seeds = Array.from({ length: 60 }, (_, i) => i * 104729);
    const forPlaces = seeds.map((seed) => chosen(seed, "place"));
    // A place at the centre is often met by the practice made for a place, never by the one for an animal.
    expect(forPlaces.filter((name) => name === forPlace).length).toBeGreaterThanOrEqual(seeds.length / 4);
    expect(forPlaces).not.toContain(forAnimal);
    expect(seeds.map((seed) => chosen(seed, "animal"))).toContain(forAnimal);
    // No one practice closes most readings.
    const counts = new Map<string, number>();
    for (const name of forPlaces) counts.set(name, (counts.get(name) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(4);
    expect(Math.max(...counts.values())).toBeLessThan(seeds.length / 2);
  });

  it("speaks to a Spanish reader without guessing their gender", () => {
    const practice = practiceFor("Me perdí en la ciudad y estaba confundida.", "es", ["lost_searching"]);
    const text = `${practice.description} ${practice.instructions}`;
    expect(text).not.toMatch(/\b(?:segur|list|cansad|tranquil)[oa]\b|\bsol[oa] o sol[oa]\b/);
  });
});

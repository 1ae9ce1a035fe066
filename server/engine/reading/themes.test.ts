import { describe, expect, it } from "vitest";
import { createEngine } from "../index";
import type { Theme } from "../lexicon/schema";
import type { Language } from "../morphology";
import { analyseEmotions } from "./emotion";
import { selectThemes } from "./themes";

const engine = createEngine();

function themesOf(text: string, language: Language): string[] {
  const keys = new Set(engine.match(text, { language }).symbols.map((symbol) => symbol.key));
  const emotions = analyseEmotions(text, language);
  return selectThemes(keys, text, language, emotions, engine.data.themes).map((theme) => theme.key);
}

describe("selectThemes: a theme needs its cue, not only its symbols", () => {
  it.each([
    ["en", "My partner and my friend were having coffee in the kitchen."],
    ["es", "Mi novio y mi amiga tomaban café en la cocina."],
  ] as const)("betrayal does not fire without deceit or jealousy (%s)", (language, text) => {
    expect(themesOf(text, language)).not.toContain("betrayal_trust");
  });

  it.each([
    ["en", "My partner was cheating on me with my best friend."],
    ["en", "My partner and my friend were laughing together and I felt so jealous."],
    ["es", "Mi novio me engañaba con mi mejor amiga."],
    ["es", "Mi novio y mi amiga se reían juntos y yo sentía muchos celos."],
  ] as const)("betrayal fires with deceit or jealousy (%s: %s)", (language, text) => {
    expect(themesOf(text, language)).toContain("betrayal_trust");
  });

  it.each([
    ["en", "I was running in the park at night and saw a wolf in the darkness."],
    ["es", "Corría por el parque de noche y vi un lobo en la oscuridad."],
  ] as const)("pursuit does not fire without a pursuer (%s)", (language, text) => {
    expect(themesOf(text, language)).not.toContain("fear_pursuit");
  });

  it.each([
    ["en", "A wolf was chasing me in the darkness and I kept running."],
    ["en", "In the darkness a wolf was following me, so I started running."],
    ["es", "Un lobo me perseguía en la oscuridad y yo corría."],
    ["es", "En la oscuridad un lobo corría detrás de mí."],
  ] as const)("pursuit fires with a pursuer (%s: %s)", (language, text) => {
    expect(themesOf(text, language)).toContain("fear_pursuit");
  });

  it("a calm swim is not emotional overwhelm; drowning is", () => {
    expect(themesOf("I was swimming in the ocean and the water was warm.", "en")).not.toContain(
      "emotional_overwhelm",
    );
    expect(themesOf("I was drowning in the ocean, the water pulled me under.", "en")).toContain(
      "emotional_overwhelm",
    );
    expect(themesOf("Nadaba en el mar y el agua estaba tibia.", "es")).not.toContain("emotional_overwhelm");
    expect(themesOf("Me ahogaba en el mar, el agua me arrastraba.", "es")).toContain("emotional_overwhelm");
  });

  it("a party is a celebration only when it feels like one", () => {
    expect(themesOf("We were at a party dancing and laughing with friends.", "en")).toContain(
      "celebration_joy",
    );
    expect(themesOf("Estábamos en una fiesta bailando, muy felices.", "es")).toContain("celebration_joy");
    expect(
      themesOf("We were at a party dancing, but I felt terrified and everyone was staring.", "en"),
    ).not.toContain("celebration_joy");
  });

  it("a train and a clock press for time only when the dreamer is late or hurried", () => {
    expect(themesOf("I was late for the train and the clock kept moving.", "en")).toContain("time_pressure");
    expect(themesOf("Llegaba tarde al tren y el reloj avanzaba.", "es")).toContain("time_pressure");
    expect(
      themesOf("I was at the station looking at the train and the clock on the wall.", "en"),
    ).not.toContain("time_pressure");
    expect(themesOf("Estaba en la estación mirando el tren y el reloj de la pared.", "es")).not.toContain(
      "time_pressure",
    );
  });
});

describe("selectThemes: order", () => {
  const theme = (key: string, symbolKeys: string[], cues?: Theme["cues"]): Theme => {
    const side = { name: key, description: key, insights: [], techniques: [] };
    return { key, category: "test", symbolKeys, en: side, es: side, ...(cues ? { cues } : {}) };
  };
  const calm = analyseEmotions("", "en");
  const themes = [
    theme("b_two", ["a", "b", "x"]),
    theme("a_two", ["a", "b", "y"]),
    theme("three", ["a", "b", "c"]),
    theme("one", ["a"]),
    theme("cued", ["a", "b"], { en: ["jealous*"], es: ["celos*"], feelings: ["anger"] }),
  ];
  const keys = new Set(["a", "b", "c"]);

  it("keeps themes with at least two of their symbols (one when they have one), most hits first, then by key", () => {
    expect(selectThemes(keys, "", "en", calm, themes).map((t) => t.key)).toEqual([
      "three",
      "a_two",
      "b_two",
      "one",
    ]);
  });

  it("lets a cued theme in through a cue word or one of its feelings", () => {
    const byWord = selectThemes(keys, "She was jealous.", "en", calm, themes).map((t) => t.key);
    expect(byWord).toContain("cued");
    const angry = analyseEmotions("Estaba furiosa.", "es");
    expect(selectThemes(keys, "Estaba furiosa.", "es", angry, themes).map((t) => t.key)).toContain("cued");
  });
});

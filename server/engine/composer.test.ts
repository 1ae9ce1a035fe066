import { describe, expect, it } from "vitest";
import { compose } from "./composer";
import { createEngine } from "./index";

const engine = createEngine();
const read = (text: string, options: Partial<Parameters<typeof compose>[2]> = {}) =>
  compose(engine.match(text).symbols, engine.data, {
    language: "en",
    premium: false,
    ultraSimplified: false,
    ...options,
  });

describe("translation composer", () => {
  const dream = "A snake chased me through my grandmother's house until I reached the river.";

  it("frames the dream in the Universal Language of the Mind and explains each symbol", () => {
    const { text } = read(dream);
    expect(text).toContain("Universal Language of the Mind");
    expect(text).toContain("Soul guidance");
    const snake = engine.data.symbols.find((entry) => entry.key === "snake");
    expect(text).toContain(snake?.en.description);
    expect(text).not.toContain(snake?.en.deeperInsight);
  });

  it("writes in Spanish for Spanish dreams", () => {
    const { text } = read("Una serpiente me perseguía por la casa de mi abuela hasta el río.", {
      language: "es",
    });
    expect(text).toContain("Lenguaje Universal de la Mente");
    expect(text).toContain("Guía del alma");
    expect(text).not.toContain("Soul guidance");
  });

  it("adds deeper insights for premium, and is short when ultra-simplified", () => {
    const premium = read(dream, { premium: true }).text;
    const snake = engine.data.symbols.find((entry) => entry.key === "snake");
    expect(premium).toContain(snake?.en.deeperInsight);
    const short = read(dream, { ultraSimplified: true }).text;
    expect(short.length).toBeLessThan(read(dream).text.length / 2);
    expect(short).toContain("In short");
  });

  it("speaks to the dream's category and invites more detail when nothing is recognised", () => {
    expect(read(dream, { category: "nightmare" }).text).toContain("A nightmare is not a punishment");
    expect(read("Blorp zenith quibble mumble.").text).toContain("did not match any symbol");
  });

  it("gives the same text for the same dream", () => {
    expect(read(dream, { premium: true })).toEqual(read(dream, { premium: true }));
  });
});

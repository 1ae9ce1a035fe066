import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEngine } from "../../engine/index";
import type { Language } from "../../engine/morphology";
import { analyseDream } from "../../engine/reading/index";
import type { DreamAnalysis, DreamerHistory } from "../../engine/reading/types";
import { startFakeChatServer } from "../../test/fake-chat-server";
import { createChatWriter, type ProseRequest } from "./chat-writer";

const engine = createEngine();
const analysisOf = (text: string, language: Language): DreamAnalysis =>
  analyseDream(text, engine.match(text).symbols, engine.data, language);

const EN_DREAM = "A tiger chased me through the forest and bit my arm. I was terrified and woke up crying.";
const ES_DREAM =
  "Soñé que un perro negro me perseguía por la calle de mi infancia. Tenía muchísimo miedo y no podía gritar. Al final llegaba a la casa de mi abuela y cerraba la puerta.";

const HISTORY: DreamerHistory = {
  dreamCount: 30,
  recentCount: 12,
  recentSymbolCounts: { tiger: 4, forest: 1 },
  personalMeanings: { tiger: "My father's temper when I was small." },
  similarDream: {
    title: "The orange cat",
    createdAt: "2026-03-14T07:30:00.000Z",
    sharedKeys: ["tiger", "chase"],
  },
};

const en = (overrides: Partial<ProseRequest> = {}): ProseRequest => ({
  analysis: analysisOf(EN_DREAM, "en"),
  lexicon: engine.data,
  history: HISTORY,
  category: "nightmare",
  premium: false,
  ultraSimplified: false,
  ...overrides,
});

const es = (overrides: Partial<ProseRequest> = {}): ProseRequest => ({
  analysis: analysisOf(ES_DREAM, "es"),
  lexicon: engine.data,
  names: { grandparent: "Abuela" },
  history: null,
  category: null,
  premium: false,
  ultraSimplified: false,
  ...overrides,
});

// What a model following the brief might write: the dream's own images only, in band, second person.
const EN_GOOD =
  "A tiger chased you through the forest, caught your arm, and you woke up crying. The dream moves from flight to contact, and that moment of contact is where its message lives. " +
  "The tiger is a raw, powerful part of you: your own force, passion or anger, kept at a distance for a long time. Being chased by it says that this strength is asking to be met rather than escaped; being bitten shows how close it already is. " +
  "The forest is the wild, less charted ground of your inner life, where things grow without asking your permission. Your arm is how you reach out and act in the world, and the tiger takes hold of exactly that. " +
  "Read together, these images say that something strong in you wants a part in what you do, and that you have been holding it back. The fear you felt is real and deserves respect: it shows how much is at stake. " +
  "Soul guidance: in your imagination, turn around and look at the tiger without running. Ask it what it wants from you, and listen without judging the answer. " +
  "A practice for this week: each evening, breathe slowly for a minute, then write in a notebook one moment of the day when you held back your strength, and what you would have done if you had let it act.";
const ES_GOOD =
  "Un perro negro te perseguía por la calle de tu infancia, el miedo no te dejaba gritar y al final llegabas a la casa de tu abuela y cerrabas la puerta. El sueño va del peligro al refugio. " +
  "El perro es una parte instintiva y leal de ti; al perseguirte, muestra un impulso propio que pide ser visto y que has vivido como una amenaza. Que sea negro habla de algo que todavía guardas sin mirar. " +
  "La calle de tu infancia señala que ese impulso viene de muy atrás, de lo que aprendiste en tus primeros años. La casa de tu abuela es tu refugio interior: la parte de ti que sabe cuidar y proteger. " +
  "Juntos, estos símbolos dicen que tu miedo busca un lugar seguro, y que ese lugar ya existe en ti. No hace falta huir para estar a salvo. " +
  "Guía del alma: puedes detenerte, abrir la puerta desde dentro y mirar al perro con calma, preguntándole qué necesita de ti. " +
  "Práctica: esta semana, cada noche, siéntate en la cama, respira despacio con una mano en el corazón y escribe en un cuaderno qué impulso tuyo dejaste fuera hoy y cómo podrías darle un lugar en tu casa interior.";

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
beforeAll(async () => {
  chat = await startFakeChatServer(EN_GOOD);
});
afterAll(async () => {
  await chat.close();
});
beforeEach(() => {
  chat.state.mode = "ok";
  chat.state.reply = EN_GOOD;
});

const writer = () =>
  createChatWriter({ baseUrl: chat.baseUrl, apiKey: "sk-local", model: "llama3", timeoutMs: 1000 });

/** The JSON brief the model received in its user message. */
function sentBrief() {
  const content = chat.state.last?.body.messages.at(-1)?.content ?? "";
  return JSON.parse(content) as Record<string, unknown> & {
    central: Array<Record<string, unknown>>;
    feelings: Array<Record<string, unknown>>;
    themes: string[];
    instructions: string[];
  };
}

describe("the model's reading, briefed and checked", () => {
  it("sends the dream's structure: central symbols with roles, feelings, history and the length band", async () => {
    expect(await writer().write(en())).toBe(EN_GOOD);
    expect(chat.state.last?.headers.authorization).toBe("Bearer sk-local");
    expect(chat.state.last?.body.model).toBe("llama3");
    const brief = sentBrief();
    expect(brief).toMatchObject({
      language: "en",
      dream: EN_DREAM,
      category: "nightmare",
      nightmare: true,
      band: { min: 800, max: 2500 },
      history: {
        dreamsBefore: 30,
        recurringImages: ["Tiger: 4 of your last 12 dreams"],
        personalMeanings: { Tiger: "My father's temper when I was small." },
        similarDream: { title: "The orange cat", date: "2026-03-14", shared: ["Tiger", "Being chased"] },
      },
    });
    expect(brief.feelings[0]).toEqual({ kind: "fear", intensity: 3, words: ["terrified"] });
    expect(brief.themes).toContain("Fear and Pursuit");
    expect(brief.central).toContainEqual(
      expect.objectContaining({
        name: "Tiger",
        role: "target",
        words: ["tiger"],
        meaning: expect.any(String),
      }),
    );
    expect(brief.otherSymbols).toEqual(expect.arrayContaining(["Arm"]));
    expect(brief.instructions.join(" ")).toMatch(/"you"/);
    expect(brief.instructions.at(-1)).toBe("Length: between 1060 and 2250 characters.");
  });

  it("briefs a Spanish dream in Spanish, with the dreamer's own words for the symbols", async () => {
    chat.state.reply = ES_GOOD;
    expect(await writer().write(es())).toBe(ES_GOOD);
    const brief = sentBrief();
    expect(brief).toMatchObject({ language: "es", history: null, band: { min: 800, max: 2500 } });
    expect(brief.central).toContainEqual(expect.objectContaining({ name: "Abuela", own: true }));
    expect(brief.central).toContainEqual(expect.objectContaining({ name: "Perro", role: "target" }));
    expect(brief.instructions.join(" ")).toMatch(/"tú"/);
    expect(chat.state.last?.body.messages[0]?.content).toMatch(/^Escribes lecturas de sueños/);
  });

  it("asks for the premium length with deeper insight, and for the short version's length", async () => {
    await writer().write(en({ premium: true }));
    expect(sentBrief()).toMatchObject({ band: { min: 800, max: 5000 } });
    expect(sentBrief().central[0]).toHaveProperty("insight");

    const short =
      "A tiger chased you through the forest: your own strength wants to be met, not escaped. Breathe and face it.";
    chat.state.reply = short;
    expect(await writer().write(en({ ultraSimplified: true }))).toBe(short);
    expect(sentBrief()).toMatchObject({ band: { min: 1, max: 400 } });
    expect(chat.state.last?.body.max_tokens).toBe(200);
  });

  it.each([
    ["in the wrong language", () => ES_GOOD],
    ["too long", () => `${EN_GOOD} ${EN_GOOD} ${EN_GOOD}`],
    ["too short", () => "The tiger is your strength."],
    ["naming a symbol the dream did not show", () => `${EN_GOOD} The wolf beside the tiger is your hunger.`],
    ["predicting", () => `${EN_GOOD} This dream is a sign that you will meet a powerful person soon.`],
    ["diagnosing", () => `${EN_GOOD} You have anxiety, and medication may help.`],
    ["speaking of the dreamer in the third person", () => `${EN_GOOD} The dreamer is ready.`],
    ["with markdown headings", () => `## Your dream\n\n${EN_GOOD}`],
  ])("rejects an answer %s (null, the composer's reading stands)", async (_, answer) => {
    chat.state.reply = answer();
    expect(await writer().write(en())).toBeNull();
  });

  it("rejects a Spanish answer that predicts or diagnoses", async () => {
    for (const bad of [`${ES_GOOD} Pronto vas a conocer a alguien.`, `${ES_GOOD} Tienes depresión.`]) {
      chat.state.reply = bad;
      expect(await writer().write(es())).toBeNull();
    }
  });

  it("gives up (null) on errors, empty or cut-off answers and answers slower than the timeout", async () => {
    const impatient = createChatWriter({
      baseUrl: chat.baseUrl,
      apiKey: undefined,
      model: "m",
      timeoutMs: 300,
    });
    for (const failing of ["error", "empty", "cut", "slow"] as const) {
      chat.state.mode = failing;
      expect(await impatient.write(en())).toBeNull();
    }
  });

  it("never calls the model for a dream that needs the care template, or one with no symbol", async () => {
    const before = chat.state.calls;
    // As the safety layer reports sensitive content.
    const sensitive = {
      ...analysisOf(EN_DREAM, "en"),
      safety: { kinds: ["child_harm" as const], evidence: {}, violence: false },
    };
    expect(await writer().write(en({ analysis: sensitive }))).toBeNull();
    const empty = analysisOf("Nothing I could hold on to.", "en");
    expect(empty.matches).toEqual([]);
    expect(await writer().write(en({ analysis: empty }))).toBeNull();
    expect(chat.state.calls).toBe(before);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEngine } from "../../engine/index";
import { composeConsultation } from "../../engine/oracle/index";
import { analyseDream } from "../../engine/reading/index";
import { startFakeChatServer } from "../../test/fake-chat-server";
import { createChatWriter } from "./chat-writer";

const engine = createEngine();
const CHALLENGE =
  "Discuto todo el tiempo con mi hermano por la herencia de nuestros padres y me duele mucho.";
const reading = composeConsultation({
  challenge: CHALLENGE,
  language: "es",
  analysis: analyseDream(CHALLENGE, engine.match(CHALLENGE).symbols, engine.data, "es"),
  lexicon: engine.data,
  profile: {
    sunSign: "leo",
    moonSign: null,
    ascendantSign: null,
    experienceLevel: "intermediate",
    dailyPracticeMinutes: 15,
    practiceFrequency: "daily",
    preferredPracticeTime: "morning",
    currentChallenges: null,
    spiritualGoals: null,
  },
  recentSymbolCounts: {},
  recentDreamCount: 0,
});
const request = {
  language: reading.language,
  challenge: CHALLENGE,
  message: reading.message,
  themes: reading.themes.map((theme) => theme.name),
  exercise: reading.exercise.name,
  symbols: reading.symbols,
  lexicon: engine.data,
};

/** What a model following the brief might write: the same three paragraphs, in other words. */
const PARAGRAPHS = [
  "Hablas de tu padre, de tu hermano y de la herencia, y de cuánto te duele discutir una y otra vez. Mirarlo con calma ya te deja espacio para encontrar tu propia respuesta.",
  "Desde el tema del hogar y la familia, puedes quedarte con lo que te nutre de tus orígenes y soltar con cariño lo que ya no te encaja. Honrar tus raíces no te impide elegir tu propio camino. Pregúntate estos días: ¿qué sabes ya sobre esto que todavía no has puesto en práctica?",
  `Tu práctica para los próximos diez días es «${reading.exercise.name}», un rato cada mañana. Convierte un deseo difuso en algo que puedes hacer cada día. Esto es una forma de mirar, no una predicción, y tu propio criterio va primero.`,
];

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
beforeAll(async () => {
  chat = await startFakeChatServer("");
});
afterAll(async () => {
  await chat.close();
});
beforeEach(() => {
  chat.state.reply = PARAGRAPHS.join("\n\n");
});

const writer = () =>
  createChatWriter({ baseUrl: chat.baseUrl, apiKey: undefined, model: "llama3", timeoutMs: 1000 });

describe("the oracle's message, briefed and checked", () => {
  it("briefs a Spanish message in Spanish, near the composer's length, and answers the model's paragraphs", async () => {
    expect(await writer().phraseConsultation(request)).toEqual(PARAGRAPHS);
    const length = reading.message.join("\n\n").length;
    const brief = JSON.parse(chat.state.last?.body.messages.at(-1)?.content ?? "{}");
    expect(brief).toMatchObject({
      language: "es",
      challenge: CHALLENGE,
      message: reading.message,
      exercise: reading.exercise.name,
      symbols: reading.symbols.map((symbol) => symbol.name),
      band: { min: Math.round(length * 0.6), max: Math.round(length * 1.5) },
    });
    expect(brief.instructions.join(" ")).toMatch(/"tú".*en 3 párrafos/);
    expect(chat.state.last?.body.messages[0]?.content).toMatch(/^Eres la voz de un oráculo/);
  });

  it("refuses an answer broken into more paragraphs than the message has, plus one", async () => {
    chat.state.reply = PARAGRAPHS.flatMap((paragraph) => paragraph.split(/(?<=\.) /)).join("\n\n");
    expect(await writer().phraseConsultation(request)).toBeNull();
  });
});

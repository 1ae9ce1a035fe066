import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Consultation } from "../../../contract/oracle";
import { startFakeChatServer } from "../../test/fake-chat-server";
import { createTestApp, type TestApp, type TestBrowser } from "../../test/harness";
import { CHALLENGE, consult, oracleUser } from "./oracle-test-kit";

/** What a model following the brief might write for CHALLENGE: second person, only its images, the practice named. */
const modelMessage = (exercise: string) =>
  [
    "Right now you stand between your sister and your mother, and the old house by the sea, with two strong feelings pulling at you: anger and guilt. That they are so strong tells you how much this matters to you.",
    "Seen through Home and Family, the conflict changes shape. You can keep what nourishes you from where you come from and gently let go of what no longer fits, honouring your roots while choosing your own way. Carry one question with you: what need of yours sits underneath this anger, and how could you say it simply?",
    `For the next ten days your practice is “${exercise}”. It gives the strength in that anger somewhere useful to go. None of this is a prediction or a verdict; it is only a way of looking that you are free to keep or to set aside.`,
  ].join("\n\n");

/** The same message in Spanish: right in every way but the reading's language. */
const spanishMessage = (exercise: string) =>
  [
    "Ahora mismo estás entre tu hermana y tu madre, y la vieja casa junto al mar, con dos sentimientos fuertes que tiran de ti: la rabia y la culpa. Que sean tan fuertes te dice cuánto te importa todo esto.",
    "Visto desde Hogar y familia, el conflicto cambia de forma. Puedes quedarte con lo que te nutre de tus orígenes y dejar con cariño lo que ya no te encaja, honrando tus raíces mientras eliges tu propio camino. Lleva contigo una pregunta: ¿qué necesidad tuya hay debajo de esta rabia, y cómo podrías decirla con sencillez?",
    `Durante los próximos diez días tu práctica es “${exercise}”. Le da a la fuerza de esa rabia un lugar útil adonde ir. Nada de esto es una predicción ni un veredicto; es solo una forma de mirar que puedes guardar o dejar a un lado.`,
  ].join("\n\n");

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
beforeAll(async () => {
  chat = await startFakeChatServer("");
});
afterAll(async () => {
  await chat.close();
});
beforeEach(() => {
  chat.state.mode = "ok";
});

/** The JSON brief the model received in its user message. */
const sentBrief = () => JSON.parse(chat.state.last?.body.messages.at(-1)?.content ?? "{}");

describe("the oracle's message phrased by a configured AI endpoint", () => {
  let t: TestApp;
  let browser: TestBrowser;
  /** The composer's reading of CHALLENGE, for this account (a failing model leaves it as it is). */
  let composed: NonNullable<Consultation["reading"]>;

  beforeAll(async () => {
    t = await createTestApp("pglite", {
      // One account asks more often than the per-user limit allows a person.
      env: { AI_BASE_URL: chat.baseUrl, AI_MODEL: "local-model", AI_TIMEOUT_MS: "1000", RATE_LIMITS: "off" },
    });
    // Premium: consultations are not counted, so one account asks as often as the tests need.
    ({ browser } = await oracleUser(t, { premium: true }));
    const profile = await browser.request("PUT", "/api/oracle/profile", {
      birthDate: "1990-07-24",
      birthTime: "14:30",
      birthLocation: "Nueva York",
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const dream = await browser.post("/api/dreams", {
      content: "A violet lighthouse sang to me while my teeth turned into marbles on the pier.",
    });
    expect(dream.statusCode, dream.body).toBe(201);

    chat.state.mode = "error";
    composed = (await consult(t, browser)).reading!;
    expect(composed.source).toBe("composer");
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps the model's message when it passes the checks, and the composer's plan, exercise and themes", async () => {
    const answer = modelMessage(composed.exercise.name);
    chat.state.reply = answer;
    const { reading } = await consult(t, browser);
    expect(reading).toMatchObject({
      source: "model",
      message: answer.split("\n\n"),
      plan: composed.plan,
      exercise: composed.exercise,
      themes: composed.themes,
      symbols: composed.symbols,
      signsNote: composed.signsNote,
      closing: composed.closing,
    });
  });

  it("sends the composer's message, themes and practice, never birth data, signs or the journal", async () => {
    chat.state.reply = modelMessage(composed.exercise.name);
    await consult(t, browser);
    expect(sentBrief()).toMatchObject({
      language: "en",
      // As a dream reading sends the dream: the privacy texts name "the text you wrote".
      challenge: CHALLENGE,
      message: composed.message,
      themes: composed.themes.map((theme) => theme.name),
      exercise: composed.exercise.name,
    });
    const sent = JSON.stringify(chat.state.last?.body);
    expect(composed.signsNote).toMatch(/\bLeo\b/);
    for (const secret of [
      "1990",
      "07-24",
      "14:30",
      "Nueva York",
      "New York",
      "Leo",
      "lighthouse",
      "marbles",
    ]) {
      expect(sent).not.toContain(secret);
    }
  });

  it.each([
    ["in the wrong language", (exercise: string) => spanishMessage(exercise)],
    [
      "naming an image the challenge lacks",
      (exercise: string) => `${modelMessage(exercise)} The wolf at the door is your hunger.`,
    ],
    ["too long", (exercise: string) => [1, 2, 3].map(() => modelMessage(exercise)).join(" ")],
    ["without the practice's name", () => modelMessage("a small daily exercise")],
    [
      "sure of the future",
      (exercise: string) => `${modelMessage(exercise)} You will surely make peace with your sister.`,
    ],
  ])("keeps the composer's message for an answer %s", async (_, answer) => {
    chat.state.reply = answer(composed.exercise.name);
    const { reading } = await consult(t, browser);
    expect(reading).toMatchObject({ source: "composer", message: composed.message });
  });

  it("keeps the composer's message when the model is slower than the timeout, or fails", async () => {
    chat.state.reply = modelMessage(composed.exercise.name);
    for (const mode of ["slow", "error", "cut"] as const) {
      chat.state.mode = mode;
      const consultation = await consult(t, browser);
      expect(consultation.status).toBe("complete");
      expect(consultation.reading).toMatchObject({ source: "composer", message: composed.message });
    }
  });

  it("never asks the model to phrase a care reading", async () => {
    const calls = chat.state.calls;
    const { reading } = await consult(
      t,
      browser,
      "My partner hits me when he drinks and I am scared to go home at night; I do not know who to tell.",
    );
    expect(reading?.source).toBe("composer");
    expect(chat.state.calls).toBe(calls);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeChatServer } from "../../test/fake-chat-server";
import { createChatWriter } from "./chat-writer";

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
beforeAll(async () => {
  chat = await startFakeChatServer("Your snake speaks of renewal.");
});
afterAll(async () => {
  await chat.close();
});

const request = {
  language: "en" as const,
  dream: "A snake in the garden.",
  symbols: [{ name: "Snake", description: "Renewal." }],
  premium: false,
  ultraSimplified: false,
};

describe("OpenAI-compatible prose writer", () => {
  it("sends the recognised symbols with the model and key, and returns the model's text", async () => {
    chat.state.mode = "ok";
    const writer = createChatWriter({
      baseUrl: chat.baseUrl,
      apiKey: "sk-local",
      model: "llama3",
      timeoutMs: 1000,
    });
    expect(await writer.write(request)).toBe("Your snake speaks of renewal.");
    expect(chat.state.last?.headers.authorization).toBe("Bearer sk-local");
    expect(chat.state.last?.body.model).toBe("llama3");
    expect(chat.state.last?.body.messages.at(-1)?.content).toContain("- Snake: Renewal.");
  });

  it("gives up (null) on errors, empty answers and answers slower than the timeout", async () => {
    const writer = createChatWriter({ baseUrl: chat.baseUrl, apiKey: undefined, model: "m", timeoutMs: 300 });
    for (const failing of ["error", "empty", "slow"] as const) {
      chat.state.mode = failing;
      expect(await writer.write(request)).toBeNull();
    }
  });
});

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatWriter } from "./chat-writer";

/** A local server speaking the OpenAI chat-completions protocol, with switchable behaviour. */
let mode: "ok" | "slow" | "error" | "empty" = "ok";
let lastRequest: {
  headers: IncomingMessage["headers"];
  body: { model: string; messages: Array<{ content: string }> };
};
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      lastRequest = { headers: request.headers, body: JSON.parse(raw) };
      const answer = (content: string) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content } }] }));
      };
      if (mode === "error") {
        response.writeHead(500).end("boom");
      } else if (mode === "slow") {
        setTimeout(() => answer("too late"), 1500);
      } else {
        answer(mode === "empty" ? "  " : "Your snake speaks of renewal.");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
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
    mode = "ok";
    const writer = createChatWriter({ baseUrl, apiKey: "sk-local", model: "llama3", timeoutMs: 1000 });
    expect(await writer.write(request)).toBe("Your snake speaks of renewal.");
    expect(lastRequest.headers.authorization).toBe("Bearer sk-local");
    expect(lastRequest.body.model).toBe("llama3");
    expect(lastRequest.body.messages.at(-1)?.content).toContain("- Snake: Renewal.");
  });

  it("gives up (null) on errors, empty answers and answers slower than the timeout", async () => {
    const writer = createChatWriter({ baseUrl, apiKey: undefined, model: "m", timeoutMs: 300 });
    for (const failing of ["error", "empty", "slow"] as const) {
      mode = failing;
      expect(await writer.write(request)).toBeNull();
    }
  });
});

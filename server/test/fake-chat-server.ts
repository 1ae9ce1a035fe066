import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** "cut" answers like a model that ran out of tokens (finish_reason "length"). */
export type ChatServerMode = "ok" | "slow" | "error" | "empty" | "cut";

export interface ChatRequest {
  headers: IncomingHttpHeaders;
  body: { model: string; max_tokens?: number; messages: Array<{ role: string; content: string }> };
}

/**
 * A local server speaking the OpenAI chat-completions protocol (what Ollama, vLLM and llama.cpp serve),
 * answering `state.reply` (settable per request), or failing, slowly, emptily or cut off, as `mode` says.
 * `calls` counts the requests it received.
 */
export async function startFakeChatServer(reply: string) {
  const state: { mode: ChatServerMode; reply: string; calls: number; last?: ChatRequest } = {
    mode: "ok",
    reply,
    calls: 0,
  };
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      state.calls++;
      state.last = { headers: request.headers, body: JSON.parse(raw) };
      const answer = (content: string, finishReason = "stop") => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
          }),
        );
      };
      if (state.mode === "error") response.writeHead(500).end("boom");
      else if (state.mode === "slow") setTimeout(() => answer("too late"), 1500);
      else if (state.mode === "cut") answer(state.reply, "length");
      else answer(state.mode === "empty" ? "  " : state.reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

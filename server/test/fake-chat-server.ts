import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ChatServerMode = "ok" | "slow" | "error" | "empty";

export interface ChatRequest {
  headers: IncomingHttpHeaders;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}

/**
 * A local server speaking the OpenAI chat-completions protocol (what Ollama, vLLM and llama.cpp serve),
 * answering `reply`, or failing, slowly or emptily, as `mode` says.
 */
export async function startFakeChatServer(reply: string) {
  const state: { mode: ChatServerMode; last?: ChatRequest } = { mode: "ok" };
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      state.last = { headers: request.headers, body: JSON.parse(raw) };
      const answer = (content: string) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content } }] }));
      };
      if (state.mode === "error") response.writeHead(500).end("boom");
      else if (state.mode === "slow") setTimeout(() => answer("too late"), 1500);
      else answer(state.mode === "empty" ? "  " : reply);
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

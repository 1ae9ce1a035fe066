/**
 * Writes a dream translation's prose through an OpenAI-compatible chat endpoint (Ollama, vLLM, llama.cpp
 * server or a hosted one). The symbols always come from our matcher; the model only phrases them. Any
 * failure or a slow answer returns null, and the caller uses the built-in composer instead.
 */

export interface ProseRequest {
  language: "en" | "es";
  dream: string;
  symbols: ReadonlyArray<{ name: string; description: string }>;
  premium: boolean;
  ultraSimplified: boolean;
}

export interface ProseWriter {
  write(request: ProseRequest): Promise<string | null>;
}

export interface ChatWriterConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const SYSTEM_PROMPT: Record<ProseRequest["language"], string> = {
  en: "You translate dreams in the Universal Language of the Mind: every element of a dream is an aspect of the dreamer. Write warm, grounded soul guidance in English. Use only the symbols given, with their meanings; never predict events or give medical advice.",
  es: "Traduces sueños en el Lenguaje Universal de la Mente: cada elemento del sueño es un aspecto de quien sueña. Escribe una guía del alma cálida y serena en español. Usa solo los símbolos dados, con sus significados; nunca predigas hechos ni des consejos médicos.",
};

export function createChatWriter(config: ChatWriterConfig, fetchImpl: typeof fetch = fetch): ProseWriter {
  return {
    async write(request) {
      const length = request.ultraSimplified
        ? "2-3 sentences"
        : request.premium
          ? "5-7 paragraphs"
          : "3-4 paragraphs";
      const symbolList = request.symbols.map((s) => `- ${s.name}: ${s.description}`).join("\n");
      try {
        const response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            temperature: 0.4,
            messages: [
              { role: "system", content: SYSTEM_PROMPT[request.language] },
              {
                role: "user",
                content: `Dream:\n${request.dream}\n\nRecognised symbols:\n${symbolList}\n\nLength: ${length}.`,
              },
            ],
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        if (!response.ok) return null;
        const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
        const content = body.choices?.[0]?.message?.content;
        return typeof content === "string" && content.trim().length > 0 ? content.trim() : null;
      } catch {
        return null;
      }
    },
  };
}

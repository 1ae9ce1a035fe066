import type { Language } from "../../engine/morphology";

/**
 * What the dream reading's and the oracle's writers share: one chat-completions call to an OpenAI-compatible
 * endpoint, bounded by a timeout, and the brief's length instruction. The call answers null on anything but a
 * whole answer, so each writer falls back to its composer's text.
 */

export interface ChatWriterConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface ChatPrompt {
  system: string;
  /** The user message: a JSON brief with its instructions. */
  user: string;
  /** The characters the answer must fit in. */
  band: { min: number; max: number };
}

// Room for the longest answer (a token is about 3-4 characters), so a cut-off answer means a runaway model.
const CHARACTERS_PER_TOKEN_FLOOR = 2;

/** The model's answer, trimmed; null on an error status, a timeout, an empty or a cut-off answer. */
export async function completeChat(
  config: ChatWriterConfig,
  fetchImpl: typeof fetch,
  prompt: ChatPrompt,
): Promise<string | null> {
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
        max_tokens: Math.ceil(prompt.band.max / CHARACTERS_PER_TOKEN_FLOOR),
        messages: [
          { role: "system", content: prompt.system },
          { role: "user", content: prompt.user },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as {
      choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }>;
    };
    const choice = body.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== "string" || choice?.finish_reason === "length") return null;
    const answer = content.trim();
    return answer.length > 0 ? answer : null;
  } catch {
    return null;
  }
}

export function lengthInstruction(language: Language, band: { min: number; max: number }): string {
  // Aim inside the band: models miss a stated length by a margin, and the check is strict.
  const margin = Math.round((band.max - band.min) * 0.15);
  const low = Math.round((band.min + margin) / 10) * 10;
  const high = Math.round((band.max - margin) / 10) * 10;
  if (band.min <= 1) {
    return language === "es"
      ? `Extensión: como máximo ${high} caracteres (dos o tres frases).`
      : `Length: at most ${high} characters (two or three sentences).`;
  }
  return language === "es"
    ? `Extensión: entre ${low} y ${high} caracteres.`
    : `Length: between ${low} and ${high} characters.`;
}

/** Every text in a brief: the words the model was given and may repeat. */
export function wordsGiven(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(wordsGiven);
  return value && typeof value === "object" ? Object.values(value).flatMap(wordsGiven) : [];
}

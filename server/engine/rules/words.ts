import type { Token } from "../text";

/**
 * Shared by the context rules: the words before a hit, and the small vocabularies several rules use.
 */

/** The tokens before `index`, nearest first, stopping at clause punctuation. */
export function before(tokens: readonly Token[], index: number, count: number): string[] {
  const words: string[] = [];
  for (let k = index - 1; k >= 0 && words.length < count; k--) {
    if (tokens[k + 1]?.breakBefore) break;
    words.push(tokens[k]?.norm ?? "");
  }
  return words;
}

/**
 * Whether any of `words[from..to)` is in `set`. A plain loop: these rules run for every hit, and closures
 * (".some(w => ...)") would be created on each call.
 */
export function anyIn(
  words: readonly string[],
  set: ReadonlySet<string>,
  from = 0,
  to = words.length,
): boolean {
  const end = Math.min(to, words.length);
  for (let k = Math.max(0, from); k < end; k++) if (set.has(words[k] ?? "")) return true;
  return false;
}

/** The word at `k`, or "" when there is none or punctuation comes right before it. */
export function joinedWord(tokens: readonly Token[], k: number): string {
  const token = tokens[k];
  return token && !token.breakBefore ? token.norm : "";
}

export const ES_NEGATIVE_SUBJECTS = new Set(["nadie", "nunca", "jamas", "ninguno", "ninguna"]);
export const ES_CLITICS = new Set(["me", "te", "se", "le", "lo", "la", "nos", "les", "los", "las", "os"]);

export const ES_ARTICLES = new Set(["un", "una", "unos", "unas"]);

export const ES_DEFINITE = new Set(["el", "la", "los", "las"]);

export const EN_BELIEVING = new Set([
  "thought",
  "think",
  "assumed",
  "believed",
  "figured",
  "guessed",
  "suspected",
  "imagined",
]);

export const ES_BELIEVING = new Set([
  "crei",
  "creia",
  "creyo",
  "creian",
  "creyeron",
  "creimos",
  "pense",
  "pensaba",
  "penso",
  "pensaban",
  "pensaron",
  "supuse",
  "suponia",
  "imagine",
  "imaginaba",
]);

export const EN_BE = new Set([
  "was",
  "were",
  "is",
  "are",
  "am",
  "be",
  "she's",
  "he's",
  "they're",
  "we're",
  "i'm",
  "you're",
]);

export const EN_SUBJECTS = new Set([
  "i",
  "he",
  "she",
  "they",
  "we",
  "you",
  "it",
  "someone",
  "somebody",
  "everyone",
]);

/** "my", "his"...: before a noun they make it a thing of someone's. */
export const EN_POSSESSIVES = ["my", "his", "her", "our", "their", "your"];

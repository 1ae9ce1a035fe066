import { foldWord, type Token } from "../text";

/**
 * Small word and phrase lists (feelings, theme cues) matched over the tokenizer's folded words in one pass.
 * A pattern is words separated by spaces: "scared", a stem "asust*" (four letters or more before the "*"),
 * a phrase "woke up screaming", and "~" for up to two words of any kind ("woke up ~ sweat*" also finds
 * "woke up all sweaty"). Every word of a phrase sits in the same sentence as its first word.
 */

const MAX_GAP = 2;
/** Stems are indexed by their first letters, so a token meets only the stems that could fit it. */
const STEM_KEY = 4;

type Step = { exact: string } | { stem: string } | { gap: true };

interface Pattern<T> {
  steps: Step[];
  value: T;
}

export interface PatternIndex<T> {
  exact: Map<string, Pattern<T>[]>;
  stems: Map<string, { stem: string; pattern: Pattern<T> }[]>;
}

export interface PatternHit<T> {
  value: T;
  /** Token indices of the first and last word matched. */
  first: number;
  last: number;
}

function parseStep(word: string): Step {
  if (word === "~") return { gap: true };
  const folded = foldWord(word);
  return folded.endsWith("*") ? { stem: folded.slice(0, -1) } : { exact: folded };
}

function parse(pattern: string): Step[] {
  return pattern.trim().split(/\s+/).map(parseStep);
}

/** Why a pattern cannot be used (for the lexicon check), or undefined when it is fine. */
export function patternProblem(pattern: string): string | undefined {
  const steps = parse(pattern);
  const [head, tail] = [steps[0], steps.at(-1)];
  if (!head || !tail || "gap" in head || "gap" in tail) return `"${pattern}" must start and end with a word`;
  const short = steps.find((step) => "stem" in step && step.stem.length < STEM_KEY);
  if (short) return `"${pattern}": a stem needs at least ${STEM_KEY} letters before "*"`;
  return undefined;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Compiles [pattern, value] pairs; on overlapping hits the longer phrase wins, then the earlier pair. */
export function compilePatterns<T>(entries: Iterable<readonly [string, T]>): PatternIndex<T> {
  const index: PatternIndex<T> = { exact: new Map(), stems: new Map() };
  for (const [text, value] of entries) {
    const problem = patternProblem(text);
    if (problem) throw new Error(problem);
    const steps = parse(text);
    const head = steps[0] as Exclude<Step, { gap: true }>;
    const pattern = { steps, value };
    if ("exact" in head) pushTo(index.exact, head.exact, pattern);
    else pushTo(index.stems, head.stem.slice(0, STEM_KEY), { stem: head.stem, pattern });
  }
  return index;
}

function fits(step: Step, word: string): boolean {
  return "exact" in step ? step.exact === word : "stem" in step && word.startsWith(step.stem);
}

/** Index of the last token the pattern covers when it starts at `at`, or -1. */
function matchFrom<T>(pattern: Pattern<T>, tokens: readonly Token[], at: number): number {
  let position = at;
  let gap = 0;
  for (let s = 1; s < pattern.steps.length; s++) {
    const step = pattern.steps[s] as Step;
    if ("gap" in step) {
      gap = MAX_GAP;
      continue;
    }
    let found = -1;
    for (let next = position + 1; next <= position + 1 + gap && next < tokens.length; next++) {
      const token = tokens[next] as Token;
      if (token.sentenceStart) break;
      if (fits(step, token.norm)) {
        found = next;
        break;
      }
    }
    if (found < 0) return -1;
    position = found;
    gap = 0;
  }
  return position;
}

function better<T>(
  best: PatternHit<T> | undefined,
  pattern: Pattern<T>,
  tokens: readonly Token[],
  at: number,
): PatternHit<T> | undefined {
  const last = matchFrom(pattern, tokens, at);
  return last >= 0 && (!best || last > best.last) ? { value: pattern.value, first: at, last } : best;
}

/** The pattern that covers the most words from token `at`, or undefined. */
function longestAt<T>(
  index: PatternIndex<T>,
  tokens: readonly Token[],
  at: number,
): PatternHit<T> | undefined {
  const word = (tokens[at] as Token).norm;
  let best: PatternHit<T> | undefined;
  for (const pattern of index.exact.get(word) ?? []) best = better(best, pattern, tokens, at);
  if (word.length < STEM_KEY) return best;
  for (const { stem, pattern } of index.stems.get(word.slice(0, STEM_KEY)) ?? [])
    if (word.startsWith(stem)) best = better(best, pattern, tokens, at);
  return best;
}

/** Every hit, left to right, never overlapping: at each word the longest pattern that starts there. */
export function findPatterns<T>(index: PatternIndex<T>, tokens: readonly Token[]): PatternHit<T>[] {
  const hits: PatternHit<T>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const hit = longestAt(index, tokens, i);
    if (hit) {
      hits.push(hit);
      i = hit.last;
    }
  }
  return hits;
}

/** Whether any pattern occurs in the tokens (stops at the first). */
export function containsPattern<T>(index: PatternIndex<T>, tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) if (longestAt(index, tokens, i)) return true;
  return false;
}

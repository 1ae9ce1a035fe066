import type { Theme } from "../lexicon/schema";
import type { Language } from "../morphology";
import { type Token, tokenize } from "../text";
import type { EmotionAnalysis } from "./types";
import { compilePatterns, containsPattern, type PatternIndex } from "./word-patterns";

/**
 * The themes a dream forms: enough of a theme's symbols (two, or all when it has fewer) and, when the theme
 * names cues, one of its cue words or feelings. A partner and a friend alone are not a betrayal; running and
 * a wolf alone are not a pursuit.
 */

type CueIndex = Record<Language, PatternIndex<true>>;

/** Cue words compiled once per lexicon (the themes array is loaded once and kept). */
const compiledCues = new WeakMap<readonly Theme[], Map<string, CueIndex>>();

function cueIndexes(themes: readonly Theme[]): Map<string, CueIndex> {
  const known = compiledCues.get(themes);
  if (known) return known;
  const indexes = new Map<string, CueIndex>();
  for (const theme of themes) {
    if (!theme.cues) continue;
    indexes.set(theme.key, {
      en: compilePatterns(theme.cues.en.map((cue) => [cue, true] as const)),
      es: compilePatterns(theme.cues.es.map((cue) => [cue, true] as const)),
    });
  }
  compiledCues.set(themes, indexes);
  return indexes;
}

function symbolHits(theme: Theme, keys: ReadonlySet<string>): number {
  return theme.symbolKeys.filter((key) => keys.has(key)).length;
}

/** `tokens`: the text's tokenize() result, when the caller has it already. */
export function selectThemes(
  keys: ReadonlySet<string>,
  text: string,
  language: Language,
  emotions: EmotionAnalysis,
  themes: readonly Theme[],
  tokens?: readonly Token[],
): Theme[] {
  const indexes = cueIndexes(themes);
  const feelings = new Set(emotions.dominant.map((feeling) => feeling.kind));
  let words = tokens;
  const cued = (theme: Theme): boolean => {
    if (!theme.cues) return true;
    if (theme.cues.feelings?.some((kind) => feelings.has(kind))) return true;
    const index = indexes.get(theme.key)?.[language];
    if (!index) return false;
    words ??= tokenize(text);
    return containsPattern(index, words);
  };
  return themes
    .map((theme) => ({ theme, hits: symbolHits(theme, keys) }))
    .filter(({ theme, hits }) => hits >= Math.min(2, theme.symbolKeys.length) && cued(theme))
    .sort((a, b) => b.hits - a.hits || a.theme.key.localeCompare(b.theme.key))
    .map(({ theme }) => theme);
}

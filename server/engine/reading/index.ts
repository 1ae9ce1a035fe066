import type { LexiconData } from "../lexicon/schema";
import type { SymbolMatch } from "../matcher";
import type { Language } from "../morphology";
import { tokenize } from "../text";
import { composeReading } from "./compose";
import { analyseEmotions } from "./emotion";
import { readingLexicon } from "./meanings";
import { analyseRoles } from "./roles";
import { detectSafety } from "./safety";
import { rankSalience } from "./salience";
import { selectThemes } from "./themes";
import type { DreamAnalysis, Reading, ReadingOptions } from "./types";

/**
 * The reading of a dream, from its recognised symbols: what the text says about roles, feelings, sensitive
 * content and centrality (`analyseDream`), then one piece of prose about THIS dream (`readDream`). Pure and
 * synchronous like the matcher; the lexicon's derived tables are built once per LexiconData.
 */

export type { DreamAnalysis, DreamerHistory, Reading, ReadingOptions } from "./types";

export function analyseDream(
  text: string,
  matches: readonly SymbolMatch[],
  data: LexiconData,
  language: Language,
): DreamAnalysis {
  const { entries } = readingLexicon(data);
  const known = matches.filter((match) => entries.has(match.key));
  const tokens = tokenize(text);
  const roles = analyseRoles(text, known, language);
  const emotions = analyseEmotions(text, language, tokens, roles.wakingRemarks);
  const safety = detectSafety(text, language);
  const salience = rankSalience({ text, language, matches: known, entries, emotions, roles });
  const keys = new Set(known.map((match) => match.key));
  const themes = selectThemes(keys, text, language, emotions, data.themes, tokens).map((theme) => theme.key);
  return { text, language, matches: known, roles, emotions, safety, salience, themes };
}

export function readDream(
  text: string,
  matches: readonly SymbolMatch[],
  data: LexiconData,
  options: ReadingOptions,
): Reading {
  return composeReading(analyseDream(text, matches, data, options.language), data, options);
}

import { loadLexiconData } from "./lexicon/load";
import type { LexiconData } from "./lexicon/schema";
import {
  type CompiledLexicon,
  compileLexicon,
  type MatchOptions,
  type MatchResult,
  matchSymbols,
} from "./matcher";

export type { MatchResult, SymbolMatch, TraceEntry } from "./matcher";

export interface SymbolEngine {
  readonly data: LexiconData;
  readonly lexicon: CompiledLexicon;
  match(text: string, options?: MatchOptions): MatchResult;
}

export function createEngine(data: LexiconData = loadLexiconData()): SymbolEngine {
  return engineFrom(data, compileLexicon(data.symbols, data.celebrities));
}

/** The engine over `data` compiled earlier (a compileLexicon result kept between starts). */
export function engineFrom(data: LexiconData, lexicon: CompiledLexicon): SymbolEngine {
  return { data, lexicon, match: (text, options) => matchSymbols(lexicon, text, options) };
}

import type { RecognizedSymbol } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import type { SymbolEngine } from "../../engine/index";
import type { LexiconData } from "../../engine/lexicon/schema";
import type { MatchResult } from "../../engine/matcher";
import type { Language } from "../../engine/morphology";
import { presentSymbols, readingLanguage } from "./symbol-presenter";

export interface Recognition {
  /** The engine's own answer (matches with evidence, detected language). */
  result: MatchResult;
  /** The lexicon it was read with (texts for the composer). */
  lexicon: LexiconData;
  /** The language the dream is read and answered in. */
  language: Language;
  symbols: RecognizedSymbol[];
  keys: string[];
}

/** The server's own reading of a dream's content: translated and stored from it, never from the client's list. */
export function recognize(
  ctx: Pick<AppContext, "symbols">,
  content: string,
  fallbackLanguage: string,
): Recognition {
  return recognizeWith(ctx.symbols.current(), content, fallbackLanguage);
}

/** `recognize` with a given engine: the journal import's worker thread compiles its own. */
export function recognizeWith(engine: SymbolEngine, content: string, fallbackLanguage: string): Recognition {
  const result = engine.match(content);
  const language = readingLanguage(result.language, fallbackLanguage);
  const symbols = presentSymbols(result.symbols, engine, language);
  return { result, lexicon: engine.data, language, symbols, keys: symbols.map((symbol) => symbol.key) };
}

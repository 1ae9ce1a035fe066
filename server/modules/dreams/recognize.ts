import type { RecognizedSymbol } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { presentSymbols, readingLanguage } from "./symbol-presenter";

/** The server's own reading of a dream's content: stored with the dream, so search never trusts the client. */
export function recognize(
  ctx: Pick<AppContext, "symbols">,
  content: string,
  fallbackLanguage: string,
): { symbols: RecognizedSymbol[]; keys: string[]; language: "en" | "es" } {
  const engine = ctx.symbols.current();
  const result = engine.match(content);
  const language = readingLanguage(result.language, fallbackLanguage);
  const symbols = presentSymbols(result.symbols, engine, language);
  return { symbols, keys: symbols.map((symbol) => symbol.key), language };
}

import type { RecognizedSymbol } from "../../../contract/dreams";

/**
 * The symbols as stored past the free limit: key, name, category and the dream's own words stay (search,
 * filters and insights keep working), what each symbol means does not.
 */
export function withoutMeanings(symbols: RecognizedSymbol[]): RecognizedSymbol[] {
  return symbols.map(({ details: _details, ...symbol }) => ({ ...symbol, description: "" }));
}

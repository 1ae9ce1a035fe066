import type { RecognizedSymbol } from "../../../../contract/dreams";
import type { ReadingInfo } from "../../../../contract/reading";

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * The reading info when `value` has its shape, else null: a result kept by an older version, or an older
 * server, has none, and the page then shows the reading without its extras instead of failing.
 */
export function readingInfoOrNull(value: unknown): ReadingInfo | null {
  if (!value || typeof value !== "object") return null;
  const info = value as Partial<Record<keyof ReadingInfo, unknown>>;
  const feelingsOk =
    Array.isArray(info.feelings) &&
    info.feelings.every(
      (feeling: unknown) =>
        !!feeling &&
        typeof (feeling as { kind?: unknown }).kind === "string" &&
        typeof (feeling as { intensity?: unknown }).intensity === "number",
    );
  if (
    typeof info.short !== "string" ||
    !isStringArray(info.central) ||
    !feelingsOk ||
    typeof info.nightmare !== "boolean" ||
    !isStringArray(info.care)
  )
    return null;
  return value as ReadingInfo;
}

/**
 * The symbols that carry the dream first, most central first, then the others in the order they came; with
 * the keys of the central ones that are really in the list.
 */
export function centralFirst<T extends Pick<RecognizedSymbol, "key">>(
  symbols: readonly T[],
  central: readonly string[],
): { symbols: T[]; centralKeys: ReadonlySet<string> } {
  const byKey = new Map(symbols.map((symbol) => [symbol.key, symbol]));
  const first: T[] = [];
  const centralKeys = new Set<string>();
  for (const key of central) {
    const symbol = byKey.get(key);
    if (!symbol || centralKeys.has(key)) continue;
    centralKeys.add(key);
    first.push(symbol);
  }
  return { symbols: [...first, ...symbols.filter((symbol) => !centralKeys.has(symbol.key))], centralKeys };
}

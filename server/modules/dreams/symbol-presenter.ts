import type { RecognizedSymbol } from "../../../contract/dreams";
import type { SymbolEngine } from "../../engine/index";
import type { SymbolMatch } from "../../engine/matcher";
import type { Language } from "../../engine/morphology";

/** The symbols as the user sees them: name and meaning in the dream's language, with their evidence. */
export function presentSymbols(
  matches: readonly SymbolMatch[],
  engine: SymbolEngine,
  language: Language,
): RecognizedSymbol[] {
  const entries = new Map(engine.data.symbols.map((entry) => [entry.key, entry]));
  return matches.map((match) => {
    const side = entries.get(match.key)?.[language];
    return {
      key: match.key,
      name: side?.name ?? match.name,
      category: match.category,
      description: side?.description ?? "",
      evidence: match.evidence,
      ...(match.details ? { details: match.details } : {}),
    };
  });
}

/** A reading language for a dream: its own, or the reader's when the dream mixes both. */
export function readingLanguage(detected: "en" | "es" | "mixed", fallback: string): Language {
  if (detected === "mixed") return fallback === "es" ? "es" : "en";
  return detected;
}

import type { dreamSymbols } from "../../db/schema/index";
import type { LexiconData, SymbolCategory, SymbolEntry, TermSpec } from "../../engine/lexicon/schema";
import { symbolCategories } from "../../engine/lexicon/schema";
import { foldWord } from "../../engine/text";

export type SymbolRow = typeof dreamSymbols.$inferSelect;

const termText = (spec: TermSpec) => (typeof spec === "string" ? spec : spec.t);

function withExtraTerms(terms: readonly TermSpec[], extra: readonly string[]): TermSpec[] {
  const known = new Set(terms.map((spec) => foldWord(termText(spec))));
  return [...terms, ...extra.filter((variation) => !known.has(foldWord(variation)))];
}

const asCategory = (value: string): SymbolCategory =>
  (symbolCategories as readonly string[]).includes(value) ? (value as SymbolCategory) : "abstract";

/**
 * The lexicon the engine runs on: the shipped files, with what administrators changed in the database laid
 * over them (texts, extra variations) and the symbols they added.
 */
export function mergeLexicon(files: LexiconData, rows: readonly SymbolRow[]): LexiconData {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const symbols: SymbolEntry[] = files.symbols.map((entry) => {
    const row = byKey.get(entry.key);
    if (!row) return entry;
    byKey.delete(entry.key);
    return {
      ...entry,
      isCommon: row.isCommon,
      isVital: row.isVital,
      en: {
        ...entry.en,
        name: row.name,
        description: row.description,
        extendedDescription: row.extendedDescription ?? entry.en.extendedDescription,
        deeperInsight: row.deeperInsight ?? entry.en.deeperInsight,
        terms: withExtraTerms(entry.en.terms, row.variations),
      },
      es: {
        ...entry.es,
        name: row.nameEs ?? entry.es.name,
        description: row.descriptionEs ?? entry.es.description,
        extendedDescription: row.extendedDescriptionEs ?? entry.es.extendedDescription,
        deeperInsight: row.deeperInsightEs ?? entry.es.deeperInsight,
        terms: withExtraTerms(
          [...entry.es.terms, ...Object.values(entry.es.regional ?? {}).flat()],
          row.variationsEs,
        ),
      },
    };
  });
  for (const row of byKey.values()) {
    const en = row.variations.length > 0 ? row.variations : [row.name];
    const es = row.variationsEs.length > 0 ? row.variationsEs : [row.nameEs ?? row.name];
    symbols.push({
      key: row.key,
      category: asCategory(row.category),
      isCommon: row.isCommon,
      isVital: row.isVital,
      en: {
        name: row.name,
        terms: en.map((term) => term.toLowerCase()),
        description: row.description,
        extendedDescription: row.extendedDescription ?? row.description,
        deeperInsight: row.deeperInsight ?? row.description,
      },
      es: {
        name: row.nameEs ?? row.name,
        terms: es.map((term) => term.toLowerCase()),
        description: row.descriptionEs ?? row.description,
        extendedDescription: row.extendedDescriptionEs ?? row.descriptionEs ?? row.description,
        deeperInsight: row.deeperInsightEs ?? row.descriptionEs ?? row.description,
      },
    });
  }
  return { ...files, symbols };
}

import { eq } from "drizzle-orm";
import type { LexiconData, SymbolEntry } from "../../engine/lexicon/schema";
import type { Database, Transaction } from "../client";
import {
  celebrities,
  combinedSymbols,
  dreamSymbols,
  dreamThemes,
  symbolVariations,
  themeInsights,
  themeTechniques,
} from "../schema/index";

const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const termText = (spec: string | { t: string }) => (typeof spec === "string" ? spec : spec.t);

type SymbolValues = Omit<typeof dreamSymbols.$inferInsert, "id" | "createdAt">;

function symbolValues(entry: SymbolEntry): SymbolValues {
  return {
    key: entry.key,
    name: entry.en.name,
    nameEs: entry.es.name,
    description: entry.en.description,
    descriptionEs: entry.es.description,
    category: entry.category,
    extendedDescription: entry.en.extendedDescription,
    extendedDescriptionEs: entry.es.extendedDescription,
    deeperInsight: entry.en.deeperInsight,
    deeperInsightEs: entry.es.deeperInsight,
    isCommon: entry.isCommon,
    isVital: entry.isVital,
    variations: entry.en.terms.map(termText),
    variationsEs: [...entry.es.terms, ...Object.values(entry.es.regional ?? {}).flat()].map(termText),
    editedByAdmin: false,
  };
}

const sameValues = (row: Record<string, unknown>, values: SymbolValues) =>
  Object.entries(values).every(([field, value]) => JSON.stringify(row[field]) === JSON.stringify(value));

/**
 * Loads the versioned lexicon files into the lexicon tables, in one transaction. New symbols are added and
 * symbols a release changed are refreshed, except those an administrator created or edited, which win.
 * An unchanged lexicon costs one read.
 */
export async function seedLexicon(
  db: Database,
  data: LexiconData,
): Promise<{ symbolsAdded: number; symbolsRefreshed: number }> {
  let symbolsAdded = 0;
  let symbolsRefreshed = 0;
  await db.transaction(async (tx) => {
    const existing = new Map((await tx.select().from(dreamSymbols)).map((row) => [row.key, row]));
    const fresh: SymbolEntry[] = [];
    for (const entry of data.symbols) {
      const row = existing.get(entry.key);
      if (!row) {
        fresh.push(entry);
        continue;
      }
      const values = symbolValues(entry);
      if (row.editedByAdmin || sameValues(row, values)) continue;
      await tx.update(dreamSymbols).set(values).where(eq(dreamSymbols.id, row.id));
      await tx.delete(symbolVariations).where(eq(symbolVariations.symbolId, row.id));
      await insertVariations(tx, [{ id: row.id, entry }]);
      symbolsRefreshed++;
    }
    for (const batch of chunks(fresh)) {
      const inserted = await tx
        .insert(dreamSymbols)
        .values(batch.map(symbolValues))
        .returning({ id: dreamSymbols.id, key: dreamSymbols.key });
      symbolsAdded += inserted.length;
      const byKey = new Map(batch.map((entry) => [entry.key, entry]));
      await insertVariations(
        tx,
        inserted.flatMap(({ id, key }) => {
          const entry = byKey.get(key);
          return entry ? [{ id, entry }] : [];
        }),
      );
    }

    for (const batch of chunks(data.celebrities)) {
      await tx
        .insert(celebrities)
        .values(
          batch.map((c) => ({
            name: c.name,
            category: c.category,
            description: c.deceased ? "deceased" : null,
          })),
        )
        .onConflictDoNothing();
    }

    for (const theme of data.themes) {
      const [row] = await tx
        .insert(dreamThemes)
        .values({
          key: theme.key,
          name: theme.en.name,
          description: theme.en.description,
          category: theme.category,
          symbolKeywords: theme.symbolKeys,
        })
        .onConflictDoNothing()
        .returning({ id: dreamThemes.id });
      if (!row) continue;
      const insights = theme.en.insights.map((insight, index) => ({
        themeId: row.id,
        insightText: insight.text,
        insightType: insight.type,
        orderIndex: index,
      }));
      if (insights.length) await tx.insert(themeInsights).values(insights);
      const techniques = theme.en.techniques.map((technique, index) => ({
        themeId: row.id,
        techniqueName: technique.name,
        techniqueDescription: technique.description,
        practiceInstructions: technique.instructions,
        orderIndex: index,
        isPremium: technique.isPremium,
      }));
      if (techniques.length) await tx.insert(themeTechniques).values(techniques);
    }

    const [existingCombined] = await tx.select({ id: combinedSymbols.id }).from(combinedSymbols).limit(1);
    if (!existingCombined && data.combined.length > 0) {
      await tx.insert(combinedSymbols).values(
        data.combined.map((c) => ({
          name: c.en.name,
          description: c.en.description,
          category: c.category,
        })),
      );
    }
  });
  return { symbolsAdded, symbolsRefreshed };
}

async function insertVariations(tx: Transaction, symbols: ReadonlyArray<{ id: number; entry: SymbolEntry }>) {
  const rows = symbols.flatMap(({ id, entry }) => {
    const all = [...entry.en.terms, ...entry.es.terms, ...Object.values(entry.es.regional ?? {}).flat()];
    return [...new Set(all.map(termText))].map((variation) => ({ symbolId: id, variation }));
  });
  for (const batch of chunks(rows)) await tx.insert(symbolVariations).values(batch).onConflictDoNothing();
}

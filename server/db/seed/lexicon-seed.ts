import type { LexiconData } from "../../engine/lexicon/schema";
import type { Database } from "../client";
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

/**
 * Loads the versioned lexicon files into the lexicon tables. Rows that exist (by key or name) are left
 * alone, so an administrator's edits survive restarts; new symbols of a new release are added.
 */
export async function seedLexicon(db: Database, data: LexiconData): Promise<{ symbolsAdded: number }> {
  let symbolsAdded = 0;
  await db.transaction(async (tx) => {
    for (const batch of chunks(data.symbols)) {
      const inserted = await tx
        .insert(dreamSymbols)
        .values(
          batch.map((entry) => ({
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
          })),
        )
        .onConflictDoNothing()
        .returning({ id: dreamSymbols.id, key: dreamSymbols.key });
      symbolsAdded += inserted.length;
      const byKey = new Map(batch.map((entry) => [entry.key, entry]));
      const variationRows = inserted.flatMap(({ id, key }) => {
        const entry = byKey.get(key);
        if (!entry) return [];
        const all = [...entry.en.terms, ...entry.es.terms, ...Object.values(entry.es.regional ?? {}).flat()];
        return [...new Set(all.map(termText))].map((variation) => ({ symbolId: id, variation }));
      });
      for (const rows of chunks(variationRows))
        await tx.insert(symbolVariations).values(rows).onConflictDoNothing();
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
  return { symbolsAdded };
}

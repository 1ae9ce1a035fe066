import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AdminSymbol, AdminSymbolBody, AdminSymbolPatch } from "../../../contract/symbols";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { dreamSymbols, symbolVariations } from "../../db/schema/index";
import { isUniqueViolation } from "../../lib/db-errors";
import { conflict, notFound } from "../../lib/errors";
import type { SymbolRow } from "./merge-lexicon";

/**
 * Administrators curate the lexicon at runtime. Every change rebuilds the engine at once, so a new
 * variation finds dreams on the next translation, without a deploy or restart.
 */

export function presentAdminSymbol(row: SymbolRow, builtInKeys: ReadonlySet<string>): AdminSymbol {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    nameEs: row.nameEs,
    category: row.category,
    description: row.description,
    descriptionEs: row.descriptionEs,
    extendedDescription: row.extendedDescription,
    extendedDescriptionEs: row.extendedDescriptionEs,
    deeperInsight: row.deeperInsight,
    deeperInsightEs: row.deeperInsightEs,
    isCommon: row.isCommon,
    isVital: row.isVital,
    variations: row.variations,
    variationsEs: row.variationsEs,
    builtIn: builtInKeys.has(row.key),
  };
}

const unique = (values: readonly string[]): string[] => [...new Set(values.map((v) => v.toLowerCase()))];

async function syncVariations(tx: Queryable, row: SymbolRow): Promise<void> {
  await tx.delete(symbolVariations).where(eq(symbolVariations.symbolId, row.id));
  const all = unique([...row.variations, ...row.variationsEs]);
  if (all.length > 0) {
    await tx
      .insert(symbolVariations)
      .values(all.map((variation) => ({ symbolId: row.id, variation })))
      .onConflictDoNothing();
  }
}

export async function listAdminSymbols(
  ctx: Pick<AppContext, "db">,
  query: { q?: string; category?: string; offset: number; limit: number },
): Promise<{ rows: SymbolRow[]; total: number }> {
  const conditions: Array<SQL | undefined> = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(dreamSymbols.key, pattern),
        ilike(dreamSymbols.name, pattern),
        ilike(dreamSymbols.nameEs, pattern),
        sql`exists (select 1 from unnest(${dreamSymbols.variations} || ${dreamSymbols.variationsEs}) v where v ilike ${pattern})`,
      ),
    );
  }
  if (query.category) conditions.push(eq(dreamSymbols.category, query.category));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(dreamSymbols)
      .where(where)
      .orderBy(asc(dreamSymbols.key))
      .offset(query.offset)
      .limit(query.limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(dreamSymbols).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function createAdminSymbol(
  ctx: Pick<AppContext, "db" | "symbols">,
  body: AdminSymbolBody,
): Promise<SymbolRow> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(dreamSymbols)
        .values({
          ...body,
          variations: unique(body.variations ?? []),
          variationsEs: unique(body.variationsEs ?? []),
          editedByAdmin: true,
        })
        .returning();
      await syncVariations(tx, inserted as SymbolRow);
      return inserted as SymbolRow;
    });
    await ctx.symbols.reload(ctx.db);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("errors.symbolExists", "key");
    throw error;
  }
}

export async function updateAdminSymbol(
  ctx: Pick<AppContext, "db" | "symbols">,
  id: number,
  body: AdminSymbolPatch,
): Promise<SymbolRow> {
  const changes: Partial<typeof dreamSymbols.$inferInsert> = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  );
  changes.editedByAdmin = true;
  if (body.variations) changes.variations = unique(body.variations);
  if (body.variationsEs) changes.variationsEs = unique(body.variationsEs);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx.update(dreamSymbols).set(changes).where(eq(dreamSymbols.id, id)).returning();
      if (!updated) throw notFound("errors.symbolNotFound");
      if (body.variations || body.variationsEs) await syncVariations(tx, updated);
      return updated;
    });
    await ctx.symbols.reload(ctx.db);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("errors.symbolExists", "name");
    throw error;
  }
}

/** Symbols of the shipped lexicon come back with every release, so only administrators' own can be deleted. */
export async function deleteAdminSymbol(ctx: Pick<AppContext, "db" | "symbols">, id: number): Promise<void> {
  const [row] = await ctx.db.select().from(dreamSymbols).where(eq(dreamSymbols.id, id));
  if (!row) throw notFound("errors.symbolNotFound");
  if (ctx.symbols.builtInKeys().has(row.key)) throw conflict("errors.symbolBuiltIn");
  await ctx.db.delete(dreamSymbols).where(eq(dreamSymbols.id, id));
  await ctx.symbols.reload(ctx.db);
}

import { desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { dreamSymbols, missingSymbols, symbolVariations } from "../../db/schema/index";
import { notFound, validationError } from "../../lib/errors";
import { type IdempotencyKey, type IdempotentOutcome, runIdempotent } from "../../lib/idempotency";
import type { SessionUser } from "../accounts/sessions";

type Row = typeof missingSymbols.$inferSelect;

export function presentMissingSymbol(row: Row) {
  return {
    id: row.id,
    symbol: row.symbol,
    count: row.count,
    status: row.status,
    processed: row.processed,
    lastReported: row.lastReported.toISOString(),
  };
}

/**
 * One row per word (any case): a repeated report counts up and moves it back to the top of the queue. With an
 * Idempotency-Key a retried report is not counted again.
 */
export async function reportMissingSymbol(
  ctx: Pick<AppContext, "db" | "clock">,
  user: SessionUser,
  symbol: string,
  idempotency?: IdempotencyKey,
): Promise<IdempotentOutcome<Row>> {
  const now = ctx.clock.now();
  return runIdempotent(
    ctx,
    user.id,
    idempotency,
    { symbol },
    {
      prepare: async () => undefined,
      create: async (tx) => {
        const [inserted] = await tx
          .insert(missingSymbols)
          .values({ symbol, userId: user.id, lastReported: now })
          .onConflictDoNothing()
          .returning();
        // Already reported (in any case): count it. A dismissed word stays dismissed.
        const [row] = inserted
          ? [inserted]
          : await tx
              .update(missingSymbols)
              .set({
                count: sql`${missingSymbols.count} + 1`,
                lastReported: now,
                userId: user.id,
                status: sql`CASE WHEN ${missingSymbols.status} = 'dismissed' THEN 'dismissed' ELSE 'pending' END`,
                processed: sql`${missingSymbols.status} = 'dismissed'`,
              })
              .where(sql`lower(${missingSymbols.symbol}) = lower(${symbol})`)
              .returning();
        return { statusCode: 200, resourceId: row!.id, result: row as Row };
      },
      replay: async (id) => {
        const [row] = await ctx.db
          .select()
          .from(missingSymbols)
          .where(eq(missingSymbols.id, Number(id)));
        if (!row) throw notFound("errors.missingSymbolNotFound");
        return row;
      },
    },
  );
}

export async function listMissingSymbols(ctx: Pick<AppContext, "db">, status: string): Promise<Row[]> {
  return ctx.db
    .select()
    .from(missingSymbols)
    .where(eq(missingSymbols.status, status))
    .orderBy(desc(missingSymbols.count), desc(missingSymbols.lastReported))
    .limit(200);
}

/** add: the reported word becomes a variation of a symbol (live at once); dismiss: it is not a symbol. */
export async function processMissingSymbol(
  ctx: Pick<AppContext, "db" | "symbols">,
  id: number,
  action: "add" | "dismiss",
  symbolId: number | undefined,
): Promise<Row> {
  const row = await ctx.db.transaction(async (tx) => {
    const [report] = await tx.select().from(missingSymbols).where(eq(missingSymbols.id, id)).for("update");
    if (!report) throw notFound("errors.missingSymbolNotFound");
    if (action === "add") {
      if (!symbolId) throw validationError("validation.symbolRequired", "symbolId");
      const [symbol] = await tx
        .select()
        .from(dreamSymbols)
        .where(eq(dreamSymbols.id, symbolId))
        .for("update");
      if (!symbol) throw notFound("errors.symbolNotFound");
      const word = report.symbol.toLowerCase();
      // The report does not say which language the word is in; Spanish-looking words go to the Spanish side.
      const spanish = /[áéíóúñ¿¡]/.test(word);
      const list = spanish ? symbol.variationsEs : symbol.variations;
      if (!list.some((v) => v.toLowerCase() === word)) {
        await tx
          .update(dreamSymbols)
          .set({
            ...(spanish ? { variationsEs: [...list, word] } : { variations: [...list, word] }),
            editedByAdmin: true,
          })
          .where(eq(dreamSymbols.id, symbolId));
      }
      await tx.insert(symbolVariations).values({ symbolId, variation: word }).onConflictDoNothing();
    }
    const [updated] = await tx
      .update(missingSymbols)
      .set({ processed: true, status: action === "add" ? "added" : "dismissed" })
      .where(eq(missingSymbols.id, id))
      .returning();
    return updated as Row;
  });
  if (action === "add") await ctx.symbols.reload(ctx.db);
  return row;
}

import { and, desc, eq, sql } from "drizzle-orm";
import type { PersonalSymbol, PersonalSymbolBody } from "../../../contract/symbols";
import type { AppContext } from "../../context";
import { personalSymbols, users } from "../../db/schema/index";
import { isUniqueViolation } from "../../lib/db-errors";
import { conflict, notFound } from "../../lib/errors";
import { type IdempotencyKey, type IdempotentOutcome, runIdempotent } from "../../lib/idempotency";
import type { SessionUser } from "../accounts/sessions";

type Row = typeof personalSymbols.$inferSelect;
/** How many personal symbols a user keeps; the list shows them all. */
export const PERSONAL_SYMBOL_LIMIT = 500;

export function presentPersonalSymbol(row: Row): PersonalSymbol {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    frequency: row.frequency,
    emotionalImpact: row.emotionalImpact,
    personalContext: row.personalContext,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const own = (user: SessionUser, id: number) =>
  and(eq(personalSymbols.id, id), eq(personalSymbols.userId, user.id));

export async function listPersonalSymbols(ctx: Pick<AppContext, "db">, user: SessionUser): Promise<Row[]> {
  return ctx.db
    .select()
    .from(personalSymbols)
    .where(eq(personalSymbols.userId, user.id))
    .orderBy(desc(personalSymbols.updatedAt), desc(personalSymbols.id))
    .limit(PERSONAL_SYMBOL_LIMIT);
}

/** Adds a personal symbol; with an Idempotency-Key a retry answers the symbol the first attempt added. */
export async function createPersonalSymbol(
  ctx: Pick<AppContext, "db" | "clock">,
  user: SessionUser,
  body: PersonalSymbolBody,
  idempotency?: IdempotencyKey,
): Promise<IdempotentOutcome<Row>> {
  try {
    return await runIdempotent(ctx, user.id, idempotency, body, {
      prepare: async () => undefined,
      create: async (tx) => {
        // The list shows every symbol, so the cap is enforced here; the user's row serialises parallel adds.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(personalSymbols)
          .where(eq(personalSymbols.userId, user.id));
        if ((held?.count ?? 0) >= PERSONAL_SYMBOL_LIMIT) {
          throw conflict("errors.personalSymbolLimit", "name", "QUOTA_EXCEEDED");
        }
        const [row] = await tx
          .insert(personalSymbols)
          .values({ ...body, userId: user.id, category: body.category ?? "Personal" })
          .returning();
        return { statusCode: 201, resourceId: row!.id, result: row as Row };
      },
      replay: async (id) => {
        const [row] = await ctx.db
          .select()
          .from(personalSymbols)
          .where(own(user, Number(id)));
        if (!row) throw notFound("errors.personalSymbolNotFound");
        return row;
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("errors.personalSymbolExists", "name");
    throw error;
  }
}

export async function updatePersonalSymbol(
  ctx: Pick<AppContext, "db">,
  user: SessionUser,
  id: number,
  body: Partial<PersonalSymbolBody>,
): Promise<Row> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  try {
    const [row] = await ctx.db
      .update(personalSymbols)
      .set({ ...changes, updatedAt: new Date() })
      .where(own(user, id))
      .returning();
    if (!row) throw notFound("errors.personalSymbolNotFound");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("errors.personalSymbolExists", "name");
    throw error;
  }
}

export async function deletePersonalSymbol(
  ctx: Pick<AppContext, "db">,
  user: SessionUser,
  id: number,
): Promise<void> {
  const deleted = await ctx.db
    .delete(personalSymbols)
    .where(own(user, id))
    .returning({ id: personalSymbols.id });
  if (deleted.length === 0) throw notFound("errors.personalSymbolNotFound");
}

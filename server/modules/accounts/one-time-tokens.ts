import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { emailRevertTokens, passwordResetTokens, users, verificationTokens } from "../../db/schema/index";
import { hashToken, randomToken } from "../../lib/tokens";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `boundToAddress`: the token proves control of the inbox it was mailed to, so it works only while that is still
 * the account's address. A revert token instead names the address to restore, which is no longer the account's.
 * `replacesEarlier`: a new token voids the unused ones of its kind. Not for reverts: each address the account
 * left keeps its own way back, or a second change by whoever took the account would void the owner's link.
 */
export const TOKEN_KINDS = {
  verification: { table: verificationTokens, ttlMs: DAY_MS, boundToAddress: true, replacesEarlier: true },
  passwordReset: {
    table: passwordResetTokens,
    ttlMs: 60 * 60 * 1000,
    boundToAddress: true,
    replacesEarlier: true,
  },
  emailRevert: { table: emailRevertTokens, ttlMs: 7 * DAY_MS, boundToAddress: false, replacesEarlier: false },
} as const;
export type TokenKind = keyof typeof TOKEN_KINDS;

/** Issues a new single-use token for the link mailed to `email` (for a revert: the address it restores). */
export async function issueToken(
  ctx: Pick<AppContext, "db" | "clock">,
  kind: TokenKind,
  userId: number,
  email: string,
): Promise<string> {
  const { table, ttlMs, replacesEarlier } = TOKEN_KINDS[kind];
  const token = randomToken();
  const now = ctx.clock.now();
  const insert = (tx: Queryable) =>
    tx.insert(table).values({
      userId,
      token: hashToken(token),
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
  if (!replacesEarlier) {
    await insert(ctx.db);
    return token;
  }
  await ctx.db.transaction(async (tx) => {
    await voidTokens(tx, userId, [kind]);
    await insert(tx);
  });
  return token;
}

/** Every unused token of these kinds of the user stops working. */
export async function voidTokens(db: Queryable, userId: number, kinds: readonly TokenKind[]): Promise<void> {
  for (const kind of kinds) {
    const { table } = TOKEN_KINDS[kind];
    await db
      .update(table)
      .set({ used: true })
      .where(and(eq(table.userId, userId), eq(table.used, false)));
  }
}

/**
 * Marks the token used and returns its user id and address, atomically: of two concurrent uses only one
 * succeeds. Unknown, used and expired tokens return null, and so do address-bound tokens whose address is no
 * longer the account's (or that name none: those were issued before tokens were bound).
 */
export async function consumeToken(
  db: Queryable,
  now: Date,
  kind: TokenKind,
  token: string,
): Promise<{ userId: number; email: string } | null> {
  const { table, boundToAddress } = TOKEN_KINDS[kind];
  const conditions = [eq(table.token, hashToken(token)), eq(table.used, false), gt(table.expiresAt, now)];
  if (boundToAddress) {
    conditions.push(
      inArray(
        sql`lower(${table.email})`,
        db
          .select({ email: sql`lower(${users.email})` })
          .from(users)
          .where(eq(users.id, table.userId)),
      ),
    );
  }
  const [row] = await db
    .update(table)
    .set({ used: true })
    .where(and(...conditions))
    .returning({ userId: table.userId, email: table.email });
  return row?.email ? { userId: row.userId, email: row.email } : null;
}

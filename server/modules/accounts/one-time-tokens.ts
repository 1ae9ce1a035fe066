import { and, eq, gt } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { passwordResetTokens, verificationTokens } from "../../db/schema/index";
import { hashToken, randomToken } from "../../lib/tokens";

export const TOKEN_KINDS = {
  verification: { table: verificationTokens, ttlMs: 24 * 60 * 60 * 1000 },
  passwordReset: { table: passwordResetTokens, ttlMs: 60 * 60 * 1000 },
} as const;
export type TokenKind = keyof typeof TOKEN_KINDS;

/** Issues a new single-use token; earlier unused ones of the same kind stop working. */
export async function issueToken(
  ctx: Pick<AppContext, "db" | "clock">,
  kind: TokenKind,
  userId: number,
): Promise<string> {
  const { table, ttlMs } = TOKEN_KINDS[kind];
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(table)
      .set({ used: true })
      .where(and(eq(table.userId, userId), eq(table.used, false)));
    await tx.insert(table).values({
      userId,
      token: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
  });
  return token;
}

/**
 * Marks the token used and returns its user id, atomically: of two concurrent uses only one succeeds.
 * Unknown, used and expired tokens all return null.
 */
export async function consumeToken(
  db: Queryable,
  now: Date,
  kind: TokenKind,
  token: string,
): Promise<number | null> {
  const { table } = TOKEN_KINDS[kind];
  const [row] = await db
    .update(table)
    .set({ used: true })
    .where(and(eq(table.token, hashToken(token)), eq(table.used, false), gt(table.expiresAt, now)))
    .returning({ userId: table.userId });
  return row?.userId ?? null;
}

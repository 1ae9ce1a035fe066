import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { authAttempts } from "../../db/schema/index";
import { tooManyRequests } from "../../lib/errors";

export type AttemptKind = "login-failure" | "password-reset" | "verification-resend";

export interface AttemptLimit {
  kind: AttemptKind;
  max: number;
  windowMs: number;
  messageKey?: string;
}

export const LOGIN_FAILURES_PER_ACCOUNT: AttemptLimit = {
  kind: "login-failure",
  max: 25,
  windowMs: 60 * 60 * 1000,
  messageKey: "accounts.accountLocked",
};
export const RESET_MAILS_PER_ADDRESS: AttemptLimit = {
  kind: "password-reset",
  max: 5,
  windowMs: 30 * 60 * 1000,
};
export const RESEND_MAILS_PER_ADDRESS: AttemptLimit = {
  kind: "verification-resend",
  max: 5,
  windowMs: 30 * 60 * 1000,
};

/**
 * Counts one attempt for this subject, or refuses it (429 with Retry-After) when `max` attempts already fall
 * inside the window. Kept in the database so the limit holds across restarts and several server processes.
 *
 * Check and record happen under a per-subject transaction lock: checking, then recording in a separate step,
 * would let a parallel burst all pass the check. A refused attempt is not recorded and does not extend the
 * window. Returns the attempt's id, for `releaseAttempt`.
 */
export async function takeAttempt(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
  limit: AttemptLimit,
  subject: string,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${limit.kind}:${subject}`}))`);
    const now = ctx.clock.now();
    if (ctx.config.rateLimits) {
      const rows = await tx
        .select({ createdAt: authAttempts.createdAt })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, limit.kind),
            eq(authAttempts.subject, subject),
            gt(authAttempts.createdAt, new Date(now.getTime() - limit.windowMs)),
          ),
        )
        .orderBy(authAttempts.createdAt)
        .limit(limit.max);
      if (rows.length >= limit.max) {
        const oldest = rows[0]!.createdAt.getTime();
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
        throw tooManyRequests(retryAfterSeconds, limit.messageKey);
      }
    }
    const [attempt] = await tx
      .insert(authAttempts)
      .values({ kind: limit.kind, subject, createdAt: now })
      .returning({ id: authAttempts.id });
    return attempt!.id;
  });
}

/** Forgets one attempt taken with `takeAttempt` (it turned out not to count). */
export async function releaseAttempt(ctx: Pick<AppContext, "db">, id: number): Promise<void> {
  await ctx.db.delete(authAttempts).where(eq(authAttempts.id, id));
}

export async function clearAttempts(ctx: Pick<AppContext, "db">, limit: AttemptLimit, subject: string) {
  await ctx.db
    .delete(authAttempts)
    .where(and(eq(authAttempts.kind, limit.kind), eq(authAttempts.subject, subject)));
}

/** Housekeeping: attempts older than a day can no longer count toward any limit. */
export async function pruneAttempts(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - 24 * 60 * 60 * 1000);
  const deleted = await ctx.db
    .delete(authAttempts)
    .where(lt(authAttempts.createdAt, cutoff))
    .returning({ id: authAttempts.id });
  return deleted.length;
}

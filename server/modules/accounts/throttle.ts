import { and, eq, gt, lt } from "drizzle-orm";
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
 * Throws 429 (with Retry-After) once `max` attempts for this subject fall inside the window.
 * Kept in the database so the limit holds across restarts and several server processes.
 */
export async function assertUnderLimit(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
  limit: AttemptLimit,
  subject: string,
): Promise<void> {
  if (!ctx.config.rateLimits) return;
  const now = ctx.clock.now().getTime();
  const since = new Date(now - limit.windowMs);
  const rows = await ctx.db
    .select({ createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, limit.kind),
        eq(authAttempts.subject, subject),
        gt(authAttempts.createdAt, since),
      ),
    )
    .orderBy(authAttempts.createdAt)
    .limit(limit.max);
  if (rows.length < limit.max) return;
  const oldest = rows[0]!.createdAt.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
  throw tooManyRequests(retryAfterSeconds, limit.messageKey);
}

export async function recordAttempt(
  ctx: Pick<AppContext, "db" | "clock">,
  limit: AttemptLimit,
  subject: string,
): Promise<void> {
  await ctx.db.insert(authAttempts).values({ kind: limit.kind, subject, createdAt: ctx.clock.now() });
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

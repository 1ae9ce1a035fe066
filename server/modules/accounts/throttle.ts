import { and, eq, gt, like, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { authAttempts } from "../../db/schema/index";
import { tooManyRequests } from "../../lib/errors";

export type MailFlow = "password-reset" | "verification-resend";
export type AttemptKind =
  | "login-failure"
  | "login-failure:device"
  | "password-confirmation:session"
  | `${MailFlow}:${"ip" | "ip-address" | "owner"}`;

export interface AttemptLimit {
  kind: AttemptKind;
  max: number;
  windowMs: number;
  messageKey?: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** Failed sign-ins from browsers the account never signed in from: anyone's, counted together. */
export const LOGIN_FAILURES_PER_ACCOUNT: AttemptLimit = {
  kind: "login-failure",
  max: 25,
  windowMs: HOUR_MS,
  messageKey: "accounts.accountLocked",
};
/**
 * Failed sign-ins from a browser the account signed in from before (its device cookie, per account and
 * device): its own budget, so strangers' guesses never lock the owner's browser, and a stolen laptop still
 * cannot guess forever.
 */
export const LOGIN_FAILURES_PER_DEVICE: AttemptLimit = {
  kind: "login-failure:device",
  max: 10,
  windowMs: HOUR_MS,
  messageKey: "accounts.accountLocked",
};
/** Wrong current passwords typed while signed in (email or password change, deletion), per session. */
export const PASSWORD_CONFIRMATIONS_PER_SESSION: AttemptLimit = {
  kind: "password-confirmation:session",
  max: 10,
  windowMs: HOUR_MS,
};

/**
 * Requests for a mailed link (forgot-password, resend), counted per requester, never per address, so nobody can
 * spend the owner's: per IP (whatever the addresses), per IP and address, and for the account's owner (its
 * known browser, or its own session) a budget of their own that no one else's requests touch.
 */
export interface MailRequestLimits {
  perIp: AttemptLimit;
  perIpAndAddress: AttemptLimit;
  perOwner: AttemptLimit;
}

const mailRequestLimits = (flow: MailFlow): MailRequestLimits => ({
  perIp: { kind: `${flow}:ip`, max: 10, windowMs: 30 * 60 * 1000 },
  perIpAndAddress: { kind: `${flow}:ip-address`, max: 5, windowMs: 30 * 60 * 1000 },
  perOwner: { kind: `${flow}:owner`, max: 5, windowMs: 30 * 60 * 1000 },
});
export const RESET_REQUEST_LIMITS = mailRequestLimits("password-reset");
export const RESEND_REQUEST_LIMITS = mailRequestLimits("verification-resend");

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

/** The account's sign-in lock lifts, for every browser (a password reset proved the owner's inbox). */
export async function clearLoginLock(db: Queryable, userId: number): Promise<void> {
  await db
    .delete(authAttempts)
    .where(
      or(
        and(
          eq(authAttempts.kind, LOGIN_FAILURES_PER_ACCOUNT.kind),
          eq(authAttempts.subject, `user:${userId}`),
        ),
        and(
          eq(authAttempts.kind, LOGIN_FAILURES_PER_DEVICE.kind),
          like(authAttempts.subject, `user:${userId}:device:%`),
        ),
      ),
    );
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

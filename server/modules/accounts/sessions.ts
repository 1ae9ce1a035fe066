import { and, eq, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database, Queryable } from "../../db/client";
import { sessions, users } from "../../db/schema/index";
import { hashToken, randomToken } from "../../lib/tokens";

export type SessionUser = typeof users.$inferSelect;

export interface SessionMeta {
  userAgent?: string;
  ipAddress?: string;
}

/** A new random token for every sign-in (no fixation); only its hash is stored. */
export async function createSession(
  ctx: Pick<AppContext, "db" | "config" | "clock">,
  userId: number,
  meta: SessionMeta,
  db: Queryable = ctx.db,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionAbsoluteMs);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 512),
    ipAddress: meta.ipAddress,
  });
  return { token, expiresAt };
}

const TOUCH_INTERVAL_MS = 60_000;

/**
 * Every signed-in request starts with this lookup: prepared once per database, so its SQL is not rebuilt
 * (and, on PostgreSQL, not re-planned) on every request.
 */
const preparedLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("resolve_session");
}

function sessionLookup(db: Database) {
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    preparedLookups.set(db, lookup);
  }
  return lookup;
}

/** The signed-in user for a cookie token, or null when unknown, idle too long, or past its absolute expiry. */
export async function resolveSession(
  ctx: Pick<AppContext, "db" | "config" | "clock">,
  token: string,
): Promise<{ sessionId: number; user: SessionUser } | null> {
  const [row] = await sessionLookup(ctx.db).execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  const now = ctx.clock.now().getTime();
  const idleFor = now - row.session.lastSeenAt.getTime();
  if (row.session.expiresAt.getTime() <= now || idleFor >= ctx.config.sessionIdleMs) {
    await ctx.db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (row.user.accountStatus === "suspended" || row.user.accountStatus === "deleted") return null;
  if (idleFor > TOUCH_INTERVAL_MS) {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.session.id));
  }
  return { sessionId: row.session.id, user: row.user };
}

export async function deleteSessionByToken(ctx: Pick<AppContext, "db">, token: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, or all but one (the caller's own). */
export async function deleteUserSessions(
  db: Queryable,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
    );
}

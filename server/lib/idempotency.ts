import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { IDEMPOTENCY_KEY_RETENTION_DAYS } from "../../contract/idempotency";
import type { AppContext } from "../context";
import type { Transaction } from "../db/client";
import { idempotentRequests } from "../db/schema/index";
import { notFound, validationError } from "./errors";

/** What the route knows of an Idempotency-Key: the key and the route it was sent to (keys are per route). */
export interface IdempotencyKey {
  key: string;
  route: string;
}

export interface IdempotentOutcome<T> {
  statusCode: number;
  result: T;
  /** True when an earlier request with this key created the resource and this answer repeats it. */
  replayed: boolean;
}

export interface Created<T> {
  statusCode: number;
  resourceId: number | string;
  result: T;
}

export interface IdempotentWork<P, T> {
  /** Checks and expensive reading done before the transaction; skipped when the key was already used. */
  prepare: () => Promise<P>;
  /** Writes the resource; runs inside the transaction that also holds the key's claim. */
  create: (tx: Transaction, prepared: P) => Promise<Created<T>>;
  /** Reads the created resource again for a replay; throws the resource's 404 when it is gone since. */
  replay: (resourceId: string) => Promise<T>;
}

/** Same JSON whatever the order of object keys, so a client re-serialising its body still matches. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) =>
      inner !== null && typeof inner === "object" && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    ) ?? "null"
  );
}

export function requestHash(route: string, body: unknown): string {
  return createHash("sha256")
    .update(`${route}\n${canonicalJson(body)}`)
    .digest("hex");
}

type Claim = Pick<typeof idempotentRequests.$inferSelect, "requestHash" | "resourceId" | "statusCode">;
const claimColumns = {
  requestHash: idempotentRequests.requestHash,
  resourceId: idempotentRequests.resourceId,
  statusCode: idempotentRequests.statusCode,
};

const sameKey = (userId: number, idempotency: IdempotencyKey) =>
  and(
    eq(idempotentRequests.userId, userId),
    eq(idempotentRequests.route, idempotency.route),
    eq(idempotentRequests.key, idempotency.key),
  );

async function answerFromClaim<T>(claim: Claim, hash: string, replay: (id: string) => Promise<T>) {
  if (claim.requestHash !== hash) throw validationError("validation.idempotencyKeyReused", "idempotency-key");
  if (claim.resourceId === null) throw notFound();
  return { statusCode: claim.statusCode, result: await replay(claim.resourceId), replayed: true };
}

/**
 * Runs a creating request once per (user, route, key). The key's claim and the resource are written in one
 * transaction: a failure before the commit (a 503) leaves neither, so a retry creates; an answer lost after the
 * commit leaves both, so a retry replays. A parallel twin's claim insert waits on PostgreSQL's unique index
 * until the first commits (PGlite runs one transaction at a time), then reads the claim and replays. Only
 * successes are remembered: a refused request (journal full, duplicate name) is judged again on retry.
 * Without a key the request runs as it always did, in a transaction of its own.
 */
export async function runIdempotent<P, T>(
  ctx: Pick<AppContext, "db" | "clock">,
  userId: number,
  idempotency: IdempotencyKey | undefined,
  body: unknown,
  work: IdempotentWork<P, T>,
): Promise<IdempotentOutcome<T>> {
  if (!idempotency) {
    const prepared = await work.prepare();
    const created = await ctx.db.transaction((tx) => work.create(tx, prepared));
    return { statusCode: created.statusCode, result: created.result, replayed: false };
  }
  const hash = requestHash(idempotency.route, body);
  // The fast path: a retry of a request that already went through answers before any expensive work.
  const [known] = await ctx.db
    .select(claimColumns)
    .from(idempotentRequests)
    .where(sameKey(userId, idempotency));
  if (known) return answerFromClaim(known, hash, work.replay);

  const prepared = await work.prepare();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotentRequests)
      .values({
        userId,
        route: idempotency.route,
        key: idempotency.key,
        requestHash: hash,
        // Set below with the resource; nothing reads the claim before this transaction commits.
        statusCode: 0,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing({
        target: [idempotentRequests.userId, idempotentRequests.route, idempotentRequests.key],
      })
      .returning({ id: idempotentRequests.id });
    if (!claimed) {
      const [earlier] = await tx
        .select(claimColumns)
        .from(idempotentRequests)
        .where(sameKey(userId, idempotency));
      // Only a prune racing a 400-day-old key could remove it between the two statements.
      if (!earlier) throw new Error("idempotency claim vanished");
      return { replay: earlier };
    }
    const created = await work.create(tx, prepared);
    await tx
      .update(idempotentRequests)
      .set({ resourceId: String(created.resourceId), statusCode: created.statusCode })
      .where(eq(idempotentRequests.id, claimed.id));
    return { created };
  });
  // Replayed after the transaction: on PGlite a read outside it would wait for it forever.
  if (outcome.replay) return answerFromClaim(outcome.replay, hash, work.replay);
  return { statusCode: outcome.created.statusCode, result: outcome.created.result, replayed: false };
}

/** Forgets keys older than the retention (a daily job); returns how many were deleted. */
export async function pruneIdempotencyKeys(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * 86_400_000);
  const deleted = await ctx.db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, cutoff))
    .returning({ id: idempotentRequests.id });
  return deleted.length;
}

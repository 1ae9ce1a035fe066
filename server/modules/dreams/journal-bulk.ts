import { setImmediate as nextTurn } from "node:timers/promises";
import { type SQL, sql } from "drizzle-orm";
import { dreams } from "../../db/schema/index";

/*
 * Bulk work over whole journals (an export's pages, an import's rows) next to the requests of everyone else.
 * With the embedded database every statement runs on the event loop's thread, and its queries queue one behind
 * the other: a request must never wait behind a whole journal, nor behind every running import and export.
 */

/**
 * How many rows the next statement should carry so it takes about `targetMs`: a dream weighs anything from one
 * line to 5,000 characters with its search vector, so a fixed count is either far too slow for long dreams or
 * needlessly chatty for short ones.
 */
export interface StatementPace {
  /** Rows for the next statement. */
  readonly rows: number;
  /** Reports how long the last statement took over how many rows. */
  took(ms: number, rows: number): void;
}

/**
 * `min` bounds how small it gets: a read has a cost per query as well as per row, and pages of a few rows would
 * multiply it.
 */
export function statementPace(options: {
  first: number;
  min: number;
  max: number;
  targetMs?: number;
}): StatementPace {
  const targetMs = options.targetMs ?? 15;
  let rows = options.first;
  return {
    get rows() {
      return rows;
    },
    took(ms, count) {
      const perRow = Math.max(ms, 0.1) / Math.max(count, 1);
      rows = Math.max(options.min, Math.min(options.max, Math.floor(targetMs / perRow)));
    },
  };
}

/** Runs one bulk statement when the lane is free; see createBulkLane. */
export type BulkLane = <T>(statement: () => Promise<T>) => Promise<T>;

/**
 * One bulk statement at a time across every import and export, each followed by a turn of the event loop: the
 * queries of requests that arrived meanwhile are queued before the next bulk statement, so they wait behind one
 * at most.
 */
export function createBulkLane(): BulkLane {
  let tail: Promise<void> = Promise.resolve();
  return async (statement) => {
    const previous = tail;
    let release!: () => void;
    tail = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await statement();
    } finally {
      await nextTurn();
      release();
    }
  };
}

/** Runs a statement in the lane and reports its duration and row count to `pace`. */
export function paced<Row>(
  lane: BulkLane,
  pace: StatementPace,
  statement: (rows: number) => Promise<Row[]>,
): Promise<Row[]> {
  return lane(async () => {
    const began = performance.now();
    const rows = await statement(pace.rows);
    pace.took(performance.now() - began, rows.length);
    return rows;
  });
}

/**
 * Where a row stands in the journal's order, to the microsecond: `created_at::text` (a JavaScript Date keeps
 * milliseconds only, and a cursor cut to the millisecond would read a dream saved at .123456 twice).
 */
export const keysetAt = sql<string>`${dreams.createdAt}::text`;

/**
 * A user's rows oldest first, in keyset pages: each query is a short range scan of the user's index however large
 * the journal (one query for 100,000 dreams took seconds, close to the database's per-query timeout). `readPage`
 * reads up to `limit` rows after the condition it is given (none for the first page), selecting `at: keysetAt`.
 */
export async function* keysetPages<Row extends { at: string; id: number }>(
  lane: BulkLane,
  pace: StatementPace,
  readPage: (after: SQL | undefined, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let last: Row | undefined;
  for (;;) {
    const after = last && sql`(${dreams.createdAt}, ${dreams.id}) > (${last.at}::timestamptz, ${last.id})`;
    let limit = 0;
    const page = await paced(lane, pace, (rows) => {
      limit = rows;
      return readPage(after, rows);
    });
    if (page.length > 0) yield page;
    if (page.length < limit) return;
    last = page.at(-1);
  }
}

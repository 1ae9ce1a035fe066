import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A per-user allowance that renews when its window ends (translations per day, oracle consultations per 30
 * days), counted in the same conditional UPDATE as the use itself so parallel requests cannot exceed it.
 * Gives the two column assignments and the condition that the use is still allowed.
 */
export function usageWindow(
  columns: { used: PgColumn; resetsAt: PgColumn; limit: PgColumn },
  now: Date,
  nextReset: Date,
): { used: SQL; resetsAt: SQL; allowed: SQL } {
  const windowOver = sql`(${columns.resetsAt} IS NULL OR ${columns.resetsAt} <= ${now.toISOString()}::timestamptz)`;
  return {
    used: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${columns.used} + 1 END`,
    resetsAt: sql`CASE WHEN ${windowOver} THEN ${nextReset.toISOString()}::timestamptz ELSE ${columns.resetsAt} END`,
    allowed: sql`(${windowOver} OR ${columns.used} < ${columns.limit})`,
  };
}

import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A per-user allowance that renews when its window ends (translations per day, oracle consultations per 30
 * days), counted in the same conditional UPDATE as the use itself so parallel requests cannot exceed it.
 * Gives the two column assignments, the condition that the use is still allowed, and `ifRenewed` for any other
 * column that a new window sets. `renewsOnlyIf` narrows when an ended window may renew (evaluated on the row as
 * the UPDATE finds it).
 */
export function usageWindow(
  columns: { used: PgColumn; resetsAt: PgColumn; limit: PgColumn },
  now: Date,
  nextReset: Date,
  renewsOnlyIf?: SQL,
): { used: SQL; resetsAt: SQL; allowed: SQL; ifRenewed(column: PgColumn, value: unknown): SQL } {
  const ended = sql`(${columns.resetsAt} IS NULL OR ${columns.resetsAt} <= ${now.toISOString()}::timestamptz)`;
  const renews = renewsOnlyIf ? sql`(${ended} AND ${renewsOnlyIf})` : ended;
  const ifRenewed = (column: PgColumn, value: unknown) =>
    sql`CASE WHEN ${renews} THEN ${value} ELSE ${column} END`;
  return {
    used: sql`CASE WHEN ${renews} THEN 1 ELSE ${columns.used} + 1 END`,
    resetsAt: ifRenewed(columns.resetsAt, sql`${nextReset.toISOString()}::timestamptz`),
    // An ended window that may not renew allows nothing: the use would count towards a window already over.
    allowed: sql`(${renews} OR (NOT ${ended} AND ${columns.used} < ${columns.limit}))`,
    ifRenewed,
  };
}

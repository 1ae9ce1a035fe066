import { addDays, localDay, startOfLocalDay } from "../../lib/local-day";

/**
 * decisions.md: the free translations of a new count belong to one local day, in the zone in force when the
 * count starts, and that day is never the same as or earlier than the previous count's (so changing the time
 * zone never reopens the window early: moving west, the new count takes the next day). The count ends when the
 * day after it starts, in that zone.
 */
export function translationDay(
  now: Date,
  timeZone: string,
  previousDay: string | null,
): { day: string; resetsAt: Date } {
  const today = localDay(now, timeZone);
  const earliest = previousDay === null ? today : addDays(previousDay, 1);
  const day = today > earliest ? today : earliest;
  return { day, resetsAt: startOfLocalDay(addDays(day, 1), timeZone) };
}

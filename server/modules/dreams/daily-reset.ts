import { canonicalTimeZone } from "../../lib/time-zones";

const DAY_MS = 24 * 60 * 60 * 1000;
/** No zone is further than 14 hours from UTC: a day's first instant lies within this of its UTC midnight. */
const MAX_OFFSET_MS = 14 * 60 * 60 * 1000;

type CalendarDay = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall clock in the zone at `instant`. */
function wallClock(instant: number, zone: string): CalendarDay {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return parts as CalendarDay;
}

const dayString = ({ year, month, day }: Pick<CalendarDay, "year" | "month" | "day">) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The zone's offset from UTC at `instant` (whole seconds, as the wall clock shows them). */
function offsetAt(instant: number, zone: string): number {
  const wall = wallClock(instant, zone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

const zoneOrUtc = (timeZone: string) => canonicalTimeZone(timeZone) ?? "UTC";

/** The calendar day (YYYY-MM-DD) it is at `now` in the zone; UTC for an unknown zone. */
export function localDay(now: Date, timeZone: string): string {
  return dayString(wallClock(now.getTime(), zoneOrUtc(timeZone)));
}

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const date = new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
  return dayString({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/**
 * The first instant of a calendar day in the zone. The offset in force at that midnight may differ from the one
 * a few hours later (a DST change that night), so both offsets around it are tried and the earliest instant that
 * falls on the day wins; where a zone skips midnight (clocks jump from 00:00 to 01:00) that is the jump itself.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const zone = zoneOrUtc(timeZone);
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const candidates = [
    offsetAt(utcMidnight - MAX_OFFSET_MS, zone),
    offsetAt(utcMidnight + MAX_OFFSET_MS, zone),
  ]
    .map((offset) => utcMidnight - offset)
    .filter((instant) => dayString(wallClock(instant, zone)) === day);
  // A day the zone skipped altogether (Samoa, 30 December 2011) has no instant: it "starts" at the next one.
  return new Date(
    candidates.length > 0 ? Math.min(...candidates) : utcMidnight - offsetAt(utcMidnight, zone),
  );
}

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

import { Temporal } from "temporal-polyfill";
import { canonicalTimeZone } from "./time-zones";

/**
 * A user's local calendar days, for every "per day" rule (the free translations, streaks, journals, reminders).
 * Days are `YYYY-MM-DD` strings; zones are IANA names, an unknown one is read as UTC. Temporal does the zone
 * arithmetic: a day's bounds come from the offset in force at that instant, never from the offset at "now", so
 * DST nights (a 23- or 25-hour day, a skipped midnight) end the day at the real local midnight.
 */

const zoneOrUtc = (timeZone: string) => canonicalTimeZone(timeZone) ?? "UTC";

/** The calendar day it is at `now` in the zone. */
export function localDay(now: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(zoneOrUtc(timeZone))
    .toPlainDate()
    .toString();
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return Temporal.PlainDate.from(day).add({ days }).toString();
}

/**
 * The first instant of the day in the zone: its midnight, or where the zone skips midnight (clocks jump from
 * 00:00 to 01:00) the jump itself; a day the zone skipped altogether (Samoa, 30 December 2011) "starts" at the
 * next instant there is.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const start = Temporal.PlainDate.from(day).toZonedDateTime({ timeZone: zoneOrUtc(timeZone) });
  return new Date(start.epochMilliseconds);
}

/** When the day it is at `now` ends in the zone: the start of the next local day. */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  return startOfLocalDay(addDays(localDay(now, timeZone), 1), timeZone);
}

/**
 * The instant the zone's clock shows `time` ("HH:MM") on `day`. A time the clocks skip (02:30 on a spring-forward
 * night) is the instant they jump, the first one after the gap; a time shown twice (01:30 on a fall-back night)
 * is the first of the two.
 */
export function instantAtLocalTime(day: string, time: string, timeZone: string): Date {
  const wanted = Temporal.PlainDate.from(day).toPlainDateTime(Temporal.PlainTime.from(time));
  // "earlier" is the first of two instants; in a gap it lands before the jump, which is then the next transition.
  const zoned = wanted.toZonedDateTime(zoneOrUtc(timeZone), { disambiguation: "earlier" });
  const skipped = Temporal.PlainDateTime.compare(zoned.toPlainDateTime(), wanted) !== 0;
  const instant = skipped ? zoned.getTimeZoneTransition("next")! : zoned;
  return new Date(instant.epochMilliseconds);
}

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: "days" }).days;
}

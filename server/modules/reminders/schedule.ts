import type { QuietHours } from "../../../contract/reminders";
import { addDays, instantAtLocalTime, localDay } from "../../lib/local-day";

/** The local calendar day of an instant: a reminder fires at most once on each. */
export { localDay as localDateOf } from "../../lib/local-day";

/**
 * Whether a local "HH:MM" falls in the quiet hours: from start (included) to end (excluded), wrapping midnight
 * when end comes before start (22:00-07:00). Zero-padded times compare as strings.
 */
function isQuiet(time: string, quiet: QuietHours): boolean {
  return quiet.start < quiet.end
    ? time >= quiet.start && time < quiet.end
    : time >= quiet.start || time < quiet.end;
}

/**
 * When a reminder set for `localTime` on `day` really fires: then, or inside quiet hours at their end, which for
 * a window wrapping midnight may be the next morning.
 */
function firingInstant(day: string, localTime: string, timeZone: string, quiet: QuietHours | null): Date {
  if (!quiet || !isQuiet(localTime, quiet)) return instantAtLocalTime(day, localTime, timeZone);
  const endsNextDay = quiet.start > quiet.end && localTime >= quiet.start;
  return instantAtLocalTime(endsNextDay ? addDays(day, 1) : day, quiet.end, timeZone);
}

/**
 * The next instant strictly after `after` at which the reminder fires: the zone's clock shows `localTime` (a
 * skipped time fires when the clocks jump, a repeated one the first time), postponed out of quiet hours.
 */
export function nextDueAt(
  after: Date,
  localTime: string,
  timeZone: string,
  quietHours: QuietHours | null,
): Date {
  const today = localDay(after, timeZone);
  // Yesterday's firing may have been postponed past midnight into today.
  for (const day of [addDays(today, -1), today]) {
    const due = firingInstant(day, localTime, timeZone, quietHours);
    if (due.getTime() > after.getTime()) return due;
  }
  // Tomorrow's fires tomorrow or later, so after `after`.
  return firingInstant(addDays(today, 1), localTime, timeZone, quietHours);
}

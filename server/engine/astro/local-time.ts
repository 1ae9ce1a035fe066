import { Temporal } from "temporal-polyfill";

const NANOSECONDS_PER_MINUTE = 60e9;
/** The sun crosses one degree of longitude in four minutes. */
const MINUTES_PER_DEGREE = 4;

/**
 * A local birth date and clock time at a place, as a UTC instant: the zone's offset at that date from the tz
 * database (Intl), or local mean time from the place's longitude before the zone had standard time.
 *
 * A time shown twice (a "fall back" night) is the first of the two and a time the clocks skipped is read with the
 * offset from before the jump (Temporal's "compatible").
 * Before standard time means before the zone's first transition in the tz database, where Intl (ICU) reports the
 * zone's LMT offset: the local mean time of the city the zone is named after (Madrid's -0:14:44 for all of
 * Spain). The birthplace's own is 4 minutes per degree of longitude east of Greenwich, so that one is used.
 */
export function birthInstant(input: { date: string; time: string; timezone: string; longitude: number }): {
  instant: Date;
  utcOffsetMinutes: number;
  localMeanTime: boolean;
} {
  const clock = Temporal.PlainDateTime.from(`${input.date}T${input.time}`);
  const zoned = clock.toZonedDateTime(input.timezone, { disambiguation: "compatible" });
  const beforeStandardTime =
    zoned.getTimeZoneTransition("previous") === null && zoned.getTimeZoneTransition("next") !== null;
  if (!beforeStandardTime) {
    return {
      instant: new Date(zoned.epochMilliseconds),
      utcOffsetMinutes: zoned.offsetNanoseconds / NANOSECONDS_PER_MINUTE,
      localMeanTime: false,
    };
  }
  // Rounded to the second, as the tz database's own offsets are.
  const utcOffsetMinutes = Math.round(input.longitude * MINUTES_PER_DEGREE * 60) / 60;
  const clockAsUtc = clock.toZonedDateTime("UTC").epochMilliseconds;
  return {
    instant: new Date(clockAsUtc - Math.round(utcOffsetMinutes * 60_000)),
    utcOffsetMinutes,
    localMeanTime: true,
  };
}

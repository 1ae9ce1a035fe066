/**
 * A local birth date and clock time at a place, as a UTC instant: the zone's offset at that date from the tz
 * database (Intl), or local mean time from the place's longitude before the zone had standard time.
 */
export function birthInstant(input: { date: string; time: string; timezone: string; longitude: number }): {
  instant: Date;
  utcOffsetMinutes: number;
  localMeanTime: boolean;
} {
  throw new Error(`not built yet: ${JSON.stringify(input)}`);
}

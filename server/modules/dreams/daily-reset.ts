import { canonicalTimeZone } from "../../lib/time-zones";

/**
 * The start of the next day in the user's time zone, as an instant: free translations reset at the user's
 * local midnight (decisions.md). Falls back to UTC for an unknown zone.
 */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  const zone = canonicalTimeZone(timeZone) ?? "UTC";
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
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  // Wall-clock "now" in the zone, read as if it were UTC; the zone's offset is the difference.
  const wallAsUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMs = wallAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  const nextWallMidnight = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + 1);
  return new Date(nextWallMidnight - offsetMs);
}

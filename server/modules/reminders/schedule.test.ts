import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import type { QuietHours } from "../../../contract/reminders";
import { localDateOf, nextDueAt } from "./schedule";

/** The instant a zone's clock shows a wall time, with the offset written out so the test says which one. */
const at = (isoWithOffset: string) => new Date(isoWithOffset);

/** What the zone's clock shows at an instant, "YYYY-MM-DDTHH:MM". */
const wallClock = (instant: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime()
    .toString({ smallestUnit: "minute" });

/** The reminder's firings from `start`, each one found from the one before. */
function firings(
  start: Date,
  count: number,
  localTime: string,
  timeZone: string,
  quiet: QuietHours | null = null,
) {
  const result: Date[] = [];
  let after = start;
  for (let i = 0; i < count; i++) {
    after = nextDueAt(after, localTime, timeZone, quiet);
    result.push(after);
  }
  return result;
}

describe("the DST changes the tests rely on", () => {
  // If tz data ever moves these dates, the tests below would no longer cross a change: they must fail loudly.
  it.each([
    ["America/Santiago", "2026-04-04T00:00", "2026-04-05T03:00Z", -3, -4],
    ["America/Santiago", "2026-09-05T00:00", "2026-09-06T04:00Z", -4, -3],
    ["Europe/Madrid", "2026-03-28T00:00", "2026-03-29T01:00Z", 1, 2],
    ["Europe/Madrid", "2026-10-24T00:00", "2026-10-25T01:00Z", 2, 1],
    ["America/New_York", "2026-03-07T00:00", "2026-03-08T07:00Z", -5, -4],
    ["America/New_York", "2026-10-31T00:00", "2026-11-01T06:00Z", -4, -5],
  ])("%s changes after %s at %s", (zone, from, instant, before, after) => {
    const transition = Temporal.PlainDateTime.from(from).toZonedDateTime(zone).getTimeZoneTransition("next")!;
    expect(transition.toInstant().toString()).toBe(instant.replace("Z", ":00Z"));
    const hours = (z: Temporal.ZonedDateTime) => z.offsetNanoseconds / 3.6e12;
    expect(hours(transition.subtract({ nanoseconds: 1 }))).toBe(before);
    expect(hours(transition)).toBe(after);
  });
});

describe("a 07:30 reminder across DST changes", () => {
  it.each([
    ["America/Santiago", "2026-04-03"],
    ["America/Santiago", "2026-09-04"],
    ["Europe/Madrid", "2026-03-27"],
    ["Europe/Madrid", "2026-10-23"],
    ["America/New_York", "2026-03-06"],
    ["America/New_York", "2026-10-30"],
  ])("in %s fires at 07:30 local each day from %s, once a day", (zone, firstDay) => {
    const start = Temporal.PlainDate.from(firstDay).toZonedDateTime(zone);
    const found = firings(new Date(start.epochMilliseconds), 4, "07:30", zone);
    const days = [0, 1, 2, 3].map((n) => `${start.toPlainDate().add({ days: n })}T07:30`);
    expect(found.map((instant) => wallClock(instant, zone))).toEqual(days);
    expect(new Set(found.map((instant) => localDateOf(instant, zone))).size).toBe(4);
  });

  it("keeps the UTC instant moving with the offset (New York, spring forward)", () => {
    const found = firings(at("2026-03-07T00:00:00-05:00"), 2, "07:30", "America/New_York");
    expect(found.map((d) => d.toISOString())).toEqual([
      "2026-03-07T12:30:00.000Z",
      "2026-03-08T11:30:00.000Z",
    ]);
  });
});

describe("times the clocks skip or repeat", () => {
  it("fires a skipped time once, when the clocks jump (New York 02:30 on 8 March 2026)", () => {
    const found = firings(at("2026-03-07T00:00:00-05:00"), 3, "02:30", "America/New_York");
    expect(found.map((instant) => wallClock(instant, "America/New_York"))).toEqual([
      "2026-03-07T02:30",
      "2026-03-08T03:00",
      "2026-03-09T02:30",
    ]);
    expect(found[1]!.toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });

  it("fires a skipped midnight-hour time when the clocks jump (Santiago 00:30 on 6 September 2026)", () => {
    const found = firings(at("2026-09-05T12:00:00-04:00"), 2, "00:30", "America/Santiago");
    expect(found.map((instant) => wallClock(instant, "America/Santiago"))).toEqual([
      "2026-09-06T01:00",
      "2026-09-07T00:30",
    ]);
  });

  it("fires a repeated time once, the first time it is shown (New York 01:30 on 1 November 2026)", () => {
    const found = firings(at("2026-10-31T12:00:00-04:00"), 2, "01:30", "America/New_York");
    // 01:30 EDT (05:30Z); 01:30 EST (06:30Z) is skipped, the next firing is the next day's.
    expect(found.map((d) => d.toISOString())).toEqual([
      "2026-11-01T05:30:00.000Z",
      "2026-11-02T06:30:00.000Z",
    ]);
  });

  it("fires a repeated time once in Santiago (23:30 on 4 April 2026, shown at -03 then -04)", () => {
    const found = firings(at("2026-04-04T12:00:00-03:00"), 2, "23:30", "America/Santiago");
    expect(found.map((d) => d.toISOString())).toEqual([
      "2026-04-05T02:30:00.000Z",
      "2026-04-06T03:30:00.000Z",
    ]);
  });

  it("asked between the two showings of a repeated time, waits for the next day", () => {
    const between = at("2026-11-01T01:45:00-04:00");
    expect(nextDueAt(between, "01:30", "America/New_York", null).toISOString()).toBe(
      "2026-11-02T06:30:00.000Z",
    );
  });
});

describe("quiet hours", () => {
  const zone = "Europe/Madrid";

  it("postpone a reminder inside them to their end that day", () => {
    const due = nextDueAt(at("2026-05-10T00:00:00+02:00"), "07:30", zone, { start: "06:00", end: "09:00" });
    expect(wallClock(due, zone)).toBe("2026-05-10T09:00");
  });

  it("leave a reminder outside them alone, and include their start but not their end", () => {
    const after = at("2026-05-10T00:00:00+02:00");
    expect(wallClock(nextDueAt(after, "09:00", zone, { start: "06:00", end: "09:00" }), zone)).toBe(
      "2026-05-10T09:00",
    );
    expect(wallClock(nextDueAt(after, "05:59", zone, { start: "06:00", end: "09:00" }), zone)).toBe(
      "2026-05-10T05:59",
    );
    expect(wallClock(nextDueAt(after, "06:00", zone, { start: "06:00", end: "09:00" }), zone)).toBe(
      "2026-05-10T09:00",
    );
  });

  it("wrap midnight: before midnight waits for the next morning, after midnight for that morning", () => {
    const quiet = { start: "22:00", end: "07:00" };
    const evening = firings(at("2026-05-10T12:00:00+02:00"), 2, "23:15", zone, quiet);
    expect(evening.map((instant) => wallClock(instant, zone))).toEqual([
      "2026-05-11T07:00",
      "2026-05-12T07:00",
    ]);
    const night = firings(at("2026-05-10T12:00:00+02:00"), 2, "05:00", zone, quiet);
    expect(night.map((instant) => wallClock(instant, zone))).toEqual([
      "2026-05-11T07:00",
      "2026-05-12T07:00",
    ]);
    expect(wallClock(nextDueAt(at("2026-05-10T12:00:00+02:00"), "12:30", zone, quiet), zone)).toBe(
      "2026-05-10T12:30",
    );
  });

  it("count a reminder postponed past midnight from the day before (asked at 01:00, it fires at 07:00)", () => {
    const due = nextDueAt(at("2026-05-11T01:00:00+02:00"), "23:15", zone, { start: "22:00", end: "07:00" });
    expect(wallClock(due, zone)).toBe("2026-05-11T07:00");
  });

  it("end at their local time on a DST day (Madrid spring forward)", () => {
    const due = nextDueAt(at("2026-03-29T00:00:00+01:00"), "06:00", zone, { start: "23:00", end: "08:00" });
    expect(wallClock(due, zone)).toBe("2026-03-29T08:00");
    expect(due.toISOString()).toBe("2026-03-29T06:00:00.000Z");
  });
});

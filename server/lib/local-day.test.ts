import { describe, expect, it } from "vitest";
import { addDays, localDay, nextLocalMidnight, startOfLocalDay } from "./local-day";

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe("local days on DST nights", () => {
  it("America/Santiago, 6-7 April 2024 (DST ends at midnight): the 6th lasts 25 hours, not reset at 23:00", () => {
    // 20:00 on the 6th, still at -03. The day ends at midnight -04 (04:00 UTC), not at 03:00 UTC, which is
    // 23:00 on the 6th once the clocks went back.
    expect(iso(nextLocalMidnight(at("2024-04-06T23:00:00Z"), "America/Santiago"))).toBe(
      "2024-04-07T04:00:00.000Z",
    );
    expect(localDay(at("2024-04-07T03:30:00Z"), "America/Santiago")).toBe("2024-04-06");
    expect(localDay(at("2024-04-07T04:00:00Z"), "America/Santiago")).toBe("2024-04-07");
    // And where spring skips midnight (8 September 2024: 00:00 becomes 01:00), the day starts at the jump.
    expect(iso(startOfLocalDay("2024-09-08", "America/Santiago"))).toBe("2024-09-08T04:00:00.000Z");
    expect(localDay(at("2024-09-08T03:59:00Z"), "America/Santiago")).toBe("2024-09-07");
  });

  it("Europe/Madrid, 31 March 2024 (23 hours) and 27 October 2024 (25 hours)", () => {
    expect(iso(startOfLocalDay("2024-03-31", "Europe/Madrid"))).toBe("2024-03-30T23:00:00.000Z");
    expect(iso(nextLocalMidnight(at("2024-03-31T00:30:00Z"), "Europe/Madrid"))).toBe(
      "2024-03-31T22:00:00.000Z",
    );
    expect(iso(startOfLocalDay("2024-10-27", "Europe/Madrid"))).toBe("2024-10-26T22:00:00.000Z");
    expect(iso(nextLocalMidnight(at("2024-10-27T00:30:00Z"), "Europe/Madrid"))).toBe(
      "2024-10-27T23:00:00.000Z",
    );
    // 23:30 CET on the 27th is still the 27th.
    expect(localDay(at("2024-10-27T22:30:00Z"), "Europe/Madrid")).toBe("2024-10-27");
  });

  it("America/New_York, 10 March 2024, and Lord Howe Island's half-hour shift on 7 April 2024", () => {
    expect(iso(nextLocalMidnight(at("2024-03-10T06:30:00Z"), "America/New_York"))).toBe(
      "2024-03-11T04:00:00.000Z",
    );
    expect(localDay(at("2024-03-11T03:59:00Z"), "America/New_York")).toBe("2024-03-10");
    // Lord Howe goes from +11 to +10:30 at 02:00: the 7th ends at midnight +10:30.
    expect(iso(startOfLocalDay("2024-04-07", "Australia/Lord_Howe"))).toBe("2024-04-06T13:00:00.000Z");
    expect(iso(nextLocalMidnight(at("2024-04-07T00:00:00Z"), "Australia/Lord_Howe"))).toBe(
      "2024-04-07T13:30:00.000Z",
    );
  });

  it("reads an unknown zone as UTC, and a day Samoa skipped starts at the next instant there is", () => {
    expect(localDay(at("2024-05-01T23:30:00Z"), "Mars/Olympus_Mons")).toBe("2024-05-01");
    expect(iso(startOfLocalDay("2024-05-02", "Mars/Olympus_Mons"))).toBe("2024-05-02T00:00:00.000Z");
    // Apia went from 29 December 2011 (-10) straight to 31 December (+14).
    expect(iso(startOfLocalDay("2011-12-30", "Pacific/Apia"))).toBe("2011-12-30T10:00:00.000Z");
    expect(localDay(at("2011-12-30T10:00:00Z"), "Pacific/Apia")).toBe("2011-12-31");
  });

  it("adds calendar days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });
});

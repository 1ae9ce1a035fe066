import { describe, expect, it } from "vitest";
import { birthInstant } from "./local-time";
import reference from "./reference-births.json";

const madrid = { timezone: "Europe/Madrid", longitude: -3.70256 };
const newYork = { timezone: "America/New_York", longitude: -74.00597 };

describe("birth instant: the zone's historical offset", () => {
  it("agrees with the published reference births' UT where the sources used the tz database's offset", () => {
    for (const birth of reference.births.filter((birth) => !("sourceInstantNote" in birth))) {
      const { instant } = birthInstant(birth);
      expect(instant.toISOString(), birth.id).toBe(new Date(birth.utc).toISOString());
    }
  });

  it("uses daylight saving time in a New York July and a Madrid summer", () => {
    expect(birthInstant({ date: "1990-07-04", time: "12:00", ...newYork })).toEqual({
      instant: new Date("1990-07-04T16:00:00Z"),
      utcOffsetMinutes: -240,
      localMeanTime: false,
    });
    expect(birthInstant({ date: "1985-08-10", time: "22:30", ...madrid })).toEqual({
      instant: new Date("1985-08-10T20:30:00Z"),
      utcOffsetMinutes: 120,
      localMeanTime: false,
    });
    expect(birthInstant({ date: "1985-01-10", time: "22:30", ...madrid }).utcOffsetMinutes).toBe(60);
  });

  it("uses wartime double summer time in Liverpool, 1942", () => {
    const liverpool = { timezone: "Europe/London", longitude: -2.9916 };
    expect(birthInstant({ date: "1942-06-18", time: "15:30", ...liverpool }).utcOffsetMinutes).toBe(120);
  });

  it("reads the hour shown twice on a fall-back night as the first one", () => {
    const { instant, utcOffsetMinutes } = birthInstant({ date: "2021-11-07", time: "01:30", ...newYork });
    expect(instant.toISOString()).toBe("2021-11-07T05:30:00.000Z");
    expect(utcOffsetMinutes).toBe(-240);
  });

  it("reads a time the clocks skipped with the offset from before the jump", () => {
    const { instant } = birthInstant({ date: "2021-03-14", time: "02:30", ...newYork });
    expect(instant.toISOString()).toBe("2021-03-14T07:30:00.000Z");
  });
});

describe("birth instant: local mean time before standard time", () => {
  it("takes the birthplace's longitude, not the zone city's local mean time", () => {
    // Córdoba, Spain (4.76667 degrees west) in 1880: 19 min 4 s behind Greenwich; Madrid's zone says 14 min 44 s.
    const { instant, utcOffsetMinutes, localMeanTime } = birthInstant({
      date: "1880-03-01",
      time: "09:00",
      timezone: "Europe/Madrid",
      longitude: -4.76667,
    });
    expect(localMeanTime).toBe(true);
    expect(utcOffsetMinutes).toBeCloseTo(-19.0667, 3);
    expect(instant.toISOString()).toBe("1880-03-01T09:19:04.000Z");
  });

  it("switches to the zone's offset once the zone has standard time", () => {
    expect(birthInstant({ date: "1901-06-01", time: "12:00", ...madrid })).toEqual({
      instant: new Date("1901-06-01T12:00:00Z"),
      utcOffsetMinutes: 0,
      localMeanTime: false,
    });
  });

  it("never applies to a zone that always had one offset", () => {
    expect(birthInstant({ date: "1850-01-01", time: "12:00", timezone: "UTC", longitude: 30 })).toEqual({
      instant: new Date("1850-01-01T12:00:00Z"),
      utcOffsetMinutes: 0,
      localMeanTime: false,
    });
  });
});

import { describe, expect, it } from "vitest";
import { natalChartSchema } from "../../../contract/oracle";
import { computeNatalChart, signOf } from "./natal";
import reference from "./reference-births.json";

/** Angular distance in degrees, across 0/360. */
const separation = (a: number, b: number) => Math.abs(((((a - b + 540) % 360) + 360) % 360) - 180);

const SUN_MOON_TOLERANCE = 0.05;
const ASCENDANT_TOLERANCE = 0.5;

type Birth = (typeof reference.births)[number];

/**
 * Where the source converted the local time differently (see sourceInstantNote), the chart is computed at the
 * source's own instant: the positions are what is being compared there, the conversion is tested in local-time.
 */
function chartInput(birth: Birth) {
  const place = { latitude: birth.latitude, longitude: birth.longitude, timezone: birth.timezone };
  if (!("sourceInstantNote" in birth)) return { birthDate: birth.date, birthTime: birth.time, place };
  const [date, clock] = birth.utc.split("T") as [string, string];
  return { birthDate: date, birthTime: clock.slice(0, 5), place: { ...place, timezone: "UTC" } };
}

describe("natal chart: published reference births", () => {
  it("has at least 30 births from 1800 on, both hemispheres", () => {
    expect(reference.births.length).toBeGreaterThanOrEqual(30);
    expect(reference.births.every((birth) => birth.date >= "1800-01-01")).toBe(true);
    expect(reference.births.some((birth) => birth.latitude < -30)).toBe(true);
    expect(reference.births.some((birth) => birth.latitude > 60)).toBe(true);
  });

  it.each(reference.births.map((birth) => [birth.id, birth] as const))("%s", (_id, birth) => {
    const { chart, sunSign, moonSign, ascendantSign } = computeNatalChart(chartInput(birth));
    expect(chart.birthInstant).toBe(new Date(birth.utc).toISOString());
    expect(separation(chart.sunLongitude, birth.sun)).toBeLessThan(SUN_MOON_TOLERANCE);
    expect(separation(chart.moonLongitude, birth.moon)).toBeLessThan(SUN_MOON_TOLERANCE);
    expect(separation(chart.ascendantLongitude!, birth.ascendant)).toBeLessThan(ASCENDANT_TOLERANCE);
    // The signs follow the positions (a published position on a sign's edge is no case of a wrong sign).
    expect(sunSign).toBe(signOf(chart.sunLongitude));
    expect(moonSign).toBe(signOf(chart.moonLongitude));
    expect(ascendantSign).toBe(signOf(chart.ascendantLongitude!));
  });
});

describe("natal chart: signs and cusps", () => {
  it("names the sign of an ecliptic longitude, aries from 0 degrees", () => {
    expect(signOf(0)).toBe("aries");
    expect(signOf(29.999)).toBe("aries");
    expect(signOf(30)).toBe("taurus");
    expect(signOf(359.99)).toBe("pisces");
    expect(signOf(360)).toBe("aries");
    expect(signOf(-1)).toBe("pisces");
  });

  it("reports the sun on the cusp at the March equinox, with the sign it is leaving", () => {
    const { sunSign, chart } = computeNatalChart({
      birthDate: "2020-03-20",
      birthTime: "03:50",
      place: { latitude: 51.5074, longitude: -0.1278, timezone: "Europe/London" },
    });
    expect(sunSign).toBe("aries");
    expect(chart.cusps).toContainEqual({ body: "sun", neighbour: "pisces", degrees: 0 });
  });

  it("reports an ascendant a fraction of a degree into virgo as on the leo cusp", () => {
    const { ascendantSign, chart } = computeNatalChart({
      birthDate: "1990-06-15",
      birthTime: "12:00",
      place: { latitude: -34.6037, longitude: -58.3816, timezone: "America/Argentina/Buenos_Aires" },
    });
    expect(ascendantSign).toBe("virgo");
    expect(chart.cusps).toEqual([{ body: "ascendant", neighbour: "leo", degrees: 0.16 }]);
  });

  it("reports nothing when every body is well inside its sign", () => {
    const { chart } = computeNatalChart({
      birthDate: "1940-10-09",
      birthTime: "18:30",
      place: { latitude: 53.4084, longitude: -2.9916, timezone: "Europe/London" },
    });
    expect(chart.cusps).toEqual([]);
  });
});

describe("natal chart: local clock at the birthplace", () => {
  it("reads a New York July birth on daylight saving time", () => {
    const { chart } = computeNatalChart({
      birthDate: "1990-07-04",
      birthTime: "12:00",
      place: { latitude: 40.71427, longitude: -74.00597, timezone: "America/New_York" },
    });
    expect(chart.birthInstant).toBe("1990-07-04T16:00:00.000Z");
    expect(chart.utcOffsetMinutes).toBe(-240);
    expect(chart.localMeanTime).toBe(false);
  });

  it("reads a birth before standard time in local mean time from the longitude", () => {
    // Ulm, 11:30 local mean time: 39 min 57 s ahead of Greenwich at 9.9876 degrees east.
    const { chart } = computeNatalChart({
      birthDate: "1879-03-14",
      birthTime: "11:30",
      place: { latitude: 48.4011, longitude: 9.9876, timezone: "Europe/Berlin" },
    });
    expect(chart.localMeanTime).toBe(true);
    expect(chart.birthInstant).toBe("1879-03-14T10:50:03.000Z");
  });
});

describe("natal chart: unknown birth time", () => {
  const newYork = { latitude: 40.71427, longitude: -74.00597, timezone: "America/New_York" };

  it("gives both moon signs on a day the moon changes sign, and no ascendant", () => {
    // 20 November 2025: the moon leaves scorpio for sagittarius in the early morning, New York time.
    const { chart, ascendantSign, moonSign } = computeNatalChart({
      birthDate: "2025-11-20",
      birthTime: null,
      place: newYork,
    });
    expect(chart.moonUncertain).toBe(true);
    expect(chart.moonSignsThatDay).toEqual(["scorpio", "sagittarius"]);
    expect(moonSign).toBe("sagittarius");
    expect(ascendantSign).toBeNull();
    expect(chart.ascendantLongitude).toBeNull();
    expect(chart.birthInstant).toBe("2025-11-20T17:00:00.000Z");
    expect(chart.cusps.map((cusp) => cusp.body)).not.toContain("moon");
  });

  it("gives one moon sign on a day the moon stays in it", () => {
    const { chart, sunSign } = computeNatalChart({
      birthDate: "1990-06-15",
      birthTime: null,
      place: newYork,
    });
    expect(chart.moonUncertain).toBe(false);
    expect(chart.moonSignsThatDay).toEqual(["pisces"]);
    expect(sunSign).toBe("gemini");
  });

  it("fills every field of the chart contract", () => {
    const withTime = computeNatalChart({ birthDate: "2000-01-01", birthTime: "10:00", place: newYork });
    const withoutTime = computeNatalChart({ birthDate: "2000-01-01", birthTime: null, place: newYork });
    expect(natalChartSchema.strict().parse(withTime.chart)).toEqual(withTime.chart);
    expect(natalChartSchema.strict().parse(withoutTime.chart)).toEqual(withoutTime.chart);
    expect(withTime.chart.moonSignsThatDay).toEqual([withTime.moonSign]);
  });
});

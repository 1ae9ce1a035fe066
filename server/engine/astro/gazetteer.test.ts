import { describe, expect, it } from "vitest";
import { placeById, resolvePlace, searchPlaces } from "./gazetteer";

const LONDON_GB = 2643743;
const LONDON_CA = 6058560;
const NEW_YORK = 5128581;
const MEXICO_CITY = 3530597;
const MUNICH = 2867714;
const CORDOBA_ES = 2519240;
const CORDOBA_AR = 3860259;

describe("gazetteer: Spanish and other alternate names", () => {
  it.each([
    ["Nueva York", NEW_YORK, "Nueva York", "America/New_York"],
    ["Ciudad de México", MEXICO_CITY, "Ciudad de México", "America/Mexico_City"],
    ["Londres", LONDON_GB, "Londres", "Europe/London"],
    ["Múnich", MUNICH, "Múnich", "Europe/Berlin"],
  ])("resolves %s to the right city, named as typed", (typed, id, name, timezone) => {
    expect(resolvePlace(typed, "es")).toMatchObject({ id, name, timezone });
  });

  it("ignores accents and case, and shows the stored spelling for text not written as a name", () => {
    expect(resolvePlace("ciudad de mexico", "es")).toMatchObject({
      id: MEXICO_CITY,
      name: "Ciudad de México",
    });
    expect(resolvePlace("NUEVA YORK", "es")).toMatchObject({ id: NEW_YORK, name: "Nueva York" });
    expect(resolvePlace("lodz", "en")?.name).toBe("Łódź");
  });

  it("shows an English name typed for a place the gazetteer also knows by a Spanish spelling as typed", () => {
    expect(resolvePlace("Munich", "en")).toMatchObject({ id: MUNICH, name: "Munich" });
  });

  it("gives the usual name when the usual name matched", () => {
    expect(resolvePlace("new york city", "en")?.name).toBe("New York City");
    expect(resolvePlace("cordoba", "en")?.name).toBe("Córdoba");
  });

  it("carries country, region, coordinates and population", () => {
    expect(resolvePlace("London", "en")).toEqual({
      id: LONDON_GB,
      name: "London",
      countryCode: "GB",
      // "ENG" narrows a search ("London, ENG") but is not shown as a name.
      region: null,
      latitude: 51.50853,
      longitude: -0.12574,
      timezone: "Europe/London",
      population: 7556900,
    });
    expect(resolvePlace("Madrid", "es")?.region).toBeNull();
    expect(resolvePlace("Nueva York", "es")?.region).toBe("NY");
  });
});

describe("gazetteer: namesakes", () => {
  it("puts the most populous namesake first and lets a country or region narrow them", () => {
    expect(resolvePlace("London", "en")?.id).toBe(LONDON_GB);
    expect(resolvePlace("London, CA", "en")?.id).toBe(LONDON_CA);
    expect(resolvePlace("London, Canada", "en")?.id).toBe(LONDON_CA);
    expect(resolvePlace("London, Canadá", "es")?.id).toBe(LONDON_CA);
    expect(resolvePlace("London, England", "en")?.id).toBe(LONDON_GB);
    expect(resolvePlace("Springfield, IL", "en")?.id).toBe(4250542);
    expect(resolvePlace("Springfield, MA", "en")?.id).toBe(4951788);
  });

  it("tells Córdoba in Spain from Córdoba in Argentina by code, English or Spanish country name", () => {
    expect(resolvePlace("Córdoba", "es")?.id).toBe(CORDOBA_AR);
    for (const typed of ["Córdoba, ES", "Cordoba, Spain", "Córdoba, España"]) {
      expect(resolvePlace(typed, "es")?.id, typed).toBe(CORDOBA_ES);
    }
    expect(resolvePlace("Córdoba, Argentina", "es")?.id).toBe(CORDOBA_AR);
  });

  it("lists namesakes once each, best first", () => {
    const places = searchPlaces("Córdoba", "es", 8);
    expect(places.slice(0, 2).map((place) => place.id)).toEqual([CORDOBA_AR, CORDOBA_ES]);
    expect(new Set(places.map((place) => place.id)).size).toBe(places.length);
  });
});

describe("gazetteer: suggestions while typing", () => {
  it("offers exact names first, then names starting with the text, by population", () => {
    expect(
      searchPlaces("london", "en", 5)
        .slice(0, 2)
        .map((place) => place.id),
    ).toEqual([LONDON_GB, LONDON_CA]);
    const places = searchPlaces("lon", "en", 6);
    expect(places[0]?.id).toBe(LONDON_GB);
    expect(places.every((place) => place.name.toLowerCase().startsWith("lon"))).toBe(true);
    const populations = places.map((place) => place.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it("completes a Spanish name and shows it", () => {
    expect(searchPlaces("nueva y", "es", 3)[0]).toMatchObject({ id: NEW_YORK, name: "Nueva York" });
  });

  it("prefers usual names for a short prefix over a big city's historic names", () => {
    // Jakarta's old name Batavia starts with b, but "b" should offer the cities called B-something today.
    const names = searchPlaces("b", "en", 5).map((place) => place.name);
    expect(names).toContain("Buenos Aires");
    expect(names).not.toContain("Batavia");
  });

  it("keeps to the limit", () => {
    expect(searchPlaces("san", "es", 3)).toHaveLength(3);
  });

  it("finds nothing for an unknown place or an empty name", () => {
    expect(searchPlaces("Xyzzyville", "en", 8)).toEqual([]);
    expect(searchPlaces(", ES", "en", 8)).toEqual([]);
    expect(resolvePlace("Xyzzyville", "en")).toBeUndefined();
    expect(resolvePlace("London, Xyzzy", "en")).toBeUndefined();
  });

  it("does not resolve a fragment into a city", () => {
    expect(resolvePlace("Lond", "en")).toBeUndefined();
  });
});

describe("gazetteer: picked suggestions", () => {
  it("returns the place by its id under its usual name", () => {
    expect(placeById(MUNICH, "es")).toMatchObject({ id: MUNICH, name: "München", countryCode: "DE" });
    expect(placeById(1, "en")).toBeUndefined();
  });
});

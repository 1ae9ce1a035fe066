import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRACTICE_MINUTES } from "../../../contract/oracle";
import { users } from "../../db/schema/index";
import { createTestApp, type TestApp, testDrivers } from "../../test/harness";
import { oracleUser } from "./oracle-test-kit";

const BIRTH = { birthDate: "1990-07-24", birthTime: "14:30", birthLocation: "Nueva York" };

describe.each(testDrivers)("the oracle profile on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  const natalColumns = async (userId: number) =>
    (
      await t.db
        .select({
          calculatedAt: users.natalChartCalculatedAt,
          apiCalls: users.natalChartApiCalls,
        })
        .from(users)
        .where(eq(users.id, userId))
    )[0]!;

  it("answers defaults, incomplete, before the profile is saved", async () => {
    const { browser } = await oracleUser(t);
    const profile = await browser.get("/api/oracle/profile");
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      complete: false,
      birthDate: null,
      birthPlace: null,
      sunSign: null,
      natal: null,
      dailyPracticeMinutes: DEFAULT_PRACTICE_MINUTES,
      practiceFrequency: "daily",
      experienceLevel: "beginner",
    });
  });

  it("resolves a Spanish place name, computes the signs offline, and keeps them while birth data stays", async () => {
    const { browser, userId } = await oracleUser(t, { language: "es" });
    const saved = await browser.request("PUT", "/api/oracle/profile", {
      ...BIRTH,
      dailyPracticeMinutes: 20,
      practiceFrequency: "most-days",
      currentChallenges: "  Family tension  ",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      complete: true,
      birthLocation: "Nueva York",
      birthPlace: { name: "Nueva York", countryCode: "US", timezone: "America/New_York" },
      sunSign: "leo",
      dailyPracticeMinutes: 20,
      practiceFrequency: "most-days",
      currentChallenges: "Family tension",
    });
    expect(saved.json().ascendantSign).not.toBeNull();
    // 14:30 in New York in July is daylight time, four hours behind UTC.
    expect(saved.json().natal).toMatchObject({ utcOffsetMinutes: -240, localMeanTime: false });
    expect(await browser.get("/api/oracle/profile").then((r) => r.json())).toEqual(saved.json());
    const computed = await natalColumns(userId);
    expect(computed.apiCalls).toBe(0);

    t.clock.advance(60_000);
    const preferencesOnly = await browser.request("PUT", "/api/oracle/profile", {
      ...BIRTH,
      experienceLevel: "advanced",
    });
    // Omitted preferences stay as saved.
    expect(preferencesOnly.json()).toMatchObject({ experienceLevel: "advanced", dailyPracticeMinutes: 20 });
    expect((await natalColumns(userId)).calculatedAt).toEqual(computed.calculatedAt);

    t.clock.advance(60_000);
    const noTime = await browser.request("PUT", "/api/oracle/profile", { ...BIRTH, birthTime: null });
    expect(noTime.json()).toMatchObject({ birthTime: null, ascendantSign: null, sunSign: "leo" });
    expect((await natalColumns(userId)).calculatedAt).not.toEqual(computed.calculatedAt);
  });

  it("refuses a place the gazetteer does not know, naming birthLocation", async () => {
    const { browser } = await oracleUser(t);
    const refused = await browser.request("PUT", "/api/oracle/profile", {
      ...BIRTH,
      birthLocation: "Qwxzyville Nowhere",
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: "VALIDATION", errors: [{ path: "birthLocation" }] });
    expect((await browser.get("/api/oracle/profile")).json().complete).toBe(false);
  });

  it("keeps a picked suggestion's place and the name it was found by, over a namesake", async () => {
    const { browser } = await oracleUser(t);
    const [canadian] = (await browser.get("/api/oracle/places?q=London, Canadá&lang=es")).json().places;
    expect(canadian).toMatchObject({ countryCode: "CA", name: "London" });
    const [britain] = (await browser.get("/api/oracle/places?q=Londres&lang=es")).json().places;
    const saved = await browser.request("PUT", "/api/oracle/profile", {
      ...BIRTH,
      birthLocation: "Londres, Reino Unido",
      birthPlaceId: britain.id,
    });
    expect(saved.json().birthPlace).toMatchObject({ id: britain.id, name: "Londres", countryCode: "GB" });
    const other = await browser.request("PUT", "/api/oracle/profile", {
      ...BIRTH,
      birthLocation: "London",
      birthPlaceId: canadian.id,
    });
    expect(other.json().birthPlace).toMatchObject({ id: canadian.id, timezone: "America/Toronto" });
  });

  it("refuses a birth date before 1800 or after today", async () => {
    const { browser } = await oracleUser(t);
    for (const birthDate of ["1799-12-31", "2999-01-01"]) {
      const refused = await browser.request("PUT", "/api/oracle/profile", { ...BIRTH, birthDate });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([
        { path: "birthDate", message: "Enter a birth date between 1800-01-01 and today." },
      ]);
    }
  });

  it("suggests places by their Spanish or English names, with the country to tell namesakes apart", async () => {
    const { browser } = await oracleUser(t);
    const londres = (await browser.get("/api/oracle/places?q=Londres&lang=es&limit=3")).json();
    expect(londres.places[0]).toMatchObject({ countryCode: "GB", timezone: "Europe/London" });
    const london = (await browser.get("/api/oracle/places?q=London&limit=20")).json();
    expect(london.places.map((place: { countryCode: string }) => place.countryCode)).toEqual(
      expect.arrayContaining(["GB", "CA"]),
    );
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminders } from "../../db/schema/index";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";

/** The account page's reminder settings: GET /api/reminders, PUT /api/reminders/:kind and quiet hours. */
describe.each(testDrivers)("reminder settings on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // A fixed summer day: 10:00 UTC, 12:00 in Madrid, 06:00 in New York.
    t.clock.set(new Date("2027-06-01T10:00:00Z"));
  });
  afterAll(async () => {
    await t?.close();
  });

  const dreamRecall = (body: unknown) =>
    (body as { reminders: Array<{ kind: string }> }).reminders.find((r) => r.kind === "dream-recall");

  it("shows dream recall off at 07:30 until the user sets it, in the profile's timezone", async () => {
    const { browser } = await signUpVerified(t, "dormouse");
    const response = await browser.get("/api/reminders");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      reminders: [
        { kind: "dream-recall", enabled: false, localTime: "07:30", nextDueAt: null },
        { kind: "oracle-practice", enabled: false, localTime: "19:00", nextDueAt: null },
      ],
      quietHours: null,
      timezone: "UTC",
    });
  });

  it("turns a reminder on at a local time, moves it, and turns it off", async () => {
    const { browser } = await signUpVerified(t, "nightjar");
    expect((await browser.request("PATCH", "/api/user", { timezone: "Europe/Madrid" })).statusCode).toBe(200);

    const on = await browser.request("PUT", "/api/reminders/dream-recall", {
      enabled: true,
      localTime: "07:30",
    });
    expect(on.statusCode).toBe(200);
    // It is noon in Madrid: the next 07:30 is tomorrow's (05:30 UTC in summer time).
    expect(on.json()).toEqual({
      kind: "dream-recall",
      enabled: true,
      localTime: "07:30",
      nextDueAt: "2027-06-02T05:30:00.000Z",
    });
    const later = await browser.request("PUT", "/api/reminders/dream-recall", {
      enabled: true,
      localTime: "21:15",
    });
    expect(later.json().nextDueAt).toBe("2027-06-01T19:15:00.000Z");
    expect(dreamRecall((await browser.get("/api/reminders")).json())).toEqual(later.json());

    const off = await browser.request("PUT", "/api/reminders/dream-recall", {
      enabled: false,
      localTime: "21:15",
    });
    expect(off.json()).toEqual({ kind: "dream-recall", enabled: false, localTime: "21:15", nextDueAt: null });
    expect(dreamRecall((await browser.get("/api/reminders")).json())).toEqual(off.json());
  });

  it("refuses a time that is not HH:MM on a 24-hour clock, in the spec's shape and the caller's language", async () => {
    const { browser } = await signUpVerified(t, "potoo");
    for (const localTime of ["7:30", "24:00", "07:60", "07:30:00", ""]) {
      const response = await browser.request("PUT", "/api/reminders/dream-recall", {
        enabled: true,
        localTime,
      });
      expect(response.statusCode, localTime).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        code: "VALIDATION",
        message: "localTime: Use a 24-hour time such as 07:30.",
        errors: [{ path: "localTime", message: "Use a 24-hour time such as 07:30." }],
      });
    }
    const spanish = await browser.request(
      "PUT",
      "/api/reminders/dream-recall",
      { enabled: true, localTime: "24:00" },
      { headers: { "x-language": "es" } },
    );
    expect(spanish.json().errors).toEqual([
      { path: "localTime", message: "Usa una hora de 24 horas, por ejemplo 07:30." },
    ]);

    const unknownKind = await browser.request("PUT", "/api/reminders/horoscope", {
      enabled: true,
      localTime: "07:30",
    });
    expect(unknownKind.statusCode).toBe(422);
    const missing = await browser.request("PUT", "/api/reminders/dream-recall", { enabled: true });
    expect(missing.statusCode).toBe(422);
    // Nothing was stored by any of them.
    expect(dreamRecall((await browser.get("/api/reminders")).json())).toMatchObject({ enabled: false });
  });

  it("changes only the caller's reminders", async () => {
    const owner = await signUpVerified(t, "tawnyowl");
    const other = await signUpVerified(t, "barnowl");
    await owner.browser.request("PUT", "/api/reminders/dream-recall", { enabled: true, localTime: "06:45" });
    const before = await t.db.select().from(reminders).where(eq(reminders.userId, owner.userId));

    await other.browser.request("PUT", "/api/reminders/dream-recall", { enabled: true, localTime: "09:00" });
    await other.browser.request("PUT", "/api/reminders/quiet-hours", {
      quietHours: { start: "05:00", end: "10:00" },
    });

    expect(await t.db.select().from(reminders).where(eq(reminders.userId, owner.userId))).toEqual(before);
    expect(dreamRecall((await owner.browser.get("/api/reminders")).json())).toMatchObject({
      localTime: "06:45",
    });
    expect((await owner.browser.get("/api/reminders")).json().quietHours).toBeNull();
    expect(dreamRecall((await other.browser.get("/api/reminders")).json())).toMatchObject({
      localTime: "09:00",
    });
  });

  it("postpones reminders out of quiet hours, refuses an empty window, and clears it", async () => {
    const { browser } = await signUpVerified(t, "nighthawk");
    await browser.request("PATCH", "/api/user", { timezone: "America/New_York" });
    await browser.request("PUT", "/api/reminders/dream-recall", { enabled: true, localTime: "06:30" });

    const empty = await browser.request("PUT", "/api/reminders/quiet-hours", {
      quietHours: { start: "22:00", end: "22:00" },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      success: false,
      code: "VALIDATION",
      message: "Quiet hours must start and end at different times.",
      errors: [{ path: "quietHours", message: "Quiet hours must start and end at different times." }],
    });

    // 06:00 in New York now; 06:30 falls in quiet hours that run to 07:00.
    const quiet = await browser.request("PUT", "/api/reminders/quiet-hours", {
      quietHours: { start: "22:00", end: "07:00" },
    });
    expect(quiet.statusCode).toBe(200);
    expect(quiet.json()).toMatchObject({
      quietHours: { start: "22:00", end: "07:00" },
      timezone: "America/New_York",
      reminders: [
        { kind: "dream-recall", localTime: "06:30", nextDueAt: "2027-06-01T11:00:00.000Z" },
        { kind: "oracle-practice", nextDueAt: null },
      ],
    });

    const cleared = await browser.request("PUT", "/api/reminders/quiet-hours", { quietHours: null });
    expect(cleared.json()).toMatchObject({
      quietHours: null,
      reminders: [{ nextDueAt: "2027-06-01T10:30:00.000Z" }, { kind: "oracle-practice", nextDueAt: null }],
    });
  });

  it("moves the next reminder when the profile's timezone changes", async () => {
    const { browser } = await signUpVerified(t, "frogmouth");
    await browser.request("PATCH", "/api/user", { timezone: "Europe/Madrid" });
    await browser.request("PUT", "/api/reminders/dream-recall", { enabled: true, localTime: "07:30" });
    expect(dreamRecall((await browser.get("/api/reminders")).json())).toMatchObject({
      nextDueAt: "2027-06-02T05:30:00.000Z",
    });

    expect((await browser.request("PATCH", "/api/user", { timezone: "America/Santiago" })).statusCode).toBe(
      200,
    );

    // 06:00 in Santiago (UTC-4 in June): 07:30 is still to come today.
    const after = (await browser.get("/api/reminders")).json();
    expect(after.timezone).toBe("America/Santiago");
    expect(dreamRecall(after)).toMatchObject({ nextDueAt: "2027-06-01T11:30:00.000Z" });
  });
});

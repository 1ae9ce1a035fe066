import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oracleConsultations } from "../../db/schema/index";
import { createTestApp, type TestApp, type TestBrowser, testDrivers } from "../../test/harness";
import { CHALLENGE, consult, entry, oracleUser } from "./oracle-test-kit";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe.each(testDrivers)("the oracle's practice journal, follow-up and sharing on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  const journalOf = (browser: TestBrowser, id: string) =>
    browser.get(`/api/oracle/consultations/${id}/journal`);
  const write = (browser: TestBrowser, id: string, body = entry("I breathed before calling my sister.")) =>
    browser.post(`/api/oracle/consultations/${id}/journal`, body);

  it("numbers entries by the user's local days, edits today's, and closes after day 10", async () => {
    // 06:30 UTC on 1 May is still 30 April, 23:30, in Los Angeles.
    t.clock.set(new Date("2030-05-01T06:30:00Z"));
    const angeleno = await oracleUser(t, { timezone: "America/Los_Angeles", premium: true });
    const londoner = await oracleUser(t, { timezone: "UTC", premium: true });
    const west = await consult(t, angeleno.browser);
    const utc = await consult(t, londoner.browser);

    const first = await write(angeleno.browser, west.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ today: "2030-04-30", calendarDay: 1, todayEntryNumber: 1 });
    expect(first.json().entries).toMatchObject([
      { entryNumber: 1, practiceDate: "2030-04-30", editable: true },
    ]);
    expect((await write(londoner.browser, utc.id)).json().today).toBe("2030-05-01");

    // Again the same local day: the same entry, edited.
    const edited = await write(angeleno.browser, west.id, entry("Edited: I called her after breathing."));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().entries).toMatchObject([
      { entryNumber: 1, journalEntry: "Edited: I called her after breathing.", editable: true },
    ]);

    // 07:30 UTC: past midnight in Los Angeles (day 2, a new entry), still 1 May in UTC (an edit).
    t.clock.advance(HOUR);
    const second = await write(angeleno.browser, west.id);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ today: "2030-05-01", calendarDay: 2, todayEntryNumber: 2 });
    expect(second.json().entries.map((e: { editable: boolean }) => e.editable)).toEqual([false, true]);
    const sameDay = await write(londoner.browser, utc.id);
    expect(sameDay.statusCode).toBe(200);
    expect(sameDay.json().entries).toHaveLength(1);

    // Day 10 is the last one; on day 11 the journal is closed and the follow-up is open (entries to review).
    t.clock.advance(8 * DAY);
    expect((await journalOf(angeleno.browser, west.id)).json()).toMatchObject({
      calendarDay: 10,
      todayEntryNumber: 3,
    });
    t.clock.advance(DAY);
    const day11 = await write(angeleno.browser, west.id);
    expect(day11.statusCode).toBe(409);
    expect(day11.json()).toMatchObject({
      code: "CONFLICT",
      message: "The 10 days of this practice are over. Ask for your follow-up to look back on them.",
    });
    expect((await journalOf(angeleno.browser, west.id)).json()).toMatchObject({
      calendarDay: 11,
      todayEntryNumber: null,
      canFollowUp: true,
    });
    const spanish = await angeleno.browser.post(
      `/api/oracle/consultations/${west.id}/journal`,
      entry("Hoy"),
      {
        headers: { "x-language": "es" },
      },
    );
    expect(spanish.json().message).toBe(
      "Los 10 días de esta práctica han terminado. Pide tu seguimiento para repasarlos.",
    );
  });

  it("keeps one entry when the same day is written twice at once", async () => {
    const { browser } = await oracleUser(t, { premium: true });
    const { id } = await consult(t, browser);
    const answers = await Promise.all([write(browser, id), write(browser, id), write(browser, id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect((await journalOf(browser, id)).json().entries).toHaveLength(1);
  });

  it("refuses a journal entry while the reading is not complete", async () => {
    const { browser, userId } = await oracleUser(t, { premium: true });
    await t.db
      .insert(oracleConsultations)
      .values({ id: "stillProcessing0001", userId, userInput: CHALLENGE, createdAt: t.clock.now() });
    const refused = await write(browser, "stillProcessing0001");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This consultation has no finished reading yet.");
  });

  it("opens the follow-up at 3 entries, writes it once for parallel requests, then closes the journal", async () => {
    const { browser } = await oracleUser(t, { premium: true });
    const { id } = await consult(t, browser);
    const moods = [
      [3, 5],
      [4, 7],
    ];
    for (const [before, after] of moods) {
      expect((await write(browser, id, entry("Practised.", { before, after }))).statusCode).toBe(201);
      t.clock.advance(DAY);
    }
    const early = await browser.post(`/api/oracle/consultations/${id}/follow-up`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      "The follow-up opens after day 10 of the practice, or sooner once you have written 3 journal entries.",
    );
    expect((await journalOf(browser, id)).json().canFollowUp).toBe(false);

    await write(browser, id, entry("Practised again.", { before: 5, after: 8 }));
    expect((await journalOf(browser, id)).json().canFollowUp).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => browser.post(`/api/oracle/consultations/${id}/follow-up`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const consultation = answers.find((answer) => answer.statusCode === 201)!.json();
    expect(consultation).toMatchObject({ practiceCompleted: true, journalEntriesCount: 3 });
    expect(consultation.followUp).toMatchObject({
      journalEntriesCount: 3,
      figures: { averageMoodBefore: 4, averageMoodAfter: expect.closeTo(6.67, 1) },
    });
    for (const text of ["practiceAnalysis", "progressAssessment", "evolutionInsights", "nextPhaseGuidance"]) {
      expect(consultation.followUp[text].length, text).toBeGreaterThan(0);
    }
    // The page reads the same follow-up later, figures included.
    expect((await browser.get(`/api/oracle/consultations/${id}`)).json().followUp).toEqual(
      consultation.followUp,
    );
    expect((await browser.post(`/api/oracle/consultations/${id}/follow-up`)).json().message).toBe(
      "This practice already has its follow-up.",
    );
    const closed = await write(browser, id);
    expect(closed.statusCode).toBe(409);
    expect((await journalOf(browser, id)).json()).toMatchObject({
      todayEntryNumber: null,
      canFollowUp: false,
    });
  });

  it("opens the follow-up after day 10 with a single entry, not without any", async () => {
    const { browser } = await oracleUser(t, { premium: true });
    const one = await consult(t, browser);
    const none = await consult(t, browser, `${CHALLENGE} A second question.`);
    await write(browser, one.id);
    t.clock.advance(10 * DAY);
    expect((await browser.post(`/api/oracle/consultations/${one.id}/follow-up`)).statusCode).toBe(201);
    const empty = await browser.post(`/api/oracle/consultations/${none.id}/follow-up`);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(
      "This practice has no journal entries for a follow-up to look back on.",
    );
  });

  it("shares the reading alone through an unguessable link, until it is revoked", async () => {
    const { browser, userId } = await oracleUser(t, { premium: true });
    const { id } = await consult(t, browser);
    await write(browser, id, entry("A private journal line about my sister."));

    const shared = await browser.post(`/api/oracle/consultations/${id}/share`);
    expect(shared.statusCode).toBe(200);
    const { sharePath } = shared.json();
    expect(sharePath).toMatch(/^\/share\/oracle\/[A-Za-z0-9_-]{43}$/);
    expect((await browser.post(`/api/oracle/consultations/${id}/share`)).json().sharePath).toBe(sharePath);
    expect((await browser.get(`/api/oracle/consultations/${id}`)).json().sharePath).toBe(sharePath);

    const visitor = t.browser();
    const token = sharePath.split("/").at(-1);
    const seen = await visitor.get(`/api/share/oracle/${token}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["x-robots-tag"]).toBe("noindex");
    // The page at the link, too, is kept out of search engines.
    expect((await visitor.get(sharePath, { headers: { accept: "text/html" } })).headers["x-robots-tag"]).toBe(
      "noindex",
    );
    expect(Object.keys(seen.json()).sort()).toEqual(["createdAt", "reading"]);
    const reading = seen.json().reading;
    expect(reading.plan).toHaveLength(10);
    // Nothing drawn from the owner's private data: journal, challenge, dream journal, birth signs.
    expect(reading).toMatchObject({ dreamEchoes: [], echoNote: null, signsNote: null });
    const [owner] = await t.db
      .select()
      .from(oracleConsultations)
      .where(eq(oracleConsultations.userId, userId));
    expect(seen.body).not.toContain(CHALLENGE);
    expect(seen.body).not.toContain("A private journal line");
    expect(seen.body).not.toContain(owner!.id);

    const revoked = await browser.request("DELETE", `/api/oracle/consultations/${id}/share`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe("");
    const gone = await visitor.get(`/api/share/oracle/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: "NOT_FOUND" });
    const unknown = await visitor.get(`/api/share/oracle/${"A".repeat(43)}`);
    expect(unknown.body).toBe(gone.body);
    expect((await browser.get(`/api/oracle/consultations/${id}`)).json().sharePath).toBeNull();

    const again = (await browser.post(`/api/oracle/consultations/${id}/share`)).json().sharePath;
    expect(again).not.toBe(sharePath);
    expect((await visitor.get(`/api/share/oracle/${again.split("/").at(-1)}`)).statusCode).toBe(200);
  });
});

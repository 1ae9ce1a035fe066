import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ORACLE_PRACTICE_DAYS } from "../../../contract/oracle";
import { dreams, oracleConsultations, users } from "../../db/schema/index";
import { createTestApp, type TestApp, testDrivers } from "../../test/harness";
import { ORACLE_WINDOW_MS } from "../billing/oracle-allowance";
import { CHALLENGE, consult, oracleUser } from "./oracle-test-kit";

/** Switches that make a step fail, or record what the row said while a step ran. */
const probe = vi.hoisted(() => ({ failCompose: false, stepsSeenWhileReviewingDreams: [] as string[] }));

vi.mock("../../engine/oracle/index", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../engine/oracle/index")>();
  return {
    ...actual,
    composeConsultation: (input: Parameters<typeof actual.composeConsultation>[0]) => {
      if (probe.failCompose) throw new Error("the composer broke");
      return actual.composeConsultation(input);
    },
  };
});

vi.mock("../dreams/dreamer-history", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../dreams/dreamer-history")>();
  const schema = await import("../../db/schema/index");
  const { desc: newest, eq: equals } = await import("drizzle-orm");
  return {
    ...actual,
    loadDreamerHistory: async (...args: Parameters<typeof actual.loadDreamerHistory>) => {
      const [db, , userId] = args;
      const [row] = await db
        .select({ step: schema.oracleConsultations.step })
        .from(schema.oracleConsultations)
        .where(equals(schema.oracleConsultations.userId, userId))
        .orderBy(newest(schema.oracleConsultations.createdAt))
        .limit(1);
      if (row) probe.stepsSeenWhileReviewingDreams.push(row.step);
      return actual.loadDreamerHistory(...args);
    },
  };
});

describe.each(testDrivers)("oracle consultations on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  const oracleUsed = async (userId: number) =>
    (await t.db.select({ used: users.oracleUsed }).from(users).where(eq(users.id, userId)))[0]!.used;

  it("lets a free user consult once per 30 days: of 5 parallel requests exactly one passes", async () => {
    const { browser, signIn } = await oracleUser(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => browser.post("/api/oracle/consultations", { challenge: CHALLENGE })),
    );
    await t.app.background.idle();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 403, 403, 403, 403]);
    const refused = answers.find((answer) => answer.statusCode === 403)!.json();
    expect(refused).toMatchObject({ success: false, code: "FORBIDDEN", reason: "ORACLE_LIMIT" });
    expect(refused.message).toMatch(/^Oracle access requires Premium upgrade\. .*limit/);

    const spanish = await browser.post(
      "/api/oracle/consultations",
      { challenge: CHALLENGE },
      { headers: { "x-language": "es" } },
    );
    expect(spanish.json().message).toMatch(/^El acceso al oráculo requiere Premium\. .*límite/);

    t.clock.advance(ORACLE_WINDOW_MS - 60_000);
    await signIn();
    expect((await browser.post("/api/oracle/consultations", { challenge: CHALLENGE })).statusCode).toBe(403);
    t.clock.advance(60_000);
    expect((await browser.post("/api/oracle/consultations", { challenge: CHALLENGE })).statusCode).toBe(202);
    await t.app.background.idle();
  });

  it("does not count premium users", async () => {
    const { browser, userId } = await oracleUser(t, { premium: true });
    for (let i = 0; i < 3; i++) {
      expect((await browser.post("/api/oracle/consultations", { challenge: CHALLENGE })).statusCode).toBe(
        202,
      );
    }
    await t.app.background.idle();
    expect(await oracleUsed(userId)).toBe(0);
  });

  it("refuses a challenge under 50 characters with the spec's message, counting nothing", async () => {
    const { browser, userId } = await oracleUser(t);
    const short = await browser.post("/api/oracle/consultations", { challenge: "Why do I feel stuck?" });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([
      { path: "challenge", message: "Please describe your challenge in at least 50 characters." },
    ]);
    expect(await oracleUsed(userId)).toBe(0);
  });

  it("answers 202 at the first step, then runs the real steps to a stored reading", async () => {
    const { browser, userId } = await oracleUser(t, { premium: true });
    // The recurring images of the user's recent dreams inform the reading (their counts, never their text).
    for (const content of ["I walked along the sea at night.", "The sea rose into my old house."]) {
      await t.db.insert(dreams).values({ userId, title: "Sea", content, symbolKeys: ["ocean"] });
    }
    probe.stepsSeenWhileReviewingDreams = [];
    const started = await browser.post("/api/oracle/consultations", { challenge: CHALLENGE });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      status: "processing",
      step: "initiating",
      percent: 5,
      reading: null,
      challenge: CHALLENGE,
    });
    expect(started.json().id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    await t.app.background.idle();
    // While the dreams were reviewed, the row said the profile step was done: progress comes from the steps.
    expect(probe.stepsSeenWhileReviewingDreams).toEqual(["consulting-profile"]);
    const done = (await browser.get(`/api/oracle/consultations/${started.json().id}`)).json();
    expect(done).toMatchObject({ status: "complete", step: "complete", percent: 100, followUp: null });
    expect(done.reading.plan).toHaveLength(ORACLE_PRACTICE_DAYS);
    expect(done.reading.message.length).toBeGreaterThan(0);
    expect(done.reading.exercise.instructions.length).toBeGreaterThan(0);
    expect(done.reading.dreamEchoes).toContainEqual(expect.objectContaining({ key: "ocean", count: 2 }));
    const [row] = await t.db.select().from(oracleConsultations).where(eq(oracleConsultations.id, done.id));
    expect(row!.recommendedExerciseId).toBe(done.reading.exercise.id);
  });

  it("marks a consultation whose step fails as failed and gives the free consultation back", async () => {
    const { browser, userId } = await oracleUser(t);
    probe.failCompose = true;
    try {
      const started = await browser.post("/api/oracle/consultations", { challenge: CHALLENGE });
      expect(started.statusCode).toBe(202);
      await t.app.background.idle();
      const failed = (await browser.get(`/api/oracle/consultations/${started.json().id}`)).json();
      expect(failed).toMatchObject({ status: "failed", step: "reviewing-dreams", reading: null });
    } finally {
      probe.failCompose = false;
    }
    expect(await oracleUsed(userId)).toBe(0);
    await consult(t, browser);
    expect(await oracleUsed(userId)).toBe(1);
  });

  it("reads a consultation left processing by a dead process as failed, and gives it back on the next try", async () => {
    const { browser, userId } = await oracleUser(t);
    const askedAt = t.clock.now();
    await t.db
      .update(users)
      .set({ oracleUsed: 1, oracleResetDate: new Date(askedAt.getTime() + ORACLE_WINDOW_MS) })
      .where(eq(users.id, userId));
    await t.db.insert(oracleConsultations).values({
      id: "abandonedConsultation1",
      userId,
      userInput: CHALLENGE,
      createdAt: askedAt,
      step: "reviewing-dreams",
    });

    t.clock.advance(60_000);
    expect((await browser.get("/api/oracle/consultations/abandonedConsultation1")).json().status).toBe(
      "processing",
    );
    t.clock.advance(61_000 + 1);
    expect((await browser.get("/api/oracle/consultations/abandonedConsultation1")).json().status).toBe(
      "failed",
    );

    // The allowance was spent on it; the next consultation is not refused for it.
    const next = await consult(t, browser);
    expect(next.status).toBe("complete");
    const [abandoned] = await t.db
      .select({ status: oracleConsultations.status })
      .from(oracleConsultations)
      .where(
        and(eq(oracleConsultations.userId, userId), eq(oracleConsultations.id, "abandonedConsultation1")),
      );
    expect(abandoned!.status).toBe("failed");
  });

  it("lists the user's consultations newest first in keyset pages", async () => {
    const { browser } = await oracleUser(t, { premium: true });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await consult(t, browser, `${CHALLENGE} Consultation number ${i}.`)).id);
      t.clock.advance(1000);
    }
    const first = (await browser.get("/api/oracle/consultations?limit=2")).json();
    expect(first.consultations.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.consultations[0]).toMatchObject({
      status: "complete",
      journalEntriesCount: 0,
      hasFollowUp: false,
      shared: false,
    });
    expect(first.consultations[0].themes.length).toBeGreaterThan(0);
    expect(first.consultations[0].exerciseName).toEqual(expect.any(String));
    const second = (await browser.get(`/api/oracle/consultations?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toEqual({ consultations: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    const forged = await browser.get(
      `/api/oracle/consultations?cursor=${Buffer.from("x|y").toString("base64url")}`,
    );
    expect(forged.statusCode).toBe(422);
  });

  it("answers another user's consultation 404 on every route, exactly like a missing one", async () => {
    const owner = await oracleUser(t, { premium: true });
    const stranger = await oracleUser(t, { premium: true });
    const { id } = await consult(t, owner.browser);
    const missing = "ThisConsultationDoesNotExist";
    const calls: Array<[method: "GET" | "POST" | "DELETE", path: string, body?: unknown]> = [
      ["GET", ""],
      ["GET", "/journal"],
      ["POST", "/journal", { journalEntry: "Not mine", exerciseImplemented: false }],
      ["POST", "/follow-up"],
      ["POST", "/share"],
      ["DELETE", "/share"],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await stranger.browser.request(method, `/api/oracle/consultations/${id}${path}`, body);
      const none = await stranger.browser.request(
        method,
        `/api/oracle/consultations/${missing}${path}`,
        body,
      );
      expect(theirs.statusCode, `${method} ${path}`).toBe(404);
      expect(theirs.body).toBe(none.body);
    }
    const listed = (await stranger.browser.get("/api/oracle/consultations")).json();
    expect(listed.consultations).toEqual([]);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderDeliveries, reminders, users } from "../../db/schema/index";
import { createSmtpMailer } from "../../integrations/email/mailer";
import type { Jobs } from "../../integrations/jobs/jobs";
import { createTestApp, type TestApp, testDrivers } from "../../test/harness";
import { reminderKindDefinitions } from "../reminders/reminder-kinds";
import { type ReminderContext, sendDueReminders } from "../reminders/send-due-reminders";
import { consult, entry, oracleUser } from "./oracle-test-kit";

/** This suite sends no push: a job would be a delivery retry. */
const noJobs: Jobs = {
  define: () => undefined,
  schedule: () => undefined,
  send: async () => {
    throw new Error("no job expected");
  },
  start: async () => undefined,
  stop: async () => undefined,
};

/** 19:00 on a June day in Madrid (summer time, UTC+2). */
const evening = (day: string) => new Date(`${day}T19:00:00+02:00`);

describe.each(testDrivers)("the oracle practice-day reminder on %s", (driver) => {
  let t: TestApp;
  let ctx: ReminderContext;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const mailer = createSmtpMailer(t.smtp.url, t.config.mailFrom);
    ctx = { config: t.config, db: t.db, clock: t.clock, log: t.app.log, mailer, jobs: noJobs };
  });
  afterAll(async () => {
    ctx?.mailer.close();
    await t?.close();
  });

  it("fires at 19:00 only on a practice day whose entry is not written yet", async () => {
    t.clock.set(new Date("2030-06-01T10:00:00+02:00"));
    const { browser, userId } = await oracleUser(t, { timezone: "Europe/Madrid", premium: true });
    const listed = (await browser.get("/api/reminders")).json().reminders;
    expect(listed).toContainEqual({
      kind: "oracle-practice",
      enabled: false,
      localTime: "19:00",
      nextDueAt: null,
    });
    expect(
      (await browser.request("PUT", "/api/reminders/oracle-practice", { enabled: true, localTime: "19:00" }))
        .statusCode,
    ).toBe(200);
    const [reminder] = await t.db.select().from(reminders).where(eq(reminders.userId, userId));
    const [recipient] = await t.db.select().from(users).where(eq(users.id, userId));
    const firedDays = async () =>
      (
        await t.db
          .select({ localDate: reminderDeliveries.localDate })
          .from(reminderDeliveries)
          .where(eq(reminderDeliveries.reminderId, reminder!.id))
          .orderBy(reminderDeliveries.localDate)
      ).map((row) => row.localDate);
    const tick = async (day: string) => {
      t.clock.set(evening(day));
      await sendDueReminders(ctx, evening(day));
    };

    // No consultation yet: nothing to practise.
    await tick("2030-06-01");
    expect(await firedDays()).toEqual([]);

    t.clock.set(new Date("2030-06-02T09:00:00+02:00"));
    const { id } = await consult(t, browser);
    const message = reminderKindDefinitions["oracle-practice"].message;
    expect(await message(t.db, recipient!, "en", evening("2030-06-02"))).toEqual({
      title: "Day 1 of your practice",
      body: "Take a few minutes for today's exercise, then write in your practice journal how it went.",
      url: `/oracle?consultation=${id}`,
    });
    expect((await message(t.db, recipient!, "es", evening("2030-06-04")))?.title).toBe(
      "Día 3 de tu práctica",
    );
    await tick("2030-06-02");

    // Day 2: today's entry is written before the evening.
    t.clock.set(new Date("2030-06-03T08:00:00+02:00"));
    await browser.post(`/api/oracle/consultations/${id}/journal`, entry("Morning practice."));
    await tick("2030-06-03");

    // Day 3: not written.
    await tick("2030-06-04");
    expect(await firedDays()).toEqual(["2030-06-02", "2030-06-04"]);

    // Day 11: the practice is over.
    await tick("2030-06-12");
    expect(await firedDays()).toEqual(["2030-06-02", "2030-06-04"]);
    const [moved] = await t.db.select().from(reminders).where(eq(reminders.id, reminder!.id));
    expect(moved!.nextDueAt).toEqual(evening("2030-06-13"));
  });

  it("stops once the practice has its follow-up", async () => {
    t.clock.set(new Date("2030-07-01T09:00:00+02:00"));
    const { browser, userId } = await oracleUser(t, { timezone: "Europe/Madrid", premium: true });
    const { id } = await consult(t, browser);
    for (const day of ["2030-07-01", "2030-07-02", "2030-07-03"]) {
      t.clock.set(new Date(`${day}T09:00:00+02:00`));
      await browser.post(`/api/oracle/consultations/${id}/journal`, entry("Practised."));
    }
    const [recipient] = await t.db.select().from(users).where(eq(users.id, userId));
    const message = reminderKindDefinitions["oracle-practice"].message;
    expect(await message(t.db, recipient!, "en", evening("2030-07-04"))).not.toBeNull();
    t.clock.set(new Date("2030-07-04T09:00:00+02:00"));
    expect((await browser.post(`/api/oracle/consultations/${id}/follow-up`)).statusCode).toBe(201);
    expect(await message(t.db, recipient!, "en", evening("2030-07-04"))).toBeNull();
  });
});

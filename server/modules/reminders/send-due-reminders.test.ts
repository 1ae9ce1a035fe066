import { eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dreams, pushSubscriptions, reminderDeliveries, reminders, users } from "../../db/schema/index";
import { createSmtpMailer } from "../../integrations/email/mailer";
import type { Jobs } from "../../integrations/jobs/jobs";
import { createTestApp, type TestApp, testDrivers } from "../../test/harness";
import { startPushService } from "../../test/push-service";
import { updateReminder } from "./reminder-settings";
import { type ReminderContext, sendDueReminders } from "./send-due-reminders";

const MINUTE = 60_000;

/** Delivery retries are another suite's: here a push service that accepts or gives up never queues one. */
const unusedJobs: Jobs = {
  define: () => undefined,
  schedule: () => undefined,
  send: async () => {
    throw new Error("no job expected");
  },
  start: async () => undefined,
  stop: async () => undefined,
};

let counter = 0;

describe.each(testDrivers)("sending due reminders on %s", (driver) => {
  let t: TestApp;
  let ctx: ReminderContext;
  const push = { service: undefined as Awaited<ReturnType<typeof startPushService>> | undefined };

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: "on" } });
    push.service = await startPushService();
    const mailer = createSmtpMailer(t.smtp.url, t.config.mailFrom);
    ctx = { config: t.config, db: t.db, clock: t.clock, log: t.app.log, mailer, jobs: unusedJobs };
  });
  afterAll(async () => {
    ctx?.mailer.close();
    await push.service?.close();
    await t?.close();
  });

  /** A verified account in the zone with the dream-recall reminder on at `localTime`, set at the clock's now. */
  async function userWithReminder(
    timeZone: string,
    options: { email?: boolean; push?: boolean; language?: "en" | "es"; localTime?: string } = {},
  ) {
    const name = `sleeper${++counter}${driver}`;
    const [user] = await t.db
      .insert(users)
      .values({
        username: name,
        email: `${name}@example.com`,
        emailVerified: true,
        timezone: timeZone,
        language: options.language ?? "en",
        emailNotifications: options.email ?? false,
        pushNotifications: options.push ?? false,
      })
      .returning();
    const reminder = await setReminder(user!.id, options.localTime ?? "07:30");
    return { user: user!, reminder };
  }

  async function setReminder(userId: number, localTime: string) {
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    await updateReminder(ctx, user!, "dream-recall", { enabled: true, localTime });
    const [row] = await t.db.select().from(reminders).where(eq(reminders.userId, userId));
    return row!;
  }

  const deliveriesOf = (reminderId: number) =>
    t.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.reminderId, reminderId))
      .orderBy(reminderDeliveries.id);

  /** What the zone's clock showed at an instant, "YYYY-MM-DDTHH:MM". */
  const wallClock = (instant: Date, timeZone: string) =>
    Temporal.Instant.fromEpochMilliseconds(instant.getTime())
      .toZonedDateTimeISO(timeZone)
      .toPlainDateTime()
      .toString({ smallestUnit: "minute" });

  /** One tick a minute, as the cron schedule runs it, from `from` (local midnight) for `days` local days. */
  async function tickEveryMinute(from: string, timeZone: string, days: number) {
    const start = Temporal.PlainDate.from(from).toZonedDateTime(timeZone);
    const end = start.add({ days }).epochMilliseconds;
    for (let now = start.epochMilliseconds; now < end; now += MINUTE) {
      t.clock.set(new Date(now));
      await sendDueReminders(ctx, new Date(now));
    }
  }

  it.each([
    // The day before through the day after: Santiago's 4 April has 25 hours (23:00-24:00 twice), Madrid's
    // 29 March 23, New York's 1 November 25.
    ["America/Santiago", "2026-04-05"],
    ["Europe/Madrid", "2026-03-29"],
    ["America/New_York", "2026-11-01"],
  ])(
    "in %s, a 07:30 reminder fires once a day at 07:30 local, the DST change on %s included",
    async (zone, changeDay) => {
      const dayBefore = Temporal.PlainDate.from(changeDay).subtract({ days: 1 }).toString();
      t.clock.set(
        new Date(Temporal.PlainDate.from(dayBefore).toZonedDateTime(zone).epochMilliseconds - MINUTE),
      );
      const { reminder } = await userWithReminder(zone);

      await tickEveryMinute(dayBefore, zone, 3);

      const fired = await deliveriesOf(reminder.id);
      const days = [0, 1, 2].map((n) => Temporal.PlainDate.from(dayBefore).add({ days: n }).toString());
      expect(fired.map((row) => row.localDate)).toEqual(days);
      expect(fired.map((row) => wallClock(row.createdAt, zone))).toEqual(days.map((day) => `${day}T07:30`));
      // Neither push nor mail is allowed: it fired, and nothing was sent.
      expect(fired.map((row) => row.channel)).toEqual(["none", "none", "none"]);
    },
    120_000,
  );

  it("fires a time the clocks repeat once (New York 01:30 on 1 November 2026)", async () => {
    const zone = "America/New_York";
    t.clock.set(new Date("2026-10-31T23:00:00-04:00"));
    const { reminder } = await userWithReminder(zone, { localTime: "01:30" });
    for (let now = t.clock.now().getTime(); now < Date.parse("2026-11-01T04:00:00-05:00"); now += MINUTE) {
      await sendDueReminders(ctx, new Date(now));
    }
    const fired = await deliveriesOf(reminder.id);
    expect(fired.map((row) => [row.localDate, row.createdAt.toISOString()])).toEqual([
      ["2026-11-01", "2026-11-01T05:30:00.000Z"],
    ]);
  });

  it("delivers once when the same tick runs twice at once", async () => {
    t.clock.set(new Date("2026-06-01T07:00:00+02:00"));
    const { user, reminder } = await userWithReminder("Europe/Madrid", { email: true });
    const due = new Date("2026-06-01T07:30:00+02:00");
    await Promise.all([sendDueReminders(ctx, due), sendDueReminders(ctx, due), sendDueReminders(ctx, due)]);
    // And once more, late: the day is done.
    await sendDueReminders(ctx, new Date(due.getTime() + MINUTE));

    expect(await deliveriesOf(reminder.id)).toMatchObject([{ localDate: "2026-06-01", channel: "email" }]);
    await t.smtp.lastMailTo(user.email);
    expect(t.smtp.mails.filter((mail) => mail.to === user.email)).toHaveLength(1);
    const [row] = await t.db.select().from(reminders).where(eq(reminders.id, reminder.id));
    expect(row!.nextDueAt!.toISOString()).toBe("2026-06-02T05:30:00.000Z");
  });

  it("does not fire again the same day when the user moves it later after it fired", async () => {
    t.clock.set(new Date("2026-06-01T07:00:00+02:00"));
    const { user, reminder } = await userWithReminder("Europe/Madrid");
    await sendDueReminders(ctx, new Date("2026-06-01T07:30:00+02:00"));

    t.clock.set(new Date("2026-06-01T08:00:00+02:00"));
    const moved = await setReminder(user.id, "21:00");
    expect(moved.nextDueAt!.toISOString()).toBe("2026-06-02T19:00:00.000Z");
    await sendDueReminders(ctx, new Date("2026-06-01T21:00:00+02:00"));
    expect((await deliveriesOf(reminder.id)).map((row) => row.localDate)).toEqual(["2026-06-01"]);
  });

  it("mails the reminder in the user's language when push is off, without any dream text", async () => {
    t.clock.set(new Date("2026-06-01T07:00:00-04:00"));
    const { user, reminder } = await userWithReminder("America/Santiago", { email: true, language: "es" });
    const dreamText = "Soñé con una ballena azul que cantaba en la cocina de mi abuela";
    await t.db.insert(dreams).values({ userId: user.id, title: "La ballena", content: dreamText });

    await sendDueReminders(ctx, new Date("2026-06-01T07:30:00-04:00"));

    const mail = await t.smtp.lastMailTo(user.email);
    expect(mail.subject).toBe("Atrapa tu sueño");
    expect(mail.text).toContain(
      "Tómate un minuto para escribir lo que recuerdas antes de que se desvanezca.",
    );
    expect(mail.text).toContain(`${t.config.publicUrl}/dream-input`);
    expect(mail.text).toContain(`${t.config.publicUrl}/account`);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("ballena");
      expect(part).not.toContain("abuela");
    }
    expect(await deliveriesOf(reminder.id)).toMatchObject([{ channel: "email" }]);
  });

  it("sends nothing when both channels are off, and records that it fired", async () => {
    t.clock.set(new Date("2026-06-01T07:00:00+02:00"));
    const { user, reminder } = await userWithReminder("Europe/Madrid");
    const mailsBefore = t.smtp.mails.length;
    await sendDueReminders(ctx, new Date("2026-06-01T07:30:00+02:00"));
    expect(await deliveriesOf(reminder.id)).toMatchObject([{ localDate: "2026-06-01", channel: "none" }]);
    expect(t.smtp.mails.slice(mailsBefore).filter((mail) => mail.to === user.email)).toEqual([]);
  });

  /** A New York user with both channels on and this test's push service as their one device. */
  async function pushUserInNewYork() {
    const { user, reminder } = await userWithReminder("America/New_York", { email: true, push: true });
    const subscription = push.service!.subscription();
    await t.db.insert(pushSubscriptions).values({
      userId: user.id,
      endpoint: subscription.endpoint,
      p256dhKey: subscription.keys.p256dh,
      authKey: subscription.keys.auth,
    });
    return { user, reminder, subscription };
  }

  it("pushes to the user's device when push is on, and mails nobody", async () => {
    const service = push.service!;
    t.clock.set(new Date("2026-06-01T07:00:00-04:00"));
    const { user, reminder, subscription } = await pushUserInNewYork();
    const mailsBefore = t.smtp.mails.length;

    await sendDueReminders(ctx, new Date("2026-06-01T07:30:00-04:00"));

    expect(service.received(subscription.endpoint).map((received) => received.payload)).toEqual([
      {
        title: "Catch your dream",
        body: "Take a minute to write down what you remember before it fades.",
        url: "/dream-input",
        tag: "reminder-dream-recall",
      },
    ]);
    expect(await deliveriesOf(reminder.id)).toMatchObject([{ channel: "push" }]);
    expect(t.smtp.mails.slice(mailsBefore).filter((mail) => mail.to === user.email)).toEqual([]);
  });

  it("falls back to mail when no device takes the push (the subscription is gone)", async () => {
    const service = push.service!;
    t.clock.set(new Date("2026-06-01T07:00:00-04:00"));
    const { user, reminder, subscription } = await pushUserInNewYork();
    service.answerNext(subscription.endpoint, { status: 410 });

    await sendDueReminders(ctx, new Date("2026-06-01T07:30:00-04:00"));

    expect((await t.smtp.lastMailTo(user.email)).subject).toBe("Catch your dream");
    expect(await deliveriesOf(reminder.id)).toMatchObject([{ channel: "email" }]);
  });

  it("goes on with the others when one reminder fails", async () => {
    t.clock.set(new Date("2026-06-01T07:00:00+02:00"));
    const broken = await userWithReminder("Europe/Madrid");
    const healthy = await userWithReminder("Europe/Madrid");
    // A kind no feature defines (say, removed in a later version) cannot be worded.
    await t.db.update(reminders).set({ kind: "retired-kind" }).where(eq(reminders.id, broken.reminder.id));

    await sendDueReminders(ctx, new Date("2026-06-01T07:30:00+02:00"));

    expect(await deliveriesOf(healthy.reminder.id)).toMatchObject([{ channel: "none" }]);
  });
});

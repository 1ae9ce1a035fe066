import { and, eq, gt, lte } from "drizzle-orm";
import type { ReminderKind } from "../../../contract/reminders";
import type { AppContext } from "../../context";
import { reminderDeliveries, reminders, users } from "../../db/schema/index";
import { actionMail } from "../../integrations/email/templates";
import { type PushContext, pushToUser } from "../../integrations/push/deliver";
import { describeFailure } from "../../lib/background";
import { isLanguage, type Language } from "../../lib/i18n";
import { type ReminderMessage, reminderKindDefinitions } from "./reminder-kinds";
import { quietHoursOf } from "./reminder-settings";
import { localDateOf, nextDueAt } from "./schedule";

export const SEND_DUE_REMINDERS_JOB = "reminders.send-due";

const BATCH_SIZE = 200;

export type ReminderContext = PushContext & Pick<AppContext, "mailer">;

type DueReminder = Awaited<ReturnType<typeof readDue>>[number];

function readDue(ctx: ReminderContext, now: Date, afterId: number) {
  return ctx.db
    .select({
      id: reminders.id,
      kind: reminders.kind,
      localTime: reminders.localTime,
      nextDueAt: reminders.nextDueAt,
      user: {
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        username: users.username,
        language: users.language,
        timezone: users.timezone,
        quietHoursStart: users.quietHoursStart,
        quietHoursEnd: users.quietHoursEnd,
        emailNotifications: users.emailNotifications,
        pushNotifications: users.pushNotifications,
      },
    })
    .from(reminders)
    .innerJoin(users, eq(users.id, reminders.userId))
    .where(and(eq(reminders.enabled, true), lte(reminders.nextDueAt, now), gt(reminders.id, afterId)))
    .orderBy(reminders.id)
    .limit(BATCH_SIZE);
}

/**
 * Sends every reminder due at `now`, batch by batch. A reminder fires once per local day of its due instant: the
 * process that inserts that day's delivery row sends it, any other (a repeated tick, a second instance) does not.
 * One reminder's failure is logged by its id and the others go on.
 */
export async function sendDueReminders(ctx: ReminderContext, now: Date): Promise<void> {
  // Keyset on the id, so a reminder that keeps failing is not read again in the same tick.
  let afterId = 0;
  for (;;) {
    const batch = await readDue(ctx, now, afterId);
    for (const reminder of batch) {
      try {
        await fire(ctx, reminder, now);
      } catch (error) {
        ctx.log.error({ failure: describeFailure(error), reminderId: reminder.id }, "reminder failed");
      }
    }
    if (batch.length < BATCH_SIZE) return;
    afterId = batch.at(-1)!.id;
  }
}

async function fire(ctx: ReminderContext, reminder: DueReminder, now: Date): Promise<void> {
  const { user } = reminder;
  const due = reminder.nextDueAt!;
  const language = isLanguage(user.language) ? user.language : "en";
  // A kind with nothing to remind of today claims no delivery: the day passes and the reminder moves on.
  const message = await reminderKindDefinitions[reminder.kind as ReminderKind].message(
    ctx.db,
    user,
    language,
    now,
  );
  const [claim] = message
    ? await ctx.db
        .insert(reminderDeliveries)
        // createdAt is the tick's instant (the injected clock), so tests and support read when it fired.
        .values({ reminderId: reminder.id, localDate: localDateOf(due, user.timezone), createdAt: now })
        .onConflictDoNothing()
        .returning({ id: reminderDeliveries.id })
    : [];
  // Moved on before sending, so a slow or failed delivery does not leave it due. Only from the instant read: a
  // time the user set meanwhile stays.
  await ctx.db
    .update(reminders)
    .set({ nextDueAt: nextDueAt(now, reminder.localTime, user.timezone, quietHoursOf(user)) })
    .where(and(eq(reminders.id, reminder.id), eq(reminders.nextDueAt, due)));
  if (!claim || !message) return;

  const channel = await deliver(ctx, reminder, message, language);
  await ctx.db.update(reminderDeliveries).set({ channel }).where(eq(reminderDeliveries.id, claim.id));
}

/** Push when the user allows it and a device took it; otherwise mail when the user allows that. */
async function deliver(
  ctx: ReminderContext,
  reminder: DueReminder,
  message: ReminderMessage,
  language: Language,
): Promise<"push" | "email" | "none"> {
  const { user } = reminder;
  if (user.pushNotifications) {
    // One tag per kind: a reminder not yet looked at is replaced, not stacked.
    const { delivered } = await pushToUser(ctx, user.id, { ...message, tag: `reminder-${reminder.kind}` });
    if (delivered > 0) return "push";
  }
  // Only to an address the user confirmed is theirs.
  if (!user.emailNotifications || !user.emailVerified) return "none";
  const { publicUrl } = ctx.config;
  await ctx.mailer.send(
    actionMail("reminder", {
      to: user.email,
      username: user.username,
      link: `${publicUrl}${message.url}`,
      language,
      params: { title: message.title, body: message.body, accountUrl: `${publicUrl}/account` },
    }),
  );
  return "email";
}

/** One cron schedule for every user's reminders: each minute's tick, run once across processes, sends what is due. */
export function defineReminderJobs(ctx: ReminderContext): void {
  ctx.jobs.define(SEND_DUE_REMINDERS_JOB, () => sendDueReminders(ctx, ctx.clock.now()));
  ctx.jobs.schedule(SEND_DUE_REMINDERS_JOB, "* * * * *");
}

import { and, eq } from "drizzle-orm";
import {
  type QuietHours,
  type Reminder,
  type ReminderKind,
  type RemindersResponse,
  reminderKinds,
  type UpdateQuietHoursBody,
  type UpdateReminderBody,
} from "../../../contract/reminders";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { reminderDeliveries, reminders, users } from "../../db/schema/index";
import { validationError } from "../../lib/errors";
import { reminderKindDefinitions } from "./reminder-kinds";
import { localDateOf, nextDueAt } from "./schedule";

/** What a user's reminders are scheduled by. */
export type ScheduleOwner = Pick<
  typeof users.$inferSelect,
  "id" | "timezone" | "quietHoursStart" | "quietHoursEnd"
>;

export const quietHoursOf = (user: ScheduleOwner): QuietHours | null =>
  user.quietHoursStart && user.quietHoursEnd
    ? { start: user.quietHoursStart, end: user.quietHoursEnd }
    : null;

type ReminderRow = typeof reminders.$inferSelect;
type SettingsContext = Pick<AppContext, "db" | "clock">;

const present = (row: Pick<ReminderRow, "kind" | "enabled" | "localTime" | "nextDueAt">): Reminder => ({
  kind: row.kind as ReminderKind,
  enabled: row.enabled,
  localTime: row.localTime,
  nextDueAt: row.enabled && row.nextDueAt ? row.nextDueAt.toISOString() : null,
});

/**
 * The next firing after `now`, past a local day the reminder already fired on: moving it later the same day, or
 * to another zone where that day is still ahead, does not send a second one that day.
 */
async function scheduleNext(
  db: Queryable,
  reminderId: number | undefined,
  localTime: string,
  user: ScheduleOwner,
  now: Date,
): Promise<Date> {
  const quiet = quietHoursOf(user);
  const next = nextDueAt(now, localTime, user.timezone, quiet);
  if (reminderId === undefined) return next;
  const [fired] = await db
    .select({ id: reminderDeliveries.id })
    .from(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.reminderId, reminderId),
        eq(reminderDeliveries.localDate, localDateOf(next, user.timezone)),
      ),
    );
  return fired ? nextDueAt(next, localTime, user.timezone, quiet) : next;
}

/** After the user's timezone or quiet hours change: every enabled reminder's next firing again. */
export async function rescheduleReminders(db: Queryable, user: ScheduleOwner, now: Date): Promise<void> {
  const rows = await db
    .select({ id: reminders.id, localTime: reminders.localTime })
    .from(reminders)
    .where(and(eq(reminders.userId, user.id), eq(reminders.enabled, true)));
  for (const row of rows) {
    const nextDue = await scheduleNext(db, row.id, row.localTime, user, now);
    await db.update(reminders).set({ nextDueAt: nextDue, updatedAt: now }).where(eq(reminders.id, row.id));
  }
}

/** Every kind the user can set: theirs as set, the others off at their default time. */
export async function listReminders(ctx: SettingsContext, user: ScheduleOwner): Promise<RemindersResponse> {
  const rows = await ctx.db.select().from(reminders).where(eq(reminders.userId, user.id));
  return {
    reminders: reminderKinds.map((kind) => {
      const row = rows.find((candidate) => candidate.kind === kind);
      return row
        ? present(row)
        : { kind, enabled: false, localTime: reminderKindDefinitions[kind].defaultTime, nextDueAt: null };
    }),
    quietHours: quietHoursOf(user),
    timezone: user.timezone,
  };
}

/** Turns one kind on or off at a local time; an off reminder keeps its time and has no next firing. */
export async function updateReminder(
  ctx: SettingsContext,
  user: ScheduleOwner,
  kind: ReminderKind,
  input: UpdateReminderBody,
): Promise<Reminder> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: reminders.id })
      .from(reminders)
      .where(and(eq(reminders.userId, user.id), eq(reminders.kind, kind)));
    const nextDue = input.enabled ? await scheduleNext(tx, existing?.id, input.localTime, user, now) : null;
    const values = { enabled: input.enabled, localTime: input.localTime, nextDueAt: nextDue, updatedAt: now };
    const [saved] = await tx
      .insert(reminders)
      .values({ userId: user.id, kind, ...values })
      .onConflictDoUpdate({ target: [reminders.userId, reminders.kind], set: values })
      .returning();
    return saved!;
  });
  return present(row);
}

/** Sets or clears the quiet hours (an empty window is refused) and moves every reminder out of them. */
export async function updateQuietHours(
  ctx: SettingsContext,
  user: ScheduleOwner,
  input: UpdateQuietHoursBody,
): Promise<RemindersResponse> {
  const quiet = input.quietHours;
  if (quiet && quiet.start === quiet.end) throw validationError("validation.quietHoursEmpty", "quietHours");
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ quietHoursStart: quiet?.start ?? null, quietHoursEnd: quiet?.end ?? null })
      .where(eq(users.id, user.id))
      .returning();
    await rescheduleReminders(tx, row!, ctx.clock.now());
    return row!;
  });
  return listReminders(ctx, updated);
}

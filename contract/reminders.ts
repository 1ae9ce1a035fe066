import { z } from "zod";

/** Reminder kinds users can set. Later features (memory exercises, oracle practice days) add theirs here. */
export const reminderKinds = ["dream-recall", "oracle-practice"] as const;
export type ReminderKind = (typeof reminderKinds)[number];
export const reminderKindSchema = z.enum(reminderKinds);

/** The dream-recall reminder's time when the user first turns it on. */
export const DEFAULT_DREAM_RECALL_TIME = "07:30";
/** The oracle practice-day reminder's default: an evening nudge, while the day's entry can still be written. */
export const DEFAULT_ORACLE_PRACTICE_TIME = "19:00";

/** A local time of day, 24-hour "HH:MM". */
export const localTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "validation.localTime" });

export const reminderSchema = z.object({
  kind: reminderKindSchema,
  enabled: z.boolean(),
  localTime: localTimeSchema,
  /** The next instant it fires (ISO), in the user's timezone's terms; null when off. */
  nextDueAt: z.string().nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const quietHoursSchema = z.object({ start: localTimeSchema, end: localTimeSchema }).strict();
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** GET /api/reminders: every kind the user can set (off and at its default time until set), and quiet hours. */
export const remindersResponseSchema = z.object({
  reminders: z.array(reminderSchema),
  quietHours: quietHoursSchema.nullable(),
  timezone: z.string(),
});
export type RemindersResponse = z.infer<typeof remindersResponseSchema>;

/** PUT /api/reminders/:kind */
export const reminderParamsSchema = z.object({ kind: reminderKindSchema }).strict();
export const updateReminderBodySchema = z
  .object({ enabled: z.boolean(), localTime: localTimeSchema })
  .strict();
export type UpdateReminderBody = z.infer<typeof updateReminderBodySchema>;

/** PUT /api/reminders/quiet-hours: null clears them. */
export const updateQuietHoursBodySchema = z.object({ quietHours: quietHoursSchema.nullable() }).strict();
export type UpdateQuietHoursBody = z.infer<typeof updateQuietHoursBodySchema>;

import { z } from "zod";
import {
  ANNOUNCEMENT_ACTION_TEXT_MAX,
  ANNOUNCEMENT_ACTION_URL_MAX,
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  announcementPriorities,
  announcementTypes,
  isSafeActionUrl,
} from "./announcement-constants";
import { isDreamMoment } from "./dreams";

/** The plain values (no zod) live in announcement-constants.ts, which the web imports; re-exported for the server. */
export * from "./announcement-constants";

const isoDate = z.string();
const text = (max: number) => z.string().trim().min(1).max(max);
const actionUrl = z
  .string()
  .trim()
  .max(ANNOUNCEMENT_ACTION_URL_MAX)
  // The rule's outline, stated in the OpenAPI document as a pattern; isSafeActionUrl has the last word.
  .regex(/^(?:https?:\/\/|\/)/, { message: "validation.actionUrl" })
  .refine(isSafeActionUrl, { message: "validation.actionUrl" });

/** What a signed-in user is shown, in their language (the Spanish text when there is one, else the English). */
export const activeAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: z.enum(announcementTypes),
  priority: z.enum(announcementPriorities),
  showOnLogin: z.boolean(),
  actionText: z.string().nullable(),
  actionUrl: z.string().nullable(),
  expiresAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type ActiveAnnouncement = z.infer<typeof activeAnnouncementSchema>;
export const activeAnnouncementsSchema = z.object({ announcements: z.array(activeAnnouncementSchema) });

export const announcementIdParamsSchema = z
  .object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
  .strict();

const announcementFields = {
  title: text(ANNOUNCEMENT_TITLE_MAX),
  message: text(ANNOUNCEMENT_MESSAGE_MAX),
  titleEs: text(ANNOUNCEMENT_TITLE_MAX).nullable(),
  messageEs: text(ANNOUNCEMENT_MESSAGE_MAX).nullable(),
  type: z.enum(announcementTypes),
  priority: z.enum(announcementPriorities),
  isActive: z.boolean(),
  showOnLogin: z.boolean(),
  actionText: text(ANNOUNCEMENT_ACTION_TEXT_MAX).nullable(),
  actionTextEs: text(ANNOUNCEMENT_ACTION_TEXT_MAX).nullable(),
  actionUrl: actionUrl.nullable(),
  /** ISO 8601 with an offset; null for none. Bounded like a dream's date: the database stores it faithfully. */
  expiresAt: z.string().datetime({ offset: true }).refine(isDreamMoment).nullable(),
};
/** An action needs both its text and its address. */
const actionComplete = (body: { actionText?: string | null; actionUrl?: string | null }) =>
  (body.actionText == null) === (body.actionUrl == null);

export const createAnnouncementBodySchema = z
  .object({
    ...announcementFields,
    titleEs: announcementFields.titleEs.optional(),
    messageEs: announcementFields.messageEs.optional(),
    type: announcementFields.type.default("info"),
    priority: announcementFields.priority.default("low"),
    isActive: announcementFields.isActive.default(true),
    showOnLogin: announcementFields.showOnLogin.default(false),
    actionText: announcementFields.actionText.optional(),
    actionTextEs: announcementFields.actionTextEs.optional(),
    actionUrl: announcementFields.actionUrl.optional(),
    expiresAt: announcementFields.expiresAt.optional(),
  })
  .strict()
  .refine(actionComplete, { message: "validation.actionIncomplete", path: ["actionUrl"] });
export type CreateAnnouncementBody = z.infer<typeof createAnnouncementBodySchema>;

export const updateAnnouncementBodySchema = z
  .object(announcementFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "validation.empty" });
export type UpdateAnnouncementBody = z.infer<typeof updateAnnouncementBodySchema>;

/** An announcement as admins manage it: both languages and how many people have read it. */
export const adminAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  titleEs: z.string().nullable(),
  messageEs: z.string().nullable(),
  type: z.enum(announcementTypes),
  priority: z.enum(announcementPriorities),
  isActive: z.boolean(),
  showOnLogin: z.boolean(),
  actionText: z.string().nullable(),
  actionTextEs: z.string().nullable(),
  actionUrl: z.string().nullable(),
  expiresAt: isoDate.nullable(),
  createdAt: isoDate,
  createdBy: z.string().nullable(),
  reads: z.number().int(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

export const adminAnnouncementsQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const adminAnnouncementPageSchema = z.object({
  announcements: z.array(adminAnnouncementSchema),
  nextCursor: z.string().nullable(),
});

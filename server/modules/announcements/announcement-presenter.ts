import { eq, getTableColumns, sql } from "drizzle-orm";
import {
  type ActiveAnnouncement,
  type AdminAnnouncement,
  isSafeActionUrl,
} from "../../../contract/announcements";
import type { Queryable } from "../../db/client";
import { announcements, userAnnouncementReads, users } from "../../db/schema/index";
import type { Language } from "../../lib/i18n";
import { readPriority, readType } from "./announcement-rules";

export type AnnouncementRow = typeof announcements.$inferSelect;

/** The Spanish text for Spanish readers when there is one, else the English. */
const inLanguage = (language: Language, english: string, spanish: string | null) =>
  language === "es" ? (spanish ?? english) : english;

/**
 * What a user is shown. The action goes out only whole and with an address the API would accept: a row written
 * outside it (SQL, an old import) never hands the browser a javascript: link.
 */
export function presentActiveAnnouncement(row: AnnouncementRow, language: Language): ActiveAnnouncement {
  const action =
    row.actionText !== null && row.actionUrl !== null && isSafeActionUrl(row.actionUrl)
      ? { actionText: inLanguage(language, row.actionText, row.actionTextEs), actionUrl: row.actionUrl }
      : { actionText: null, actionUrl: null };
  return {
    id: row.id,
    title: inLanguage(language, row.title, row.titleEs),
    message: inLanguage(language, row.message, row.messageEs),
    type: readType(row.type),
    priority: readPriority(row.priority),
    showOnLogin: row.showOnLogin,
    ...action,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Announcements as administrators see them: both languages, their author's username and how many read them. */
export const adminAnnouncementQuery = (db: Queryable) =>
  db
    .select({
      ...getTableColumns(announcements),
      author: users.username,
      reads: sql<number>`(select count(*) from ${userAnnouncementReads} where ${userAnnouncementReads.announcementId} = ${announcements.id})::int`,
    })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .$dynamic();

type AdminAnnouncementRow = Awaited<ReturnType<typeof adminAnnouncementQuery>>[number];

export function presentAdminAnnouncement(row: AdminAnnouncementRow): AdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    titleEs: row.titleEs,
    messageEs: row.messageEs,
    type: readType(row.type),
    priority: readPriority(row.priority),
    isActive: row.isActive,
    showOnLogin: row.showOnLogin,
    actionText: row.actionText,
    actionTextEs: row.actionTextEs,
    actionUrl: row.actionUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.author,
    reads: row.reads,
  };
}

/** One announcement as administrators see it, or undefined when there is none. */
export async function findAdminAnnouncement(
  db: Queryable,
  id: number,
): Promise<AdminAnnouncement | undefined> {
  const [row] = await adminAnnouncementQuery(db).where(eq(announcements.id, id));
  return row && presentAdminAnnouncement(row);
}

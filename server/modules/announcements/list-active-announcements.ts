import { and, desc, eq, notExists } from "drizzle-orm";
import { ACTIVE_ANNOUNCEMENTS_MAX, type ActiveAnnouncement } from "../../../contract/announcements";
import type { AppContext } from "../../context";
import { announcements, userAnnouncementReads } from "../../db/schema/index";
import type { Language } from "../../lib/i18n";
import type { SessionUser } from "../accounts/sessions";
import { presentActiveAnnouncement } from "./announcement-presenter";
import { priorityRank, shownAt } from "./announcement-rules";

/** The announcements the user has not read yet, most important first, then newest, in their language. */
export async function listActiveAnnouncements(
  ctx: Pick<AppContext, "db" | "clock">,
  user: Pick<SessionUser, "id">,
  language: Language,
): Promise<{ announcements: ActiveAnnouncement[] }> {
  const read = ctx.db
    .select({ id: userAnnouncementReads.id })
    .from(userAnnouncementReads)
    .where(
      and(
        eq(userAnnouncementReads.announcementId, announcements.id),
        eq(userAnnouncementReads.userId, user.id),
      ),
    );
  const rows = await ctx.db
    .select()
    .from(announcements)
    .where(and(shownAt(ctx.clock.now()), notExists(read)))
    .orderBy(priorityRank, desc(announcements.createdAt), desc(announcements.id))
    .limit(ACTIVE_ANNOUNCEMENTS_MAX);
  return { announcements: rows.map((row) => presentActiveAnnouncement(row, language)) };
}

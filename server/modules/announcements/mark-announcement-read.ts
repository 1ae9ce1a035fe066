import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { announcements, userAnnouncementReads } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { ANNOUNCEMENT_NOT_FOUND, shownAt } from "./announcement-rules";

/**
 * Marks an announcement read for the user; reading it again changes nothing. Only one users are shown now can
 * be read: an unknown, inactive or expired one is not found.
 */
export async function markAnnouncementRead(
  ctx: Pick<AppContext, "db" | "clock">,
  user: Pick<SessionUser, "id">,
  id: number,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Locked until the read is stored, so an administrator deleting it meanwhile waits instead of the insert
    // failing on its foreign key.
    const [shown] = await tx
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(eq(announcements.id, id), shownAt(now)))
      .for("key share");
    if (!shown) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    await tx
      .insert(userAnnouncementReads)
      .values({ userId: user.id, announcementId: id, readAt: now, createdAt: now })
      .onConflictDoNothing({ target: [userAnnouncementReads.userId, userAnnouncementReads.announcementId] });
  });
}

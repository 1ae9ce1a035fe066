import { eq } from "drizzle-orm";
import type { AdminAnnouncement, UpdateAnnouncementBody } from "../../../contract/announcements";
import type { AppContext } from "../../context";
import { announcements } from "../../db/schema/index";
import { notFound, validationError } from "../../lib/errors";
import { findAdminAnnouncement } from "./announcement-presenter";
import { ANNOUNCEMENT_NOT_FOUND } from "./announcement-rules";

/** Changes the fields sent; the announcement must still have both an action text and address, or neither. */
export async function updateAnnouncement(
  ctx: Pick<AppContext, "db">,
  id: number,
  body: UpdateAnnouncementBody,
): Promise<AdminAnnouncement> {
  const { expiresAt, ...fields } = body;
  const changes: Partial<typeof announcements.$inferInsert> = {
    ...fields,
    ...(expiresAt === undefined ? {} : { expiresAt: expiresAt === null ? null : new Date(expiresAt) }),
  };
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(announcements).set(changes).where(eq(announcements.id, id)).returning();
    if (!updated) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    // Whether the action is whole depends on the stored row, not only on the body: checked after the change,
    // which the throw rolls back.
    if ((updated.actionText === null) !== (updated.actionUrl === null)) {
      throw validationError("validation.actionIncomplete", "actionUrl");
    }
    return (await findAdminAnnouncement(tx, id))!;
  });
}

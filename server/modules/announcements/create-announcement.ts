import type { AdminAnnouncement, CreateAnnouncementBody } from "../../../contract/announcements";
import type { AppContext } from "../../context";
import { announcements } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { findAdminAnnouncement } from "./announcement-presenter";

/** A new announcement by the administrator; an active one reaches users on their next poll. */
export async function createAnnouncement(
  ctx: Pick<AppContext, "db" | "clock">,
  admin: Pick<SessionUser, "id">,
  body: CreateAnnouncementBody,
): Promise<AdminAnnouncement> {
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(announcements)
      .values({
        ...body,
        titleEs: body.titleEs ?? null,
        messageEs: body.messageEs ?? null,
        actionText: body.actionText ?? null,
        actionTextEs: body.actionTextEs ?? null,
        actionUrl: body.actionUrl ?? null,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdBy: admin.id,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: announcements.id });
    return (await findAdminAnnouncement(tx, created!.id))!;
  });
}

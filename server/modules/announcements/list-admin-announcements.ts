import { desc, lt } from "drizzle-orm";
import type { z } from "zod";
import type { AdminAnnouncement, adminAnnouncementsQuerySchema } from "../../../contract/announcements";
import type { AppContext } from "../../context";
import { announcements } from "../../db/schema/index";
import { decodeIdCursor } from "../../lib/id-cursor";
import { adminAnnouncementQuery, presentAdminAnnouncement } from "./announcement-presenter";

/** Every announcement, newest first (ids grow with time), in keyset pages. */
export async function listAdminAnnouncements(
  ctx: Pick<AppContext, "db">,
  query: z.infer<typeof adminAnnouncementsQuerySchema>,
): Promise<{ announcements: AdminAnnouncement[]; nextCursor: string | null }> {
  const before = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor);
  const rows = await adminAnnouncementQuery(ctx.db)
    .where(before === undefined ? undefined : lt(announcements.id, before))
    .orderBy(desc(announcements.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    announcements: page.map(presentAdminAnnouncement),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

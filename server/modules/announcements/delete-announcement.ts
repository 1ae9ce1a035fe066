import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { announcements } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import { ANNOUNCEMENT_NOT_FOUND } from "./announcement-rules";

/** Deletes an announcement and, with it, who read it. */
export async function deleteAnnouncement(ctx: Pick<AppContext, "db">, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(announcements)
    .where(eq(announcements.id, id))
    .returning({ id: announcements.id });
  if (deleted.length === 0) throw notFound(ANNOUNCEMENT_NOT_FOUND);
}

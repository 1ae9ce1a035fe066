import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { z } from "zod";
import type { AdminApplication, applicationsQuerySchema } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { affiliateApplications } from "../../db/schema/index";
import { decodeIdCursor } from "../../lib/id-cursor";
import { adminApplicationQuery, presentAdminApplication } from "./affiliate-figures";

/**
 * Applications of one status in keyset pages: pending ones oldest first (the review queue, first come first
 * served), reviewed ones newest first.
 */
export async function listApplications(
  ctx: Pick<AppContext, "db">,
  query: z.infer<typeof applicationsQuerySchema>,
): Promise<{ applications: AdminApplication[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor);
  const oldestFirst = query.status === "pending";
  const rows = await adminApplicationQuery(ctx.db)
    .where(
      and(
        eq(affiliateApplications.status, query.status),
        after === undefined
          ? undefined
          : oldestFirst
            ? gt(affiliateApplications.id, after)
            : lt(affiliateApplications.id, after),
      ),
    )
    .orderBy(oldestFirst ? asc(affiliateApplications.id) : desc(affiliateApplications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    applications: page.map(presentAdminApplication),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.application.id) : null,
  };
}

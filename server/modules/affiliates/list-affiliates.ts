import { and, asc, eq, exists, gt, inArray, or } from "drizzle-orm";
import type { z } from "zod";
import type { AdminAffiliate, affiliatesQuerySchema } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { affiliateCommissions, users } from "../../db/schema/index";
import { decodeIdCursor } from "../../lib/id-cursor";
import { affiliateColumns, presentAffiliates } from "./affiliate-figures";

/**
 * Affiliates by user id in keyset pages: those of one status, or without a filter everyone active or suspended
 * and anyone with commission entries (a former affiliate may still be owed money).
 */
export async function listAffiliates(
  ctx: Pick<AppContext, "db" | "config" | "clock">,
  query: z.infer<typeof affiliatesQuerySchema>,
): Promise<{ affiliates: Omit<AdminAffiliate, "payouts">[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor);
  const hasLedger = exists(
    ctx.db
      .select({ id: affiliateCommissions.id })
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.affiliateId, users.id)),
  );
  const rows = await ctx.db
    .select(affiliateColumns)
    .from(users)
    .where(
      and(
        query.status
          ? eq(users.affiliateStatus, query.status)
          : or(inArray(users.affiliateStatus, ["active", "suspended"]), hasLedger),
        after === undefined ? undefined : gt(users.id, after),
      ),
    )
    .orderBy(asc(users.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    affiliates: await presentAffiliates(ctx, ctx.db, page),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { AdminAffiliate, updateAffiliateBodySchema } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { conflict } from "../../lib/errors";
import { findAffiliate, getAdminAffiliate } from "./affiliate-figures";

/**
 * Changes an active or suspended affiliate's tier, custom rate (null: the tier's applies) or status. Entries
 * already in the ledger keep the rate they were earned at; a suspended affiliate earns nothing new.
 */
export async function updateAffiliate(
  ctx: Pick<AppContext, "db" | "config" | "clock">,
  userId: number,
  body: z.infer<typeof updateAffiliateBodySchema>,
): Promise<AdminAffiliate> {
  return ctx.db.transaction(async (tx) => {
    const affiliate = await findAffiliate(tx, userId, true);
    if (affiliate.affiliateStatus !== "active" && affiliate.affiliateStatus !== "suspended") {
      throw conflict("errors.notAnAffiliate");
    }
    await tx
      .update(users)
      .set({
        affiliateTier: body.tier,
        affiliateCommissionRate:
          body.ratePercent === undefined
            ? undefined
            : body.ratePercent === null
              ? null
              : body.ratePercent.toFixed(2),
        affiliateStatus: body.status,
      })
      .where(eq(users.id, userId));
    return getAdminAffiliate(ctx, userId, tx);
  });
}

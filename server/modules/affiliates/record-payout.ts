import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import type { z } from "zod";
import type { AdminAffiliate, recordPayoutBodySchema } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { affiliateCommissions, affiliatePayouts } from "../../db/schema/index";
import { conflict, validationError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { affiliateCurrency, findAffiliate, getAdminAffiliate } from "./affiliate-figures";

/**
 * Records that an admin paid the affiliate (outside the app: nothing is sent from here). The payout covers every
 * due entry not yet paid, reversals included, and nothing else; a stated amount must equal that sum.
 */
export async function recordPayout(
  ctx: Pick<AppContext, "db" | "config" | "clock">,
  admin: Pick<SessionUser, "id">,
  userId: number,
  body: z.infer<typeof recordPayoutBodySchema>,
): Promise<AdminAffiliate> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await findAffiliate(tx, userId);
    // Locked: a second payout at the same moment waits, then finds these entries paid.
    const due = await tx
      .select({ id: affiliateCommissions.id, amountCents: affiliateCommissions.amountCents })
      .from(affiliateCommissions)
      .where(
        and(
          eq(affiliateCommissions.affiliateId, userId),
          isNull(affiliateCommissions.payoutId),
          lte(affiliateCommissions.availableAt, now),
        ),
      )
      .for("update");
    const dueCents = due.reduce((sum, entry) => sum + entry.amountCents, 0);
    if (dueCents <= 0) throw conflict("errors.affiliateNothingDue");
    if (body.amountCents !== undefined && body.amountCents !== dueCents) {
      throw validationError("validation.payoutAmount", "amountCents");
    }
    const [payout] = await tx
      .insert(affiliatePayouts)
      .values({
        affiliateId: userId,
        amountCents: dueCents,
        currency: affiliateCurrency(ctx),
        reference: body.reference || null,
        note: body.note || null,
        recordedBy: admin.id,
        createdAt: now,
      })
      .returning({ id: affiliatePayouts.id });
    await tx
      .update(affiliateCommissions)
      .set({ payoutId: payout!.id })
      .where(
        inArray(
          affiliateCommissions.id,
          due.map((entry) => entry.id),
        ),
      );
    return getAdminAffiliate(ctx, userId, tx);
  });
}

import { and, eq } from "drizzle-orm";
import type { AffiliateApplication, AffiliateApplyBody } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { affiliateApplications, users } from "../../db/schema/index";
import { conflict } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { type ApplicationData, presentApplication } from "./affiliate-figures";

/** Statuses from which nobody applies again: one open application at a time, and affiliates already are. */
const CANNOT_APPLY = new Set(["pending", "active", "suspended"]);

/** Asks to join the affiliate programme; a rejected applicant may ask again. */
export async function applyForAffiliate(
  ctx: Pick<AppContext, "db" | "clock">,
  user: Pick<SessionUser, "id">,
  body: AffiliateApplyBody,
): Promise<AffiliateApplication> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Locked so two submissions at once make one application, not two.
    const [current] = await tx
      .select({ affiliateStatus: users.affiliateStatus })
      .from(users)
      .where(eq(users.id, user.id))
      .for("update");
    const [open] = await tx
      .select({ id: affiliateApplications.id })
      .from(affiliateApplications)
      .where(and(eq(affiliateApplications.userId, user.id), eq(affiliateApplications.status, "pending")))
      .limit(1);
    if (open || CANNOT_APPLY.has(current?.affiliateStatus ?? "")) {
      throw conflict("errors.affiliateApplicationExists");
    }
    const applicationData: ApplicationData = {
      website: body.website,
      audience: body.audience,
      channels: body.channels,
      payoutEmail: body.payoutEmail,
      acceptedTermsAt: now.toISOString(),
    };
    const [row] = await tx
      .insert(affiliateApplications)
      .values({ userId: user.id, applicationData, status: "pending", createdAt: now })
      .returning();
    await tx.update(users).set({ affiliateStatus: "pending" }).where(eq(users.id, user.id));
    return presentApplication(row!);
  });
}

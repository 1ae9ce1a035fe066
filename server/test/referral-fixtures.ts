import { eq } from "drizzle-orm";
import { affiliateApplications, referralCodes, referralRewards, referrals } from "../db/schema/index";
import { makeAffiliate, plainAccount, referredCustomer } from "../modules/affiliates/affiliate-test-kit";
import type { TestApp } from "./harness";

/** Referral and affiliate rows the trust suites need to arm their requests with real ids. */

/** A claimable free month of the user's: someone they referred has just paid. */
export async function claimableReward(t: TestApp, userId: number): Promise<number> {
  const referee = await plainAccount(t);
  const [code] = await t.db
    .select({ id: referralCodes.id })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  const [referral] = await t.db
    .insert(referrals)
    .values({ referrerId: userId, refereeId: referee.id, referralCodeId: code!.id })
    .returning({ id: referrals.id });
  const [reward] = await t.db
    .insert(referralRewards)
    .values({ userId, referralId: referral!.id, rewardType: "referrer_free_month" })
    .returning({ id: referralRewards.id });
  return reward!.id;
}

/** An affiliate application waiting for review, from a new account. */
export async function pendingApplication(t: TestApp): Promise<number> {
  const applicant = await plainAccount(t, { affiliateStatus: "pending" });
  const [application] = await t.db
    .insert(affiliateApplications)
    .values({
      userId: applicant.id,
      applicationData: {
        website: "https://dreams.example.com",
        audience: "Readers of a blog about lucid dreaming and sleep.",
        channels: ["blog"],
        payoutEmail: applicant.email,
        acceptedTermsAt: new Date().toISOString(),
      },
    })
    .returning({ id: affiliateApplications.id });
  return application!.id;
}

/** An active affiliate with one commission past the refund window, so a payout is due. */
export async function affiliateWithDueCommission(t: TestApp): Promise<number> {
  const affiliate = await plainAccount(t);
  await makeAffiliate(t, affiliate.id);
  const paidAt = new Date(t.clock.now().getTime() - 30 * 24 * 60 * 60 * 1000);
  const customer = await referredCustomer(t, affiliate.id, paidAt);
  await customer.pay(customer.invoice(paidAt, 2999));
  return affiliate.id;
}

import { desc, eq } from "drizzle-orm";
import { type AffiliateMe, type AffiliateStatus, referralLink } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { affiliateApplications } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { affiliateCurrency, affiliateStats, presentApplication, presentRate } from "./affiliate-figures";
import { loadLedger, summarizeLedger } from "./commission-ledger";

/** The dashboard shows this many months, newest first. */
const DASHBOARD_MONTHS = 12;

/** The caller's standing in the affiliate programme and, once they have any, the dashboard's figures. */
export async function getMyAffiliate(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
  user: SessionUser,
  origin: string,
): Promise<AffiliateMe> {
  const [[application], stats, ledger] = await Promise.all([
    ctx.db
      .select()
      .from(affiliateApplications)
      .where(eq(affiliateApplications.userId, user.id))
      .orderBy(desc(affiliateApplications.id))
      .limit(1),
    affiliateStats(ctx.db, [user.id]),
    loadLedger(ctx.db, [user.id]),
  ]);
  const { totals, months } = summarizeLedger(ledger, ctx.clock.now(), affiliateCurrency(ctx));
  return {
    status: user.affiliateStatus as AffiliateStatus,
    application: application ? presentApplication(application) : null,
    ...presentRate(user),
    link: user.referralCode ? referralLink(origin, user.referralCode) : "",
    stats: stats.get(user.id)!,
    totals,
    months: months.slice(0, DASHBOARD_MONTHS),
  };
}

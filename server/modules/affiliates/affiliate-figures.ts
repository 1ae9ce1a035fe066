import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  AdminAffiliate,
  AdminApplication,
  AffiliateApplication,
  AffiliateChannel,
  ApplicationStatus,
} from "../../../contract/referrals";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import {
  affiliateApplications,
  affiliatePayouts,
  referralClicks,
  referralCodes,
  referrals,
  users,
} from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import { loadLedger, rateBasisPoints, summarizeLedger } from "./commission-ledger";

/** What an applicant filled in, as `affiliate_applications.applicationData` keeps it. */
export interface ApplicationData {
  website: string;
  audience: string;
  channels: AffiliateChannel[];
  payoutEmail: string;
  acceptedTermsAt: string;
}

type ApplicationRow = typeof affiliateApplications.$inferSelect;
export type AffiliateUser = Pick<
  typeof users.$inferSelect,
  "id" | "username" | "email" | "affiliateStatus" | "affiliateTier" | "affiliateCommissionRate"
>;

export const APPLICATION_NOT_FOUND = "errors.affiliateApplicationNotFound";
const AFFILIATE_NOT_FOUND = "errors.affiliateNotFound";

/** The programme's money is in the billing currency (ISO 4217, lower case), like the ledger's entries. */
export const affiliateCurrency = (ctx: Pick<AppContext, "config">) =>
  ctx.config.billing.currency.toLowerCase();

/**
 * The rate in force (the custom rate, else the tier's) and the tier, for users who are or were affiliates;
 * null for everyone else.
 */
export function presentRate(user: Pick<AffiliateUser, "affiliateTier" | "affiliateCommissionRate">) {
  if (user.affiliateTier === null && user.affiliateCommissionRate === null)
    return { tier: null, ratePercent: null };
  return { tier: user.affiliateTier, ratePercent: rateBasisPoints(user) / 100 };
}

/** The application as its author sees it: the review notes only when they explain a rejection. */
export function presentApplication(row: ApplicationRow): AffiliateApplication {
  const data = row.applicationData as ApplicationData;
  return {
    id: row.id,
    status: row.status as ApplicationStatus,
    website: data.website,
    audience: data.audience,
    channels: data.channels,
    payoutEmail: data.payoutEmail,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNotes: row.status === "rejected" ? row.reviewNotes : null,
  };
}

const reviewer = alias(users, "reviewer");

/** Applications as admins list them: with the applicant, the reviewer's name and the notes always. */
export function adminApplicationQuery(db: Queryable) {
  return db
    .select({
      application: affiliateApplications,
      userId: users.id,
      username: users.username,
      email: users.email,
      reviewedBy: reviewer.username,
    })
    .from(affiliateApplications)
    .innerJoin(users, eq(users.id, affiliateApplications.userId))
    .leftJoin(reviewer, eq(reviewer.id, affiliateApplications.reviewedBy))
    .$dynamic();
}

export function presentAdminApplication(row: {
  application: ApplicationRow;
  userId: number;
  username: string;
  email: string;
  reviewedBy: string | null;
}): AdminApplication {
  return {
    ...presentApplication(row.application),
    reviewNotes: row.application.reviewNotes,
    userId: row.userId,
    username: row.username,
    email: row.email,
    reviewedBy: row.reviewedBy,
  };
}

export interface AffiliateStats {
  clicks: number;
  signups: number;
  conversions: number;
}

/** Clicks on their codes' links, people who signed up through them, and those who became paying customers. */
export async function affiliateStats(db: Queryable, userIds: number[]): Promise<Map<number, AffiliateStats>> {
  const stats = new Map(userIds.map((id) => [id, { clicks: 0, signups: 0, conversions: 0 }]));
  if (userIds.length === 0) return stats;
  const clicks = await db
    .select({
      userId: referralCodes.userId,
      clicks: sql<number>`coalesce(sum(${referralClicks.clicks}), 0)::int`,
    })
    .from(referralClicks)
    .innerJoin(referralCodes, eq(referralCodes.id, referralClicks.referralCodeId))
    .where(inArray(referralCodes.userId, userIds))
    .groupBy(referralCodes.userId);
  const signups = await db
    .select({
      userId: referrals.referrerId,
      signups: count(),
      conversions: sql<number>`(count(*) filter (where ${referrals.conversionType} = 'paid' and ${referrals.rejectedReason} is null))::int`,
    })
    .from(referrals)
    .where(inArray(referrals.referrerId, userIds))
    .groupBy(referrals.referrerId);
  for (const row of clicks) stats.get(row.userId)!.clicks = row.clicks;
  for (const row of signups)
    Object.assign(stats.get(row.userId)!, { signups: row.signups, conversions: row.conversions });
  return stats;
}

/** The latest application's payout address: where an admin sends the money. */
async function payoutEmails(db: Queryable, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([affiliateApplications.userId], {
      userId: affiliateApplications.userId,
      data: affiliateApplications.applicationData,
    })
    .from(affiliateApplications)
    .where(inArray(affiliateApplications.userId, userIds))
    .orderBy(affiliateApplications.userId, desc(affiliateApplications.id));
  return new Map(rows.map((row) => [row.userId, (row.data as ApplicationData).payoutEmail]));
}

/** Affiliates as admins manage them (without their payouts), in the order given. */
export async function presentAffiliates(
  ctx: Pick<AppContext, "config" | "clock">,
  db: Queryable,
  affiliates: AffiliateUser[],
): Promise<Omit<AdminAffiliate, "payouts">[]> {
  const ids = affiliates.map((user) => user.id);
  // One after another: `db` may be a transaction, whose single connection takes one query at a time.
  const stats = await affiliateStats(db, ids);
  const ledger = await loadLedger(db, ids);
  const emails = await payoutEmails(db, ids);
  const now = ctx.clock.now();
  return affiliates.map((user) => ({
    userId: user.id,
    username: user.username,
    email: user.email,
    status: user.affiliateStatus as AdminAffiliate["status"],
    ...presentRate(user),
    payoutEmail: emails.get(user.id) ?? null,
    stats: stats.get(user.id)!,
    totals: summarizeLedger(
      ledger.filter((entry) => entry.affiliateId === user.id),
      now,
      affiliateCurrency(ctx),
    ).totals,
  }));
}

export const affiliateColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  affiliateStatus: users.affiliateStatus,
  affiliateTier: users.affiliateTier,
  affiliateCommissionRate: users.affiliateCommissionRate,
};

/** Users who are, were or asked to be affiliates; anyone else is 404, like a missing user. */
export async function findAffiliate(db: Queryable, userId: number, lock = false): Promise<AffiliateUser> {
  const query = db.select(affiliateColumns).from(users).where(eq(users.id, userId));
  const [user] = lock ? await query.for("update") : await query;
  // Applying leaves "inactive" for good (and only active affiliates earn), so this is everyone who ever applied.
  if (!user || user.affiliateStatus === "inactive") throw notFound(AFFILIATE_NOT_FOUND);
  return user;
}

/** One affiliate with their payouts, newest first. */
export async function getAdminAffiliate(
  ctx: Pick<AppContext, "db" | "config" | "clock">,
  userId: number,
  db: Queryable = ctx.db,
): Promise<AdminAffiliate> {
  const user = await findAffiliate(db, userId);
  const recorder = alias(users, "recorder");
  const [affiliate] = await presentAffiliates(ctx, db, [user]);
  const payouts = await db
    .select({ payout: affiliatePayouts, recordedBy: recorder.username })
    .from(affiliatePayouts)
    .leftJoin(recorder, eq(recorder.id, affiliatePayouts.recordedBy))
    .where(eq(affiliatePayouts.affiliateId, userId))
    .orderBy(desc(affiliatePayouts.id));
  return {
    ...affiliate!,
    payouts: payouts.map(({ payout, recordedBy }) => ({
      id: payout.id,
      amountCents: payout.amountCents,
      currency: payout.currency,
      reference: payout.reference,
      note: payout.note,
      recordedBy,
      createdAt: payout.createdAt.toISOString(),
    })),
  };
}

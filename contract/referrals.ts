import { z } from "zod";
import { REFERRAL_CODE_MAX } from "./account-rules";
import { emailSchema } from "./accounts";
import {
  AFFILIATE_AUDIENCE_MAX,
  AFFILIATE_AUDIENCE_MIN,
  AFFILIATE_RATE_MAX,
  AFFILIATE_RATE_MIN,
  AFFILIATE_WEBSITE_MAX,
  affiliateChannels,
  affiliateStatuses,
  affiliateTierIds,
  applicationStatuses,
  commissionKinds,
  commissionStates,
  DISMISS_HOURS_MAX,
  REVIEW_NOTES_MAX,
  referralStages,
  rewardModalTypes,
  rewardStatuses,
  rewardTypes,
  selfReferralReasons,
} from "./referral-constants";

/** The plain values (no zod) live in referral-constants.ts, which the web imports; re-exported for the server. */
export * from "./referral-constants";

const referralCodeSchema = z.string().trim().min(1).max(REFERRAL_CODE_MAX);
const isoDate = z.string();
const cursorQuery = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
};
/** Money is integer cents everywhere; the currency is the billing currency (ISO 4217, lower case). */
const cents = z.number().int();

// --- Referral programme (spec section 7 and issue 17) ----------------------------------------------------

/** GET /api/referrals/rewards/pending: spec section 4 "Referral modal state". */
export const pendingRewardsSchema = z.object({
  shouldShow: z.boolean(),
  type: z.enum(rewardModalTypes).nullable(),
  data: z.object({
    referralCode: z.string(),
    freeMonthsAvailable: z.number().int().min(0),
    totalReferrals: z.number().int().min(0),
    /** The oldest claimable reward, which the celebration's claim button claims (null when none). */
    claimableRewardId: z.number().int().nullable(),
  }),
});
export type PendingRewards = z.infer<typeof pendingRewardsSchema>;

export const dismissRewardsBodySchema = z
  .object({ hours: z.number().int().min(1).max(DISMISS_HOURS_MAX) })
  .strict();
export const dismissRewardsResponseSchema = z.object({ dismissedUntil: isoDate });

/** POST /api/referrals/signup: late attribution. `refereeId` must be the caller; the code is checked server-side. */
export const referralSignupBodySchema = z
  .object({ refereeId: z.number().int().positive(), referralCode: referralCodeSchema })
  .strict();
export const referralSignupResponseSchema = z.object({ attributed: z.boolean() });

/** POST /api/referrals/premium-upgrade: the subscription is read from the provider and must be the caller's. */
export const premiumUpgradeBodySchema = z
  .object({ stripeSubscriptionId: z.string().trim().min(1).max(100) })
  .strict();
export const premiumUpgradeResponseSchema = z.object({
  referred: z.boolean(),
  stage: z.enum(referralStages).nullable(),
});

export const referralHistoryQuerySchema = z.object(cursorQuery).strict();

/** Someone who signed up through the link, as the referrer sees them: a masked name, never an email. */
export const referralEntrySchema = z.object({
  id: z.number().int(),
  refereeName: z.string(),
  signedUpAt: isoDate,
  stage: z.enum(referralStages),
  convertedAt: isoDate.nullable(),
  rejectedReason: z.enum(selfReferralReasons).nullable(),
});
export type ReferralEntry = z.infer<typeof referralEntrySchema>;

export const rewardSchema = z.object({
  id: z.number().int(),
  type: z.enum(rewardTypes),
  status: z.enum(rewardStatuses),
  earnedAt: isoDate,
  claimedAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
  refereeName: z.string().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;

/** GET /api/referrals: the link, the totals, the rewards and one page of history (newest first). */
export const referralOverviewSchema = z.object({
  referralCode: z.string(),
  link: z.string(),
  stats: z.object({
    signedUp: z.number().int(),
    converted: z.number().int(),
    freeMonthsAvailable: z.number().int(),
    freeMonthsClaimed: z.number().int(),
  }),
  /** Claimable rewards first, then the rest, newest first (at most 50). */
  rewards: z.array(rewardSchema),
  history: z.array(referralEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;

export const rewardIdParamsSchema = z
  .object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
  .strict();
/** A claimed month: premium until `premiumUntil` (a running subscription renews a month later instead). */
export const claimRewardResponseSchema = z.object({
  reward: rewardSchema,
  premiumUntil: isoDate,
  extendedSubscription: z.boolean(),
});
export type ClaimRewardResponse = z.infer<typeof claimRewardResponseSchema>;

// --- Affiliate programme ---------------------------------------------------------------------------------

/** An http(s) address; a value that is no URL at all gets the one error of `.url()`. */
const websiteSchema = z
  .string()
  .trim()
  .max(AFFILIATE_WEBSITE_MAX)
  .url({ message: "validation.url" })
  .refine((value) => !URL.canParse(value) || /^https?:\/\//i.test(value), { message: "validation.url" });

export const affiliateApplyBodySchema = z
  .object({
    website: websiteSchema,
    audience: z.string().trim().min(AFFILIATE_AUDIENCE_MIN).max(AFFILIATE_AUDIENCE_MAX),
    channels: z
      .array(z.enum(affiliateChannels))
      .min(1)
      .max(affiliateChannels.length)
      .refine((list) => new Set(list).size === list.length, { message: "validation.duplicate" }),
    payoutEmail: emailSchema,
    /** Must be true; a boolean (not a literal) so a missing one is "Required" like every other field. */
    acceptTerms: z.boolean().refine((accepted) => accepted, { message: "validation.acceptTerms" }),
  })
  .strict();
export type AffiliateApplyBody = z.infer<typeof affiliateApplyBodySchema>;

export const affiliateApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(applicationStatuses),
  website: z.string(),
  audience: z.string(),
  channels: z.array(z.enum(affiliateChannels)),
  payoutEmail: z.string(),
  createdAt: isoDate,
  reviewedAt: isoDate.nullable(),
  /** Shown to the applicant only when rejected (the reason); admins always see it. */
  reviewNotes: z.string().nullable(),
});
export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;

export const commissionMonthSchema = z.object({
  /** YYYY-MM (UTC) of the invoice. */
  month: z.string(),
  pendingCents: cents,
  dueCents: cents,
  paidCents: cents,
  /** The amount reversed (refunds, chargebacks) of that month's commissions, as a positive number. */
  reversedCents: cents,
});

export const affiliateTotalsSchema = z.object({
  earnedCents: cents,
  pendingCents: cents,
  dueCents: cents,
  paidCents: cents,
  currency: z.string(),
});

/** GET /api/affiliates/me: the application, and for an affiliate the figures of the dashboard. */
export const affiliateMeSchema = z.object({
  status: z.enum(affiliateStatuses),
  application: affiliateApplicationSchema.nullable(),
  tier: z.enum(affiliateTierIds as [string, ...string[]]).nullable(),
  /** The rate in force: the custom rate, else the tier's (null for someone who never was an affiliate). */
  ratePercent: z.number().nullable(),
  link: z.string(),
  stats: z.object({ clicks: z.number().int(), signups: z.number().int(), conversions: z.number().int() }),
  totals: affiliateTotalsSchema,
  /** The last 12 months with any entry, newest first. */
  months: z.array(commissionMonthSchema),
});
export type AffiliateMe = z.infer<typeof affiliateMeSchema>;

export const reviewBodySchema = z
  .object({ notes: z.string().trim().max(REVIEW_NOTES_MAX).optional() })
  .strict()
  .nullish();
export const applicationIdParamsSchema = z
  .object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
  .strict();
export const affiliateUserParamsSchema = z
  .object({ userId: z.coerce.number().int().positive().max(2_147_483_647) })
  .strict();

export const applicationsQuerySchema = z
  .object({ status: z.enum(applicationStatuses).default("pending"), ...cursorQuery })
  .strict();
export const adminApplicationSchema = affiliateApplicationSchema.extend({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  reviewedBy: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
export const adminApplicationPageSchema = z.object({
  applications: z.array(adminApplicationSchema),
  nextCursor: z.string().nullable(),
});

export const affiliatesQuerySchema = z
  .object({ status: z.enum(["active", "suspended"]).optional(), ...cursorQuery })
  .strict();
export const payoutSchema = z.object({
  id: z.number().int(),
  amountCents: cents,
  currency: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: isoDate,
});
export type Payout = z.infer<typeof payoutSchema>;

/** An affiliate as an admin manages them. */
export const adminAffiliateSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  status: z.enum(affiliateStatuses),
  tier: z.enum(affiliateTierIds as [string, ...string[]]).nullable(),
  /** The rate in force: the custom rate, else the tier's (null for someone who never was an affiliate). */
  ratePercent: z.number().nullable(),
  payoutEmail: z.string().nullable(),
  stats: z.object({ clicks: z.number().int(), signups: z.number().int(), conversions: z.number().int() }),
  totals: affiliateTotalsSchema,
  payouts: z.array(payoutSchema),
});
export type AdminAffiliate = z.infer<typeof adminAffiliateSchema>;
export const adminAffiliatePageSchema = z.object({
  affiliates: z.array(adminAffiliateSchema.omit({ payouts: true })),
  nextCursor: z.string().nullable(),
});

export const updateAffiliateBodySchema = z
  .object({
    tier: z.enum(affiliateTierIds as [string, ...string[]]).optional(),
    /** A custom rate overrides the tier's. */
    ratePercent: z
      .number()
      .min(AFFILIATE_RATE_MIN)
      .max(AFFILIATE_RATE_MAX)
      .multipleOf(0.01)
      .nullable()
      .optional(),
    status: z.enum(["active", "suspended"]).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "validation.empty" });

export const recordPayoutBodySchema = z
  .object({
    /** Must equal what is due when given: a payout covers every due entry, never part of one. */
    amountCents: z.number().int().positive().optional(),
    reference: z.string().trim().max(200).optional(),
    note: z.string().trim().max(REVIEW_NOTES_MAX).optional(),
  })
  .strict();

export const commissionEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(commissionKinds),
  state: z.enum(commissionStates),
  invoiceAmountCents: cents,
  ratePercent: z.number(),
  amountCents: cents,
  currency: z.string(),
  earnedAt: isoDate,
  availableAt: isoDate,
});
export type CommissionEntry = z.infer<typeof commissionEntrySchema>;

/** Referral and affiliate constants, free of zod so the web bundle can import them (see error-codes.ts). */

/** The spec's three modal variants (section 2). */
export const rewardModalTypes = [
  "referee_upgrade_prompt",
  "referrer_celebration",
  "continue_sharing",
] as const;
export type RewardModalType = (typeof rewardModalTypes)[number];

/** Spec section 5: "Remind Tomorrow"/"Tomorrow" hide the modal 24 h, "Later"/"Maybe Later"/"Got it" 168 h. */
export const DISMISS_HOURS = { tomorrow: 24, later: 168 } as const;
/** A dismissal longer than this is refused: the modal is a reminder, not a setting. */
export const DISMISS_HOURS_MAX = 720;

/** Spec section 5: pending-rewards polling, stale and cache times. */
export const PENDING_REWARDS_POLL_MS = 300_000;
export const PENDING_REWARDS_STALE_MS = 240_000;
export const PENDING_REWARDS_CACHE_MS = 600_000;

/** Issue 17: the server's first-party attribution cookie, set on any `?ref=` visit; browsers cap script storage. */
export const REFERRAL_COOKIE_NAME = "chitta_ref";
export const REFERRAL_COOKIE_DAYS = 60;
/** Spec section 4: the local-storage keys the client keeps beside the cookie. */
export const REFERRAL_STORAGE_KEYS = {
  code: "chitta-referral-code",
  redirect: "chitta-referral-redirect",
} as const;
/** Spec section 5: the redirect to /signup?ref= waits this long on production hosts. */
export const REFERRAL_REDIRECT_DELAY_MS = 100;

/** One free month, claimed from a reward, in days (the referee's offer is the same 30-day trial). */
export const FREE_MONTH_DAYS = 30;
/** A payment refunded within this many days of being paid revokes the reward it earned; commissions wait this long. */
export const REFUND_WINDOW_DAYS = 14;
/** Abuse limit: rewards a referrer can earn per calendar month (UTC); more conversions are recorded, not rewarded. */
export const REFERRAL_REWARDS_PER_MONTH = 5;
/** A user who signed up without a code may still name one this long after signing up (POST /api/referrals/signup). */
export const LATE_ATTRIBUTION_DAYS = 7;

/** Reward ledger entries: what was earned, by whom. */
export const rewardTypes = ["referrer_free_month", "referee_first_month"] as const;
export type RewardType = (typeof rewardTypes)[number];
/** pending: earned and claimable; claimed; revoked (refund); limited (over the monthly limit, never claimable). */
export const rewardStatuses = ["pending", "claimed", "revoked", "limited"] as const;
export type RewardStatus = (typeof rewardStatuses)[number];

/** What became of someone who signed up through a link. */
export const referralStages = ["signed_up", "trial", "converted", "refunded", "rejected"] as const;
export type ReferralStage = (typeof referralStages)[number];
/** Why a conversion earns nothing: the spec's abuse rules (issue 17). */
export const selfReferralReasons = ["same_account", "same_email", "same_customer", "same_card"] as const;
export type SelfReferralReason = (typeof selfReferralReasons)[number];

// --- Affiliates -------------------------------------------------------------------------------------------

export const affiliateStatuses = ["inactive", "pending", "active", "suspended", "rejected"] as const;
export type AffiliateStatus = (typeof affiliateStatuses)[number];
export const applicationStatuses = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** decisions.md: 20% by default; tiers are configured here, and an admin may set a rate per affiliate. */
export const affiliateTiers = { standard: 20, silver: 25, gold: 30 } as const;
export type AffiliateTier = keyof typeof affiliateTiers;
export const affiliateTierIds = Object.keys(affiliateTiers) as AffiliateTier[];
export const DEFAULT_AFFILIATE_TIER: AffiliateTier = "standard";
export const AFFILIATE_RATE_MIN = 1;
export const AFFILIATE_RATE_MAX = 50;
/** decisions.md: commission on a referred customer's paid invoices for this many months after their first. */
export const AFFILIATE_COMMISSION_MONTHS = 12;

export const affiliateChannels = [
  "blog",
  "youtube",
  "instagram",
  "tiktok",
  "podcast",
  "newsletter",
  "community",
  "other",
] as const;
export type AffiliateChannel = (typeof affiliateChannels)[number];
export const AFFILIATE_AUDIENCE_MIN = 20;
export const AFFILIATE_AUDIENCE_MAX = 1000;
export const AFFILIATE_WEBSITE_MAX = 300;
export const REVIEW_NOTES_MAX = 1000;

/** commission: a share of a paid invoice; reversal: its refund or chargeback, as a negative entry. */
export const commissionKinds = ["commission", "reversal"] as const;
export type CommissionKind = (typeof commissionKinds)[number];
/** Derived per entry: pending inside the refund window, then due, paid once a payout covers it. */
export const commissionStates = ["pending", "due", "paid"] as const;
export type CommissionState = (typeof commissionStates)[number];

/** The referral link: spec section 2, `{host}/signup?ref={referralCode}`. */
export const referralLink = (origin: string, code: string) =>
  `${origin.replace(/\/+$/, "")}/signup?ref=${encodeURIComponent(code)}`;

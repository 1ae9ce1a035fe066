import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { noBodySchema } from "../../../contract/accounts";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import {
  claimRewardResponseSchema,
  DISMISS_HOURS,
  dismissRewardsBodySchema,
  dismissRewardsResponseSchema,
  LATE_ATTRIBUTION_DAYS,
  pendingRewardsSchema,
  premiumUpgradeBodySchema,
  premiumUpgradeResponseSchema,
  referralHistoryQuerySchema,
  referralOverviewSchema,
  referralSignupBodySchema,
  referralSignupResponseSchema,
  rewardIdParamsSchema,
} from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { referralRewards } from "../../db/schema/index";
import { perUserLimit } from "../../plugins/rate-limit";
import { caller, ownedRow } from "../../plugins/route-guards";
import { linkOrigin } from "../../plugins/security";
import { viaProvider } from "../billing/provider-failure";
import { claimReward, REWARD_NOT_FOUND } from "./claim-reward";
import { dismissRewards } from "./dismiss-rewards";
import { attributeLate } from "./late-attribution";
import { getPendingRewards } from "./pending-rewards";
import { recordPremiumUpgrade } from "./premium-upgrade";
import { getReferralOverview } from "./referral-overview";

const errors = { ...errorResponses, 404: errorBodySchema, 502: errorBodySchema };

/**
 * The referral programme: the rewards modal's state and dismissal, late attribution, the client's upgrade
 * notice, the referrals page and claiming a free month. Rewards themselves come only from verified payment
 * events (payment-hooks.ts).
 */
export const referralsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const rewardOwner = ownedRow(ctx.db, referralRewards, REWARD_NOT_FOUND);

  app.get(
    "/api/referrals/rewards/pending",
    {
      config: { access: "user" },
      schema: {
        tags: ["referrals"],
        summary: "Which rewards modal to show, if any, with its figures",
        response: { 200: pendingRewardsSchema, ...errors },
      },
    },
    async (request) => getPendingRewards(ctx, caller(request)),
  );

  app.post(
    "/api/referrals/rewards/dismiss",
    {
      config: { access: "user", ...perUserLimit(30) },
      schema: {
        tags: ["referrals"],
        summary: `Hide the rewards modal for some hours (the buttons send ${DISMISS_HOURS.tomorrow} or ${DISMISS_HOURS.later})`,
        body: dismissRewardsBodySchema,
        response: { 200: dismissRewardsResponseSchema, ...errors },
      },
    },
    async (request) => dismissRewards(ctx, caller(request).id, request.body.hours),
  );

  app.post(
    "/api/referrals/signup",
    {
      config: { access: "user", ...perUserLimit(10) },
      schema: {
        tags: ["referrals"],
        summary: "Name the code one came through after signing up without it",
        description: `Only for the caller's own account (else 403), within ${LATE_ATTRIBUTION_DAYS} days of signing up and before any subscription (else 409, as is another code when one is already attributed). An unknown code or one's own is 422 naming referralCode.`,
        body: referralSignupBodySchema,
        response: { 200: referralSignupResponseSchema, ...errors },
      },
    },
    async (request) => attributeLate(ctx, caller(request), request.body),
  );

  app.post(
    "/api/referrals/premium-upgrade",
    {
      config: { access: "user", ...perUserLimit(10) },
      schema: {
        tags: ["referrals"],
        summary: "Tell the server a subscription started; it is read from the provider and stored",
        description:
          "A subscription that is not the caller's answers 404 like a missing one. Rewards never come from here, only from the provider's invoice events.",
        body: premiumUpgradeBodySchema,
        response: { 200: premiumUpgradeResponseSchema, ...errors },
      },
    },
    async (request) =>
      viaProvider(request.log, () =>
        recordPremiumUpgrade(ctx, caller(request), request.body.stripeSubscriptionId),
      ),
  );

  app.get(
    "/api/referrals",
    {
      config: { access: "user" },
      schema: {
        tags: ["referrals"],
        summary: "The referral link and code, totals, rewards and a page of history (newest first)",
        querystring: referralHistoryQuerySchema,
        response: { 200: referralOverviewSchema, ...errors },
      },
    },
    async (request) =>
      getReferralOverview(
        ctx,
        caller(request),
        request.query,
        linkOrigin(request.headers.origin, ctx.config),
      ),
  );

  app.post(
    "/api/referrals/rewards/:id/claim",
    {
      config: { access: "owner", owner: rewardOwner, ...perUserLimit(10) },
      schema: {
        tags: ["referrals"],
        summary: "Claim a free month: premium a month longer (a running subscription renews a month later)",
        description:
          "Only a claimable free month; one already claimed, revoked or over the monthly limit is 409.",
        params: rewardIdParamsSchema,
        body: noBodySchema,
        response: { 200: claimRewardResponseSchema, ...errors },
      },
    },
    async (request) =>
      viaProvider(request.log, () => claimReward(ctx, caller(request).id, request.params.id)),
  );
};

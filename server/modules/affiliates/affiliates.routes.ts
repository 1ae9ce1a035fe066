import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import {
  adminAffiliatePageSchema,
  adminAffiliateSchema,
  adminApplicationPageSchema,
  adminApplicationSchema,
  affiliateApplicationSchema,
  affiliateApplyBodySchema,
  affiliateMeSchema,
  affiliatesQuerySchema,
  affiliateUserParamsSchema,
  applicationIdParamsSchema,
  applicationsQuerySchema,
  recordPayoutBodySchema,
  reviewBodySchema,
  updateAffiliateBodySchema,
} from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { perUserLimit } from "../../plugins/rate-limit";
import { caller } from "../../plugins/route-guards";
import { linkOrigin } from "../../plugins/security";
import { getAdminAffiliate } from "./affiliate-figures";
import { applyForAffiliate } from "./apply";
import { exportCommissions } from "./export-commissions";
import { getMyAffiliate } from "./get-my-affiliate";
import { listAffiliates } from "./list-affiliates";
import { listApplications } from "./list-applications";
import { recordPayout } from "./record-payout";
import { reviewApplication } from "./review-application";
import { updateAffiliate } from "./update-affiliate";

const errors = { ...errorResponses, 404: errorBodySchema };
/** Admin writes are a few clicks a minute; the limit only stops a runaway script. */
const adminWriteLimit = perUserLimit(60);

/**
 * The affiliate programme: applying, the affiliate's own figures and CSV, and the administrators' review queue,
 * affiliate management and payout records.
 */
export const affiliatesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/affiliates/apply",
    {
      config: { access: "user", ...perUserLimit(10) },
      schema: {
        tags: ["affiliates"],
        summary: "Apply to the affiliate programme (one open application at a time)",
        description: "409 CONFLICT while an application is pending or the caller already is an affiliate.",
        body: affiliateApplyBodySchema,
        response: { 201: affiliateApplicationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const application = await applyForAffiliate(ctx, caller(request), request.body);
      reply.code(201);
      return application;
    },
  );

  app.get(
    "/api/affiliates/me",
    {
      config: { access: "user" },
      schema: {
        tags: ["affiliates"],
        summary: "The caller's affiliate status, application, link, stats and commissions",
        response: { 200: affiliateMeSchema, ...errors },
      },
    },
    async (request) => getMyAffiliate(ctx, caller(request), linkOrigin(request.headers.origin, ctx.config)),
  );

  app.get(
    "/api/affiliates/me/commissions.csv",
    {
      // No automatic HEAD twin: it would have its own rate-limit budget and build the whole file.
      exposeHeadRoute: false,
      config: { access: "user", ...perUserLimit(10) },
      schema: {
        tags: ["affiliates"],
        summary: "The caller's commission ledger as CSV (only the header when there is none)",
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportCommissions(ctx, caller(request));
      const stamp = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="chitta-commissions-${stamp}.csv"`)
        .send(csv);
    },
  );

  // --- Administration ---
  app.get(
    "/api/admin/affiliates/applications",
    {
      config: { access: "admin" },
      schema: {
        tags: ["affiliates"],
        summary: "Affiliate applications of one status (pending: oldest first)",
        querystring: applicationsQuerySchema,
        response: { 200: adminApplicationPageSchema, ...errors },
      },
    },
    async (request) => listApplications(ctx, request.query),
  );

  for (const decision of ["approve", "reject"] as const) {
    app.post(
      `/api/admin/affiliates/applications/:id/${decision}`,
      {
        config: { access: "admin", ...adminWriteLimit },
        schema: {
          tags: ["affiliates"],
          summary:
            decision === "approve"
              ? "Approve a pending application: the applicant becomes an active affiliate and is emailed"
              : "Reject a pending application with optional notes: the applicant is emailed",
          description: "409 CONFLICT when the application is no longer pending.",
          params: applicationIdParamsSchema,
          body: reviewBodySchema,
          response: { 200: adminApplicationSchema, ...errors },
        },
      },
      async (request) =>
        reviewApplication(ctx, caller(request), {
          id: request.params.id,
          decision,
          notes: request.body?.notes,
        }),
    );
  }

  app.get(
    "/api/admin/affiliates",
    {
      config: { access: "admin" },
      schema: {
        tags: ["affiliates"],
        summary: "Affiliates (active, suspended, or with commission entries) by user id",
        querystring: affiliatesQuerySchema,
        response: { 200: adminAffiliatePageSchema, ...errors },
      },
    },
    async (request) => listAffiliates(ctx, request.query),
  );

  app.get(
    "/api/admin/affiliates/:userId",
    {
      config: { access: "admin" },
      schema: {
        tags: ["affiliates"],
        summary: "One affiliate with stats, totals and payouts",
        params: affiliateUserParamsSchema,
        response: { 200: adminAffiliateSchema, ...errors },
      },
    },
    async (request) => getAdminAffiliate(ctx, request.params.userId),
  );

  app.patch(
    "/api/admin/affiliates/:userId",
    {
      config: { access: "admin", ...adminWriteLimit },
      schema: {
        tags: ["affiliates"],
        summary: "Change an affiliate's tier, custom rate or status (suspended affiliates earn nothing new)",
        description: "409 CONFLICT unless the user is an active or suspended affiliate.",
        params: affiliateUserParamsSchema,
        body: updateAffiliateBodySchema,
        response: { 200: adminAffiliateSchema, ...errors },
      },
    },
    async (request) => updateAffiliate(ctx, request.params.userId, request.body),
  );

  app.post(
    "/api/admin/affiliates/:userId/payouts",
    {
      config: { access: "admin", ...adminWriteLimit },
      schema: {
        tags: ["affiliates"],
        summary: "Record a payout made outside the app, covering every due commission",
        description:
          "409 CONFLICT when nothing is due; 422 VALIDATION naming amountCents when a stated amount differs from what is due.",
        params: affiliateUserParamsSchema,
        body: recordPayoutBodySchema,
        response: { 201: adminAffiliateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const affiliate = await recordPayout(ctx, caller(request), request.params.userId, request.body);
      reply.code(201);
      return affiliate;
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  billingDebugResponseSchema,
  checkoutBodySchema,
  eventIdParamsSchema,
  invoicesResponseSchema,
  plansResponseSchema,
  redirectResponseSchema,
  replayResponseSchema,
  sandboxAdvanceBodySchema,
  sandboxAdvanceParamsSchema,
  sandboxInvoiceParamsSchema,
  sandboxPayBodySchema,
  sandboxPayResponseSchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
  subscriptionStateResponseSchema,
} from "../../../contract/billing";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import type { AppContext } from "../../context";
import { sandboxCheckoutSessions } from "../../db/schema/index";
import { AppError } from "../../lib/errors";
import { translator } from "../../lib/i18n";
import { MINUTE_MS } from "../../plugins/rate-limit";
import { caller, ownedRow } from "../../plugins/route-guards";
import { receiveWebhook } from "./apply-payment-event";
import { getBillingConsole, replayEvent } from "./billing-console";
import { listInvoices, openPortal, setCancellation } from "./manage-subscription";
import { viaProvider } from "./provider-failure";
import {
  advanceSandboxSubscription,
  getSandboxSession,
  type PayResult,
  paySandboxSession,
  retrySandboxPayment,
  reverseSandboxInvoice,
} from "./sandbox/sandbox-payments";
import { startCheckout } from "./start-checkout";
import { getSubscriptionState, listPlans } from "./subscription-state";

const errors = { ...errorResponses, 404: errorBodySchema, 502: errorBodySchema };
const paymentLimit = { rateLimit: { max: 20, timeWindow: MINUTE_MS } };

/** Plans, checkout, the subscription's management, the provider's webhook, the sandbox and the admin console. */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sandbox = () => {
    if (!ctx.sandbox) throw new AppError("NOT_FOUND", "errors.sandboxOnly");
    return ctx.sandbox;
  };
  const sessionRows = ownedRow(ctx.db, sandboxCheckoutSessions, "errors.checkoutSessionNotFound");
  // Without the sandbox (Stripe keys set) its routes answer that, whoever asks.
  const sandboxSessionOwner = {
    ...sessionRows,
    ownerOf: (id: unknown) => {
      sandbox();
      return sessionRows.ownerOf(id);
    },
  };
  const payReply = (language: string, result: PayResult) => ({
    outcome: result.outcome,
    redirectTo: result.redirectTo,
    message: translator(language === "es" ? "es" : "en")(result.messageKey),
  });

  app.get(
    "/api/billing/plans",
    {
      config: { access: "public" },
      schema: { tags: ["billing"], summary: "Plans and prices", response: { 200: plansResponseSchema } },
    },
    async () => listPlans(ctx.config, ctx.payments.kind),
  );

  app.get(
    "/api/billing/subscription",
    {
      config: { access: "user" },
      schema: {
        tags: ["billing"],
        summary: "The user's plan, subscription and offers",
        response: { 200: subscriptionStateResponseSchema, ...errors },
      },
    },
    async (request) => getSubscriptionState(ctx, caller(request)),
  );

  app.post(
    "/api/billing/checkout",
    {
      config: { access: "user", ...paymentLimit },
      schema: {
        tags: ["billing"],
        summary: "Start a checkout for a plan; answers the address to pay at",
        body: checkoutBodySchema,
        response: { 200: redirectResponseSchema, ...errors },
      },
    },
    async (request) => viaProvider(request.log, () => startCheckout(ctx, caller(request), request.body.plan)),
  );

  app.post(
    "/api/billing/portal",
    {
      config: { access: "user", ...paymentLimit },
      schema: {
        tags: ["billing"],
        summary: "Open the billing portal",
        response: { 200: redirectResponseSchema, ...errors },
      },
    },
    async (request) => viaProvider(request.log, () => openPortal(ctx, caller(request))),
  );

  for (const [path, cancel] of [
    ["/api/billing/subscription/cancel", true],
    ["/api/billing/subscription/resume", false],
  ] as const) {
    app.post(
      path,
      {
        config: { access: "user", ...paymentLimit },
        schema: {
          tags: ["billing"],
          summary: cancel ? "Cancel at the end of the period" : "Resume a subscription set to cancel",
          response: { 200: subscriptionStateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = caller(request);
        const subscription = await viaProvider(request.log, () => setCancellation(ctx, user, cancel));
        // Stripe's confirming event may still be on its way: show the provider's answer meanwhile.
        return { ...(await getSubscriptionState(ctx, user)), subscription };
      },
    );
  }

  app.get(
    "/api/billing/invoices",
    {
      config: { access: "user" },
      schema: {
        tags: ["billing"],
        summary: "The user's invoices",
        response: { 200: invoicesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      invoices: await viaProvider(request.log, () => listInvoices(ctx, caller(request))),
    }),
  );

  // The provider's webhook: verified on the raw body, so this scope keeps JSON bodies unparsed.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser("application/json");
    webhook.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      "/api/webhooks/stripe",
      {
        // Stripe's events (an invoice with many lines) can run to hundreds of kilobytes.
        bodyLimit: 1024 * 1024,
        // The provider delivers in bursts from a handful of addresses and retries a refused delivery later; a
        // forged one costs one HMAC. Well above the default, so a busy account's bursts pass.
        config: { access: "public", rateLimit: { max: 1200, timeWindow: MINUTE_MS } },
        schema: {
          tags: ["billing"],
          summary: "Stripe webhook (and the sandbox's deliveries): signed events",
          headers: z.object({ "stripe-signature": z.string().max(2000).optional() }),
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError("BAD_REQUEST", "errors.webhookSignature");
        const signature = request.headers["stripe-signature"];
        const outcome = await receiveWebhook(
          ctx,
          body,
          typeof signature === "string" ? signature : undefined,
        );
        return { received: true as const, outcome };
      },
    );
  });

  // --- Sandbox ("test mode") checkout ---
  app.get(
    "/api/billing/sandbox/sessions/:id",
    {
      config: { access: "owner", owner: sandboxSessionOwner },
      schema: {
        tags: ["billing"],
        summary: "A sandbox checkout session (test mode)",
        params: sandboxSessionParamsSchema,
        response: { 200: sandboxSessionSchema, ...errors },
      },
    },
    async (request) => getSandboxSession(sandbox(), caller(request).id, request.params.id),
  );
  app.post(
    "/api/billing/sandbox/sessions/:id/pay",
    {
      config: { access: "owner", owner: sandboxSessionOwner, ...paymentLimit },
      schema: {
        tags: ["billing"],
        summary: "Pay a sandbox checkout with a test card",
        params: sandboxSessionParamsSchema,
        body: sandboxPayBodySchema,
        response: { 200: sandboxPayResponseSchema, ...errors },
      },
    },
    async (request) =>
      payReply(
        request.language,
        await paySandboxSession(sandbox(), caller(request).id, request.params.id, request.body.cardNumber),
      ),
  );
  app.post(
    "/api/billing/sandbox/retry-payment",
    {
      config: { access: "user", ...paymentLimit },
      schema: {
        tags: ["billing"],
        summary: "Pay a failed renewal again with a test card",
        body: sandboxPayBodySchema,
        response: { 200: sandboxPayResponseSchema, ...errors },
      },
    },
    async (request) =>
      payReply(
        request.language,
        await retrySandboxPayment(sandbox(), caller(request).id, request.body.cardNumber),
      ),
  );

  // --- Admin console ---
  app.get(
    "/api/admin/billing",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Payment provider state and recent events",
        response: { 200: billingDebugResponseSchema, ...errors },
      },
    },
    async () => getBillingConsole(ctx),
  );
  app.post(
    "/api/admin/billing/events/:id/replay",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Run a stored provider event through the handler again (applied at most once)",
        params: eventIdParamsSchema,
        response: { 200: replayResponseSchema, ...errors },
      },
    },
    async (request) => ({
      outcome: await viaProvider(request.log, () => replayEvent(ctx, request.params.id)),
    }),
  );
  app.post(
    "/api/admin/billing/sandbox/subscriptions/:id/advance",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Sandbox: end a subscription's current period now (renew, fail the renewal, or end)",
        params: sandboxAdvanceParamsSchema,
        body: sandboxAdvanceBodySchema,
        response: { 200: replayResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deps = sandbox();
      return { outcome: await advanceSandboxSubscription(deps, request.params.id, request.body.renewal) };
    },
  );
  for (const reversal of ["refund", "dispute"] as const) {
    app.post(
      `/api/admin/billing/sandbox/invoices/:id/${reversal}`,
      {
        config: { access: "admin" },
        schema: {
          tags: ["admin"],
          summary:
            reversal === "refund"
              ? "Sandbox: refund a paid invoice in full (emits charge.refunded)"
              : "Sandbox: open a chargeback on a paid invoice (emits charge.dispute.created)",
          params: sandboxInvoiceParamsSchema,
          response: { 200: replayResponseSchema, ...errors },
        },
      },
      async (request) => {
        const deps = sandbox();
        return { outcome: await reverseSandboxInvoice(deps, request.params.id, reversal) };
      },
    );
  }
};

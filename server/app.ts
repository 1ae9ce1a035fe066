import path from "node:path";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import { type AppContext, type Clock, systemClock } from "./context";
import type { DatabaseHandle } from "./db/client";
import { loadPlaces } from "./engine/astro/index";
import { createChatWriter } from "./integrations/ai/chat-writer";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./integrations/email/mailer";
import { createJobs } from "./integrations/jobs/pg-boss-jobs";
import { createStripeProvider } from "./integrations/payments/stripe-provider";
import { type BackgroundRunner, createBackgroundRunner } from "./lib/background";
import { validationError } from "./lib/errors";
import { pruneIdempotencyKeys } from "./lib/idempotency";
import { unstorableTextPath } from "./lib/unstorable-text";
import { appVersion } from "./lib/version";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { oidcRoutes } from "./modules/accounts/oidc.routes";
import { profileRoutes } from "./modules/accounts/profile.routes";
import { pruneAttempts } from "./modules/accounts/throttle";
import { affiliatesRoutes } from "./modules/affiliates/affiliates.routes";
import { announcementsRoutes } from "./modules/announcements/announcements.routes";
import { receiveWebhook } from "./modules/billing/apply-payment-event";
import { billingRoutes } from "./modules/billing/billing.routes";
import { expirePremiumGrants } from "./modules/billing/free-months";
import { sweepSandbox } from "./modules/billing/sandbox/sandbox-payments";
import { createSandboxProvider } from "./modules/billing/sandbox/sandbox-provider";
import type { SandboxDeps } from "./modules/billing/sandbox/sandbox-store";
import { dreamsRoutes } from "./modules/dreams/dreams.routes";
import { warmUpTranslation } from "./modules/dreams/warm-up";
import { healthRoutes } from "./modules/health/health.routes";
import { oracleRoutes } from "./modules/oracle/oracle.routes";
import { pushRoutes } from "./modules/push/push.routes";
import { definePushJobs } from "./modules/push/push-jobs";
import { referralCookiePlugin } from "./modules/referrals/referral-cookie";
import { referralsRoutes } from "./modules/referrals/referrals.routes";
import { remindersRoutes } from "./modules/reminders/reminders.routes";
import { defineReminderJobs } from "./modules/reminders/send-due-reminders";
import { createSymbolEngineHolder } from "./modules/symbols/symbol-engine";
import { symbolsRoutes } from "./modules/symbols/symbols.routes";
import { auditLogPlugin, genReqId, type LogDestination, loggerOptions } from "./plugins/audit-log";
import { answerFrameworkError, errorsPlugin, validatorCompiler } from "./plugins/errors";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { requestContextPlugin } from "./plugins/request-context";
import { DEFAULT_BODY_LIMIT, routeGuardsPlugin } from "./plugins/route-guards";
import { securityPlugin } from "./plugins/security";
import { webAppPlugin } from "./plugins/web-app";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's background runner (ctx.background), for tests to await with `idle()`. */
    background: BackgroundRunner;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  mailer?: Mailer;
  clock?: Clock;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: LogDestination;
  /**
   * false: the job queue never starts (no workers, no schedules, and ctx.jobs.send throws). Tests run the
   * periodic work themselves (sweepSandbox, pruneAttempts) with their clock.
   */
  backgroundJobs?: boolean;
  /** The built web app's folder; dist/web by default. */
  webDistDir?: string;
  /** Compile the symbol engine and translate once before answering (the server does; most tests never translate). */
  warmUp?: boolean;
  /** Where the compiled symbol engine is kept between starts (the server's data folder); none by default. */
  engineCacheDir?: string;
}

/** Builds the whole HTTP application without listening, so tests drive it with inject() or a port. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    // A random id per request (or the caller's, when it is a plain token), bound to every log line as reqId.
    genReqId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // Every route gets its own body limit (plugins/route-guards.ts); this is only the ceiling for routes added
    // outside it.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Unknown query keys are refused by the schemas; this keeps ?a=1&a=2 from becoming arrays silently.
    routerOptions: { ignoreTrailingSlash: true },
    // Bad URL escapes and over-long path parameters: a 400 in the spec's shape, not Fastify's own.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  // The spec's client sends some body-less POSTs with a JSON content type: an empty JSON body means "no body".
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Text the database cannot store faithfully is refused as invalid before a query fails on it with a 500:
  // PostgreSQL text cannot hold U+0000, and PGlite garbles an unpaired surrogate after a non-ASCII character
  // into invalid UTF-8. (The OIDC redirects answer bad input with their own redirect and store no query text.)
  // After validation, on input the schemas have already bounded: walked before it, 100,000 tags took a second.
  app.addHook("preHandler", async (request) => {
    if (!request.routeOptions.url?.startsWith("/api/")) return;
    for (const input of [request.params, request.query, request.body]) {
      const path = unstorableTextPath(input);
      if (path !== undefined) throw validationError("validation.invalid", path);
    }
  });

  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, "outbox"), config.mailFrom, app.log, {
          logLinks: config.env !== "production",
        }));
  const clock = options.clock ?? systemClock;
  // Without Stripe keys the sandbox provider runs; it delivers its signed events to the same handler.
  const sandbox: SandboxDeps | undefined = config.billing.stripe
    ? undefined
    : {
        db: database.db,
        clock,
        billing: config.billing,
        log: app.log,
        deliver: (payload, signature) => receiveWebhook(ctx, payload, signature),
      };
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer,
    clock,
    log: app.log,
    background: createBackgroundRunner(app.log),
    symbols: createSymbolEngineHolder({ cacheDir: options.engineCacheDir }),
    prose: config.ai ? createChatWriter(config.ai) : undefined,
    payments: sandbox ? createSandboxProvider(sandbox) : createStripeProvider(config.billing.stripe!),
    sandbox,
    jobs: createJobs({ database, log: app.log }),
  };
  app.addHook("onClose", async () => mailer.close());
  // After the background tasks (which may queue jobs), before the mailer and the database (which handlers use).
  app.addHook("onClose", () => ctx.jobs.stop());
  // Hooks run last-registered first: pending background work (mail) finishes before the mailer closes.
  app.addHook("onClose", () => ctx.background.idle());
  app.decorate("background", ctx.background);
  // Administrators' lexicon edits live in the database: the engine starts with them.
  await ctx.symbols.reload(database.db);
  if (options.warmUp) {
    warmUpTranslation(ctx);
    loadPlaces();
  }

  await app.register(swagger, {
    openapi: {
      info: { title: "CHITTA API", version: appVersion },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "chitta_session" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(errorsPlugin);
  await app.register(auditLogPlugin, { secret: config.sessionSecret });
  await app.register(requestContextPlugin, { ctx });
  await app.register(securityPlugin, { config, csrfExemptPrefixes: ["/api/webhooks/"] });
  // Before any route registers: these read every route as it is added (access, body and rate limits).
  await app.register(routeGuardsPlugin);
  await app.register(rateLimitPlugin, { enabled: config.rateLimits });
  // After the session lookup: a `?ref=` visit leaves the referral cookie (and counts a click) on any page.
  await app.register(referralCookiePlugin, { ctx });
  await app.register(webAppPlugin, { distDir: options.webDistDir });

  await app.register(healthRoutes, { database });
  await app.register(accountsRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(oidcRoutes, { ctx });
  await app.register(dreamsRoutes, { ctx });
  await app.register(symbolsRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(pushRoutes, { ctx });
  await app.register(remindersRoutes, { ctx });
  await app.register(oracleRoutes, { ctx });
  await app.register(referralsRoutes, { ctx });
  await app.register(affiliatesRoutes, { ctx });
  await app.register(announcementsRoutes, { ctx });

  // Throttle records only count for a day; older ones (typed email addresses included) are deleted.
  ctx.jobs.define("throttle.prune", async () => {
    await pruneAttempts(ctx);
  });
  ctx.jobs.schedule("throttle.prune", "0 * * * *");
  // Idempotency keys are kept 400 days (decision 012); older ones are forgotten once a day.
  ctx.jobs.define("idempotency.prune", async () => {
    await pruneIdempotencyKeys(ctx);
  });
  ctx.jobs.schedule("idempotency.prune", "17 3 * * *");
  // A claimed free month's span ends (or starts) without any event: the tier follows within 5 minutes.
  ctx.jobs.define("premium-grants.expire", async () => {
    await expirePremiumGrants(ctx);
  });
  ctx.jobs.schedule("premium-grants.expire", "*/5 * * * *");
  // Push delivery retries and the daily sweep of subscriptions no app re-confirmed.
  definePushJobs(ctx);
  // Every user's reminders, in one tick a minute.
  defineReminderJobs(ctx);
  if (sandbox) {
    // Time passing for the sandbox's subscriptions: periods that are over renew or end.
    ctx.jobs.define("sandbox.sweep", async () => {
      await sweepSandbox(sandbox);
    });
    ctx.jobs.schedule("sandbox.sweep", "* * * * *");
  }
  // Once every route (and so every job kind) is declared; the onClose hook above stops them.
  if (options.backgroundJobs !== false) app.addHook("onReady", () => ctx.jobs.start());

  app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  return app;
}

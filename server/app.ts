import path from "node:path";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import { type AppContext, type Clock, systemClock } from "./context";
import type { DatabaseHandle } from "./db/client";
import { createChatWriter } from "./integrations/ai/chat-writer";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./integrations/email/mailer";
import { createStripeProvider } from "./integrations/payments/stripe-provider";
import { appVersion } from "./lib/version";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { oidcRoutes } from "./modules/accounts/oidc.routes";
import { profileRoutes } from "./modules/accounts/profile.routes";
import { receiveWebhook } from "./modules/billing/apply-payment-event";
import { billingRoutes } from "./modules/billing/billing.routes";
import { sweepSandbox } from "./modules/billing/sandbox/sandbox-payments";
import { createSandboxProvider } from "./modules/billing/sandbox/sandbox-provider";
import type { SandboxDeps } from "./modules/billing/sandbox/sandbox-store";
import { dreamsRoutes } from "./modules/dreams/dreams.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { createSymbolEngineHolder } from "./modules/symbols/symbol-engine";
import { symbolsRoutes } from "./modules/symbols/symbols.routes";
import { errorsPlugin } from "./plugins/errors";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { requestContextPlugin } from "./plugins/request-context";
import { securityPlugin } from "./plugins/security";
import { webAppPlugin } from "./plugins/web-app";

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  mailer?: Mailer;
  clock?: Clock;
  logger?: boolean;
  /** Tests drive the sandbox's time themselves (sweepSandbox with their clock). */
  sandboxClock?: boolean;
}

const SANDBOX_SWEEP_MS = 60_000;

// JSON bodies up to 2 MB: large enough that oversized fields reach validation (422), not the parser.
const BODY_LIMIT = 2 * 1024 * 1024;

/** Builds the whole HTTP application without listening, so tests drive it with inject() or a port. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Unknown query keys are refused by the schemas; this keeps ?a=1&a=2 from becoming arrays silently.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // The spec's client sends some body-less POSTs with a JSON content type: an empty JSON body means "no body".
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, "outbox"), config.mailFrom, app.log));
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
    symbols: createSymbolEngineHolder(),
    prose: config.ai ? createChatWriter(config.ai) : undefined,
    payments: sandbox ? createSandboxProvider(sandbox) : createStripeProvider(config.billing.stripe!),
    sandbox,
  };
  app.addHook("onClose", async () => mailer.close());
  // Administrators' lexicon edits live in the database: the engine starts with them.
  await ctx.symbols.reload(database.db);

  await app.register(swagger, {
    openapi: {
      info: { title: "CHITTA API", version: appVersion },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "chitta_session" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(webAppPlugin, {});
  await app.register(errorsPlugin);
  await app.register(requestContextPlugin, { ctx });
  await app.register(securityPlugin, { config, csrfExemptPrefixes: ["/api/webhooks/"] });
  await app.register(rateLimitPlugin, { enabled: config.rateLimits });

  await app.register(healthRoutes, { database });
  await app.register(accountsRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(oidcRoutes, { ctx });
  await app.register(dreamsRoutes, { ctx });
  await app.register(symbolsRoutes, { ctx });
  await app.register(billingRoutes, { ctx });

  if (sandbox && options.sandboxClock !== false) {
    // Time passing for the sandbox's subscriptions: periods that are over renew or end.
    const timer = setInterval(() => {
      sweepSandbox(sandbox).catch((error: unknown) => app.log.error({ err: error }, "sandbox sweep failed"));
    }, SANDBOX_SWEEP_MS);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  }

  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  return app;
}

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
import { validationError } from "./lib/errors";
import { appVersion } from "./lib/version";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { oidcRoutes } from "./modules/accounts/oidc.routes";
import { profileRoutes } from "./modules/accounts/profile.routes";
import { pruneAttempts } from "./modules/accounts/throttle";
import { receiveWebhook } from "./modules/billing/apply-payment-event";
import { billingRoutes } from "./modules/billing/billing.routes";
import { sweepSandbox } from "./modules/billing/sandbox/sandbox-payments";
import { createSandboxProvider } from "./modules/billing/sandbox/sandbox-provider";
import type { SandboxDeps } from "./modules/billing/sandbox/sandbox-store";
import { dreamsRoutes } from "./modules/dreams/dreams.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { createSymbolEngineHolder } from "./modules/symbols/symbol-engine";
import { symbolsRoutes } from "./modules/symbols/symbols.routes";
import { auditLogPlugin, genReqId, type LogDestination, loggerOptions } from "./plugins/audit-log";
import { answerFrameworkError, errorsPlugin } from "./plugins/errors";
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
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: LogDestination;
  /** Tests run the periodic jobs themselves (sweepSandbox, pruneAttempts) with their clock. */
  backgroundJobs?: boolean;
}

const SANDBOX_SWEEP_MS = 60_000;
const PRUNE_ATTEMPTS_MS = 60 * 60_000;

// JSON bodies up to 2 MB: large enough that oversized fields reach validation (422), not the parser.
const BODY_LIMIT = 2 * 1024 * 1024;

/** Builds the whole HTTP application without listening, so tests drive it with inject() or a port. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    // A random id per request (or the caller's, when it is a plain token), bound to every log line as reqId.
    genReqId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
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
  app.addHook("preValidation", async (request) => {
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
  await app.register(auditLogPlugin, { secret: config.sessionSecret });
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

  if (options.backgroundJobs !== false) {
    const every = (ms: number, name: string, job: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        job().catch((error: unknown) => app.log.error({ err: error }, `${name} failed`));
      }, ms);
      timer.unref();
      app.addHook("onClose", async () => clearInterval(timer));
    };
    // Throttle records only count for a day; older ones (typed email addresses included) are deleted.
    every(PRUNE_ATTEMPTS_MS, "pruning throttle records", () => pruneAttempts(ctx));
    // Time passing for the sandbox's subscriptions: periods that are over renew or end.
    if (sandbox) every(SANDBOX_SWEEP_MS, "sandbox sweep", () => sweepSandbox(sandbox));
  }

  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  return app;
}

/** NUL, or half of a surrogate pair (with the `u` flag the class matches only unpaired ones). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused.
const UNSTORABLE_TEXT = /[\u0000\uD800-\uDFFF]/u;

/** The dotted path to the first key or string of parsed JSON or a query that the database cannot store. */
function unstorableTextPath(input: unknown): string | undefined {
  interface Step {
    value: unknown;
    key?: string;
    parent?: Step;
  }
  const pathOf = (step: Step) => {
    const keys: string[] = [];
    for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
    return keys.join(".");
  };
  const stack: Step[] = [{ value: input }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (typeof step.value === "string") {
      if (UNSTORABLE_TEXT.test(step.value)) return pathOf(step);
    } else if (typeof step.value === "object" && step.value !== null && !Buffer.isBuffer(step.value)) {
      for (const [key, value] of Object.entries(step.value)) {
        const child: Step = { value, key, parent: step };
        if (UNSTORABLE_TEXT.test(key)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return undefined;
}

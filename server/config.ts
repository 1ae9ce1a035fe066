import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_PRICES_USD } from "../contract/billing-constants";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  APP_ORIGINS: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(60),
  COOKIE_SECURE: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default("false"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("CHITTA <no-reply@chitta.local>"),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default("mailto:support@chitta.local"),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.enum(["on", "off"]).default("off"),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().default("Auth0"),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  PRICE_MONTHLY_USD: z.coerce.number().positive().max(10_000).default(DEFAULT_PRICES_USD.monthly),
  PRICE_YEARLY_USD: z.coerce.number().positive().max(100_000).default(DEFAULT_PRICES_USD.yearly),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_... or rk_...)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be a webhook signing secret (whsec_...)")
    .optional(),
  STRIPE_PRICE_MONTHLY: z
    .string()
    .regex(/^price_/, "must be a Stripe price id (price_...)")
    .optional(),
  STRIPE_PRICE_YEARLY: z
    .string()
    .regex(/^price_/, "must be a Stripe price id (price_...)")
    .optional(),
  /** Another Stripe API address (a local fake or stripe-mock); the SDK's default otherwise. */
  STRIPE_API_URL: z.string().url().optional(),
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface AppConfig {
  env: RawEnv["NODE_ENV"];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Exact origins and `*.domain` patterns allowed to make state-changing requests. */
  appOrigins: string[];
  sessionSecret: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  push: PushConfig;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; name: string } | undefined;
  /** An OpenAI-compatible chat endpoint that may write the translation's prose; the composer otherwise. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  billing: BillingConfig;
  rateLimits: boolean;
  logLevel: RawEnv["LOG_LEVEL"];
}

export interface BillingConfig {
  currency: "USD";
  prices: { monthly: number; yearly: number };
  /** Stripe when its keys are set; the built-in sandbox ("test mode") otherwise. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        priceIds: { monthly: string; yearly: string };
        apiUrl: string | undefined;
      }
    | undefined;
  /** The sandbox signs its events like Stripe does, with a secret derived from the session secret. */
  sandboxWebhookSecret: string;
}

export interface PushConfig {
  /** From the environment; without them every instance shares the pair generated into app_secrets (integrations/push/vapid.ts). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Tests only: push endpoints on private or loopback addresses, and over http. */
  allowPrivateEndpoints: boolean;
}

export class ConfigError extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Secrets a laptop should not have to invent: generated once, then kept in the data folder. */
function persistedSecret(dataDir: string, name: string, create: () => string): string {
  const file = path.join(dataDir, "secrets", name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = create();
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

export function parseConfig(
  source: NodeJS.ProcessEnv = process.env,
  options: { generateSecrets?: boolean } = {},
): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const generate = options.generateSecrets ?? true;

  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    throw new ConfigError("Invalid configuration:\n  OIDC_CLIENT_ID: Required when OIDC_ISSUER is set");
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: set both or neither",
    );
  }
  if (env.NODE_ENV === "production" && env.PUSH_ALLOW_PRIVATE_ENDPOINTS === "on") {
    // It would let any signed-in user make the server post to addresses inside its own network.
    throw new ConfigError(
      "Invalid configuration:\n  PUSH_ALLOW_PRIVATE_ENDPOINTS: not allowed in production",
    );
  }
  if (env.AI_BASE_URL && !env.AI_MODEL) {
    throw new ConfigError("Invalid configuration:\n  AI_MODEL: Required when AI_BASE_URL is set");
  }
  if (env.STRIPE_SECRET_KEY) {
    const missing = (
      ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_YEARLY"] as const
    ).filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: Required when STRIPE_SECRET_KEY is set`).join("\n")}`,
      );
    }
  }
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
    // Mailed links and the OIDC redirect are built on it: the localhost default would mail dead links.
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: Required in production (the address people open, e.g. https://chitta.example)",
    );
  }
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET && !generate) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: Required in production");
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const appOrigins = env.APP_ORIGINS
    ? env.APP_ORIGINS.split(",")
        .map((origin) => origin.trim().replace(/\/$/, ""))
        .filter(Boolean)
    : [publicUrl, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];

  const sessionSecret =
    env.SESSION_SECRET ??
    (generate
      ? persistedSecret(dataDir, "session-secret", () => randomBytes(32).toString("hex"))
      : randomBytes(32).toString("hex"));

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    appOrigins: [...new Set(appOrigins)],
    sessionSecret,
    sessionIdleMs: env.SESSION_IDLE_DAYS * DAY_MS,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_DAYS * DAY_MS,
    cookieSecure: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
    trustProxy: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: env.VAPID_SUBJECT,
      allowPrivateEndpoints: env.PUSH_ALLOW_PRIVATE_ENDPOINTS === "on",
    },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            name: env.OIDC_NAME,
          }
        : undefined,
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? {
            baseUrl: env.AI_BASE_URL.replace(/\/$/, ""),
            apiKey: env.AI_API_KEY,
            model: env.AI_MODEL,
            timeoutMs: env.AI_TIMEOUT_MS,
          }
        : undefined,
    billing: {
      currency: "USD",
      prices: { monthly: env.PRICE_MONTHLY_USD, yearly: env.PRICE_YEARLY_USD },
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            priceIds: { monthly: env.STRIPE_PRICE_MONTHLY!, yearly: env.STRIPE_PRICE_YEARLY! },
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
      sandboxWebhookSecret: `whsec_${createHmac("sha256", sessionSecret).update("sandbox-webhooks").digest("hex")}`,
    },
    rateLimits: env.RATE_LIMITS === "on",
    logLevel: env.LOG_LEVEL,
  };
}

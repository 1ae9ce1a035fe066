import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { ProseWriter } from "./integrations/ai/chat-writer";
import type { Mailer } from "./integrations/email/mailer";
import type { Jobs } from "./integrations/jobs/jobs";
import type { PaymentProvider } from "./integrations/payments/provider";
import type { BackgroundRunner } from "./lib/background";
import type { SandboxDeps } from "./modules/billing/sandbox/sandbox-store";
import type { SymbolEngineHolder } from "./modules/symbols/symbol-engine";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What every use case may use: no HTTP in here, so use cases run the same from routes, scripts and tests. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Work a request does not wait for (mail that must not shape the answer); closing the app waits for it. */
  background: BackgroundRunner;
  /** The dream symbol engine (lexicon compiled once, swapped on admin edits). */
  symbols: SymbolEngineHolder;
  /** Optional AI prose for translations; absent when no endpoint is configured. */
  prose?: ProseWriter;
  /** Stripe when configured, otherwise the built-in sandbox. */
  payments: PaymentProvider;
  /** The sandbox's own operations (test cards, time passing); absent when Stripe is configured. */
  sandbox?: SandboxDeps;
  /** Durable background and scheduled jobs (pg-boss), run once across every process. */
  jobs: Jobs;
}

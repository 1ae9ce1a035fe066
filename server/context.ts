import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { Mailer } from "./integrations/email/mailer";

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
}

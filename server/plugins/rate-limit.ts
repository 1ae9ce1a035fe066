import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { tooManyRequests } from "../lib/errors";

/** A route that declares `config.rateLimit`, as registered (one entry per method, HEAD included). */
export interface RateLimitedRoute {
  method: string;
  url: string;
  max: number;
  timeWindowMs: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every per-route limit the app declares, collected as routes register: the throttle suite's list. */
    rateLimitedRoutes: readonly RateLimitedRoute[];
  }
}

/**
 * Per-IP limits, declared per route (`config.rateLimit`). request.ip honours X-Forwarded-For only when
 * TRUST_PROXY is set, so a forged header cannot mint new identities.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { enabled }: { enabled: boolean }) => {
  const limited: RateLimitedRoute[] = [];
  app.decorate("rateLimitedRoutes", limited);
  app.addHook("onRoute", (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    for (const method of [route.method].flat()) {
      limited.push({
        method,
        url: route.url,
        max: Number(limit.max),
        timeWindowMs: Number(limit.timeWindow),
      });
    }
  });
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    allowList: () => !enabled,
  });
});

export const MINUTE_MS = 60_000;

import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
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
  interface FastifyContextConfig {
    /** What a refused caller reads instead of the generic 429 message: a key given the wait in minutes (`count`). */
    rateLimitMessage?: string;
  }
  interface FastifyInstance {
    /** Every per-route limit the app declares, collected as routes register: the throttle suite's list. */
    rateLimitedRoutes: readonly RateLimitedRoute[];
  }
}

export const MINUTE_MS = 60_000;

/** A signed-in caller's requests count together, from any address; others' per address. */
export const perUser = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : request.ip);

/** `max` requests a minute per signed-in user, from whatever address (route `config` spread). */
export const perUserLimit = (max: number) => ({
  rateLimit: { max, timeWindow: MINUTE_MS, keyGenerator: perUser },
});

/**
 * What a route without its own `config.rateLimit` gets: every route is limited, so none (logout, a page, an
 * unknown asset) can be hammered for free. Far above what a person's browser sends; pages and assets load many
 * files at once, hence their larger allowance.
 */
export const DEFAULT_API_RATE_LIMIT = { max: 120, timeWindow: MINUTE_MS };
export const DEFAULT_PAGE_RATE_LIMIT = { max: 600, timeWindow: MINUTE_MS };

/**
 * Per-IP limits, declared per route (`config.rateLimit`) or the defaults above, each route with its own budget.
 * request.ip honours X-Forwarded-For only when TRUST_PROXY is set, so a forged header cannot mint new identities.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { enabled }: { enabled: boolean }) => {
  const limited: RateLimitedRoute[] = [];
  app.decorate("rateLimitedRoutes", limited);
  // Runs before @fastify/rate-limit's own onRoute hook (registered below), which then sees the default.
  app.addHook("onRoute", (route) => {
    if (route.config?.rateLimit === undefined) {
      const fallback = route.url.startsWith("/api/") ? DEFAULT_API_RATE_LIMIT : DEFAULT_PAGE_RATE_LIMIT;
      route.config = { ...route.config, rateLimit: fallback };
    }
    const limit = route.config.rateLimit;
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
    errorResponseBuilder: (request, context) =>
      tooManyRequests(
        Math.max(1, Math.ceil(context.ttl / 1000)),
        request.routeOptions.config.rateLimitMessage,
      ),
    allowList: () => !enabled,
  });
});

import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { tooManyRequests } from "../lib/errors";

/**
 * Per-IP limits, declared per route (`config.rateLimit`). request.ip honours X-Forwarded-For only when
 * TRUST_PROXY is set, so a forged header cannot mint new identities.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { enabled }: { enabled: boolean }) => {
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    allowList: () => !enabled,
  });
});

export const MINUTE_MS = 60_000;

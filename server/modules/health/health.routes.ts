import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponseSchema } from "../../../contract/accounts";
import type { DatabaseHandle } from "../../db/client";
import { appVersion } from "../../lib/version";

/** For load balancers: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary: "Liveness and database reachability",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await database.ping();
      } catch {
        ok = false;
      }
      const body = {
        status: ok ? ("ok" as const) : ("degraded" as const),
        version: appVersion,
        database: {
          ok,
          driver: database.driver,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};

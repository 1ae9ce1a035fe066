import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";

/**
 * A deliberately injectable route: the positive control of `npm run security:sqlmap`. If the scanner does
 * not find this one, its "0 injectable" about the real routes proves nothing.
 *
 * Only the sqlmap script registers it, on the app instance it built itself, so no production code path
 * references this file. Two more locks keep it out of a real server: the explicit opt-in variable and a
 * non-production mode.
 */
export const VULNERABLE_ROUTE_PATH = "/api/test-only/vulnerable";
export const VULNERABLE_ROUTE_ENV = "CHITTA_TEST_VULNERABLE_ROUTE";

export function registerVulnerableRoute(app: FastifyInstance, db: Database, config: AppConfig): void {
  const production = config.env === "production" || process.env.NODE_ENV === "production";
  if (process.env[VULNERABLE_ROUTE_ENV] !== "1" || production) {
    throw new Error(
      `refusing to register ${VULNERABLE_ROUTE_PATH}: needs ${VULNERABLE_ROUTE_ENV}=1 and NODE_ENV other than production`,
    );
  }
  // Hidden from the OpenAPI document: the scan enumerates real routes from it and tests this one on its own.
  app.get(VULNERABLE_ROUTE_PATH, { schema: { hide: true } }, async (request) => {
    const name = (request.query as { name?: string }).name ?? "";
    // The bug under test: user input concatenated into SQL text.
    const result = await db.execute(sql.raw(`SELECT id, username FROM users WHERE username = '${name}'`));
    // Both drivers (node-postgres, PGlite) answer with `rows`; the shared Database type leaves it unknown.
    return { users: (result as { rows: unknown[] }).rows };
  });
}

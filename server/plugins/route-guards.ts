import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { noBodySchema } from "../../contract/accounts";
import { isPremium } from "../../contract/billing-constants";
import type { Database } from "../db/client";
import { AppError, forbidden, notFound, unauthorized } from "../lib/errors";
import type { SessionUser } from "../modules/accounts/sessions";

/**
 * Who may call a route: anyone; a signed-in user (acting on their own account or data); the signed-in owner of
 * the resource its `:id` names; a signed-in premium user; an administrator.
 */
export const routeAccessLevels = ["public", "user", "owner", "premium", "admin"] as const;
export type RouteAccess = (typeof routeAccessLevels)[number];

/** How an "owner" route finds who owns the resource its `:id` names. */
export interface OwnerCheck {
  /** The owner's user id, or null when there is no such resource. `id` is the route's validated `:id`. */
  ownerOf(id: unknown): Promise<number | null>;
  /** The message of the 404 a missing resource answers; another user's resource answers exactly the same. */
  notFoundKey: string;
}

export interface RouteGuard {
  access: RouteAccess;
  bodyLimit: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Required on every route: the server refuses to start with a route that does not say who may call it. */
    access?: RouteAccess;
    /** Required with `access: "owner"`: whose resource the `:id` is. */
    owner?: OwnerCheck;
  }
  interface FastifyInstance {
    /**
     * Every route's access and body limit as registered, by `METHOD /path`: the authorization matrix checks the
     * access against its own table, the attack suites read both.
     */
    routeGuards: ReadonlyMap<string, RouteGuard>;
  }
}

/**
 * Bodies are capped per route. Most JSON bodies are a few fields: 64 KB is far above any valid one, and bounds
 * what a caller can make the parser and the validator chew on. Routes that take more say so (`bodyLimit`).
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Routes whose schema admits no body (`noBodySchema`) still accept `{}` and nothing much bigger. */
export const NO_BODY_LIMIT = 1024;

/** The owner check of a table whose rows carry the owner's `userId`, looked up by `id`. */
export function ownedRow(
  db: Database,
  table: PgTable & { id: PgColumn; userId: PgColumn },
  notFoundKey: string,
): OwnerCheck {
  return {
    notFoundKey,
    async ownerOf(id) {
      const [row] = await db
        .select({ userId: table.userId })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .limit(1);
      return (row?.userId as number | undefined) ?? null;
    },
  };
}

/** The caller of a route declared for signed-in users (the preParsing hook refused everyone else). */
export function caller(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error(`${request.routeOptions.url} reads its caller but is declared public`);
  return request.user;
}

/** Why a route's declaration cannot be enforced, or null when it can. */
function declarationProblem(config: RouteOptions["config"]): string | null {
  const access = config?.access;
  if (access === undefined) return "declares no access (config.access)";
  if (!routeAccessLevels.includes(access)) return `declares an unknown access "${String(access)}"`;
  if ((access === "owner") !== (config?.owner !== undefined))
    return 'must declare an owner check (config.owner) exactly when its access is "owner"';
  return null;
}

/**
 * Declared access, enforced in two steps. Who the caller is (signed in, premium, administrator) is checked in
 * preParsing: after every onRequest hook (the session lookup, and the route's rate limit, so refused callers
 * still count against it) and before the body is read, so a stranger never makes the server parse or validate
 * a body. Whose resource the `:id` is, is checked in preHandler, on the validated `:id`: a malformed request is
 * answered the same whoever sends it, and another user's resource exactly like a missing one (404).
 */
export const routeGuardsPlugin = fp(async (app: FastifyInstance) => {
  const guards = new Map<string, RouteGuard>();
  const routes: RouteOptions[] = [];
  app.decorate("routeGuards", guards);

  app.addHook("onRoute", (route: RouteOptions) => {
    route.bodyLimit ??= route.schema?.body === noBodySchema ? NO_BODY_LIMIT : DEFAULT_BODY_LIMIT;
    routes.push(route);
  });

  // Checked once every plugin has added its routes (and its own onRoute hooks have declared theirs, as the web
  // app's files do): a route that forgot to say who may call it stops the server from starting.
  app.addHook("onReady", async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        const problem = declarationProblem(route.config);
        if (problem) problems.push(`${key} ${problem}`);
        else guards.set(key, { access: route.config!.access!, bodyLimit: route.bodyLimit! });
      }
    }
    if (problems.length > 0) throw new Error(`Routes without a valid access rule: ${problems.join("; ")}`);
  });

  app.addHook("preParsing", async (request) => {
    const access = request.routeOptions.config.access;
    if (request.routeOptions.url === undefined || access === "public") return; // no route: the 404 handler
    const user = request.user;
    if (!user) throw unauthorized();
    if (access === "admin" && !user.isAdmin) throw forbidden("errors.adminOnly");
    if (access === "premium" && !isPremium(user))
      throw new AppError("FORBIDDEN", "errors.premiumRequired", { reason: "PREMIUM_REQUIRED" });
  });

  app.addHook("preHandler", async (request) => {
    const check = request.routeOptions.config.owner;
    if (!check) return;
    const id = (request.params as { id?: unknown }).id;
    if ((await check.ownerOf(id)) !== caller(request).id) throw notFound(check.notFoundKey);
  });
});

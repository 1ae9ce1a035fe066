import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { noBodySchema } from "../../contract/accounts";
import { requireAdmin, requireUser } from "./request-context";

/** Who may call a route: anyone, a signed-in user, or an administrator. */
export type RouteAccess = "public" | "user" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Defaults to "user" for /api routes and "public" for the rest (pages, assets, OIDC redirects). */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /**
     * Every route's access and body limit as registered, by `METHOD /path`: the authorization matrix checks the
     * access against its own table, the attack suites read both.
     */
    routeGuards: ReadonlyMap<string, { access: RouteAccess; bodyLimit: number }>;
  }
}

/**
 * Bodies are capped per route. Most JSON bodies are a few fields: 64 KB is far above any valid one, and bounds
 * what a caller can make the parser and the validator chew on. Routes that take more say so (`bodyLimit`).
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Routes whose schema admits no body (`noBodySchema`) still accept `{}` and nothing much bigger. */
export const NO_BODY_LIMIT = 1024;

const accessOf = (url: string, declared: RouteAccess | undefined): RouteAccess =>
  declared ?? (url.startsWith("/api/") ? "user" : "public");

/**
 * Declared access, enforced before the body is read: a signed-out caller of a user route is answered 401 from
 * the session cookie alone, so an anonymous request never makes the server parse or validate its body.
 * In preParsing: after every onRequest hook (the session lookup, and the route's rate limit, so refused callers
 * still count against it) and before the body is parsed.
 */
export const routeGuardsPlugin = fp(async (app: FastifyInstance) => {
  const guards = new Map<string, { access: RouteAccess; bodyLimit: number }>();
  app.decorate("routeGuards", guards);

  app.addHook("onRoute", (route: RouteOptions) => {
    route.bodyLimit ??= route.schema?.body === noBodySchema ? NO_BODY_LIMIT : DEFAULT_BODY_LIMIT;
    const guard = { access: accessOf(route.url, route.config?.access), bodyLimit: route.bodyLimit };
    for (const method of [route.method].flat()) guards.set(`${method} ${route.url}`, guard);
  });

  app.addHook("preParsing", async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined) return; // no route: the 404 handler answers
    const required = accessOf(url, request.routeOptions.config.access);
    if (required === "user") requireUser(request);
    else if (required === "admin") requireAdmin(request);
  });
});

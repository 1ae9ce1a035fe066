import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import { AppError } from "../lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Exact origins, or `https://*.example.com` patterns that admit any subdomain. */
/**
 * The origin to build a shareable link on: the page's own when it is one of the app's (custom domains
 * included), so a link copied there opens on the same site; otherwise the public URL.
 */
export function linkOrigin(
  origin: string | undefined,
  config: { appOrigins: readonly string[]; publicUrl: string },
): string {
  return origin && isAllowedOrigin(origin, config.appOrigins) ? origin : config.publicUrl;
}

export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    if (!entry.includes("*.")) return entry === origin;
    const [scheme, host] = entry.split("://*.");
    if (!scheme || !host) return false;
    return (
      origin.startsWith(`${scheme}://`) &&
      origin.endsWith(`.${host}`) &&
      !origin.slice(scheme.length + 3).includes("/")
    );
  });
}

/**
 * The path as routed, not as spelled: the router decodes `/%61pi/login` to `/api/login`, so checks on the
 * raw URL could be dodged. Unmatched requests (404s) fall back to the raw path.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split("?")[0] ?? "";
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
}

/**
 * CSRF defence for cookie sessions: a state-changing /api request must come from an allowed Origin
 * (browsers always send it on POST) and, when it has a body, must be JSON, which a cross-site form cannot send.
 */
export function checkStateChangingRequest(
  request: FastifyRequest,
  config: AppConfig,
  exemptPrefixes: string[],
): void {
  if (SAFE_METHODS.has(request.method)) return;
  const path = routedPath(request);
  if (!path.startsWith("/api/") || exemptPrefixes.some((prefix) => path.startsWith(prefix))) return;
  const origin = request.headers.origin;
  const fetchSite = request.headers["sec-fetch-site"];
  const originOk = origin ? isAllowedOrigin(origin, config.appOrigins) : fetchSite === "same-origin";
  if (!originOk) throw new AppError("FORBIDDEN", "errors.originRefused");
  const contentType = request.headers["content-type"];
  if (contentType === undefined ? hasBody(request) : !/^application\/json\b/i.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors.unsupportedMediaType");
  }
}

const NO_CACHE = {
  "cache-control": "no-cache, no-store, must-revalidate",
  pragma: "no-cache",
  expires: "0",
};

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    { config, csrfExemptPrefixes }: { config: AppConfig; csrfExemptPrefixes: string[] },
  ) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", "blob:"],
          manifestSrc: ["'self'"],
          mediaSrc: ["'self'", "blob:"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.cookieSecure ? [] : null,
        },
      },
      strictTransportSecurity: config.cookieSecure ? undefined : false,
      crossOriginEmbedderPolicy: false,
    });

    app.addHook("onRequest", async (request) => {
      checkStateChangingRequest(request, config, csrfExemptPrefixes);
    });

    // Spec section 7: no /api answer may be cached by the browser or a proxy.
    app.addHook("onSend", async (request, reply) => {
      if (routedPath(request).startsWith("/api/")) reply.headers(NO_CACHE);
    });
  },
);

import type { FastifyReply, FastifyRequest } from "fastify";
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { authProvidersResponseSchema } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import { createOidcClient, type OidcClient, oidcClientOptions } from "../../integrations/oidc/oidc-client";
import { noteAudit } from "../../plugins/audit-log";
import { MINUTE_MS } from "../../plugins/rate-limit";
import { SESSION_COOKIE, setSessionCookie } from "../../plugins/request-context";
import { clearReferralCookie, referralCookieCode } from "../referrals/referral-cookie";
import { rememberDevice } from "./device-cookie";
import { oidcSignIn, UnverifiedEmailRefusal } from "./oidc-sign-in";
import { createSession, deleteSessionByToken } from "./sessions";

export const OIDC_COOKIE = "chitta_oidc";
const OIDC_COOKIE_MAX_AGE_S = 10 * 60;
export const DEFAULT_RETURN_TO = "/dream-input";

const authQuerySchema = z.object({ returnTo: z.string().max(2048).optional() });
/** The provider decides the callback's parameters (code, state, iss, error…): any keys, string values. */
const callbackQuerySchema = z.object({}).catchall(z.string().max(4096));

/** What /auth hands to /callback through the signed cookie. */
const pendingSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  returnTo: z.string(),
  /** Epoch milliseconds: the signature never expires, so the age is checked here too. */
  expiresAt: z.number(),
});
type Pending = z.infer<typeof pendingSchema>;

type LoginError = "oidc_unavailable" | "oidc_failed" | "oidc_email_unverified" | "oidc_account_unverified";

/** Refusals the login page explains; anything else is a plain failure. */
const UNVERIFIED_LOGIN_ERRORS: Record<UnverifiedEmailRefusal["unverified"], LoginError> = {
  provider: "oidc_email_unverified",
  account: "oidc_account_unverified",
};

/** A same-site path (no scheme, no host, no `//` or backslash tricks), else the default page. */
export function safeReturnTo(value: string | undefined, publicUrl: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (!value?.startsWith("/") || /^\/[/\\]|[\\\u0000-\u001f\u007f]/.test(value)) {
    return DEFAULT_RETURN_TO;
  }
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base);
    if (url.origin !== base.origin || url.pathname === "/auth" || url.pathname === "/callback") {
      return DEFAULT_RETURN_TO;
    }
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_RETURN_TO;
  }
}

function toLoginPage(reply: FastifyReply, error: LoginError) {
  return reply.redirect(`/login?error=${error}`, 302);
}

/**
 * Sign-in through the configured OpenID Connect provider (authorization code flow with PKCE).
 * Browser navigations, not API calls: every outcome is a redirect.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; client?: OidcClient }> = async (
  app,
  options,
) => {
  const { ctx } = options;
  const clientOptions = oidcClientOptions(ctx.config);
  const oidc = options.client ?? (clientOptions ? createOidcClient(clientOptions) : undefined);
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: ctx.config.cookieSecure,
  };

  // A malformed query is a failed sign-in for the person, not a JSON error page.
  app.setErrorHandler((error, request, reply) => {
    if (!hasZodFastifySchemaValidationErrors(error)) throw error;
    request.log.warn({ err: error }, "OIDC request refused");
    return toLoginPage(reply, "oidc_failed");
  });

  function readPending(request: FastifyRequest): Pending | null {
    const raw = request.cookies[OIDC_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    try {
      const parsed = pendingSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, "base64url").toString()));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  app.get(
    "/api/auth/providers",
    {
      config: { access: "public" },
      schema: {
        tags: ["accounts"],
        summary: "Sign-in methods offered besides the password (the OpenID Connect provider's name)",
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({ oidc: oidc ? { name: ctx.config.oidc?.name ?? "OpenID Connect" } : null }),
  );

  app.get(
    "/auth",
    {
      // Limited routes get no automatic HEAD twin: it would have its own, second budget.
      exposeHeadRoute: false,
      config: { access: "public", rateLimit: { max: 30, timeWindow: MINUTE_MS } },
      schema: { hide: true, querystring: authQuerySchema },
    },
    async (request, reply) => {
      if (!oidc) return toLoginPage(reply, "oidc_unavailable");
      let started: Awaited<ReturnType<OidcClient["startAuthorization"]>>;
      try {
        started = await oidc.startAuthorization();
      } catch (error) {
        request.log.warn({ err: error }, "OIDC provider unreachable");
        return toLoginPage(reply, "oidc_failed");
      }
      const pending: Pending = {
        ...started.checks,
        returnTo: safeReturnTo(request.query.returnTo, ctx.config.publicUrl),
        expiresAt: ctx.clock.now().getTime() + OIDC_COOKIE_MAX_AGE_S * 1000,
      };
      reply.setCookie(OIDC_COOKIE, Buffer.from(JSON.stringify(pending)).toString("base64url"), {
        ...cookieOptions,
        signed: true,
        maxAge: OIDC_COOKIE_MAX_AGE_S,
      });
      return reply.redirect(started.url.href, 302);
    },
  );

  app.get(
    "/callback",
    {
      exposeHeadRoute: false,
      config: { access: "public", rateLimit: { max: 30, timeWindow: MINUTE_MS } },
      schema: { hide: true, querystring: callbackQuerySchema },
    },
    async (request, reply) => {
      if (!oidc) return toLoginPage(reply, "oidc_unavailable");
      // One attempt per cookie: it goes whatever the outcome.
      const pending = readPending(request);
      reply.clearCookie(OIDC_COOKIE, cookieOptions);
      try {
        if (!pending) throw new Error("missing or invalid sign-in cookie");
        if (pending.expiresAt <= ctx.clock.now().getTime()) throw new Error("sign-in attempt expired");
        // The URL the provider redirected to, as registered: the query comes from the request, the rest from config.
        const queryStart = request.url.indexOf("?");
        const callbackUrl = new URL(`${ctx.config.publicUrl}/callback`);
        callbackUrl.search = queryStart === -1 ? "" : request.url.slice(queryStart);
        const claims = await oidc.completeAuthorization(callbackUrl, pending);
        const user = await oidcSignIn(ctx, claims, {
          language: request.language,
          referralCode: referralCookieCode(request),
        });
        clearReferralCookie(ctx, request, reply);

        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await deleteSessionByToken(ctx, previous);
        const session = await createSession(ctx, user.id, {
          userAgent: request.headers["user-agent"],
          ipAddress: request.ip,
        });
        setSessionCookie(reply, ctx, session.token, session.expiresAt);
        rememberDevice(request, reply, ctx, user.id);
        noteAudit(request, { userId: user.id, outcome: "success" });
        return reply.redirect(safeReturnTo(pending.returnTo, ctx.config.publicUrl), 302);
      } catch (error) {
        request.log.warn({ err: error }, "OIDC sign-in failed");
        const explained =
          error instanceof UnverifiedEmailRefusal ? UNVERIFIED_LOGIN_ERRORS[error.unverified] : undefined;
        return toLoginPage(reply, explained ?? "oidc_failed");
      }
    },
  );
};

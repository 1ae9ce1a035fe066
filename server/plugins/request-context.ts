import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppContext } from "../context";
import { unauthorized } from "../lib/errors";
import { isLanguage, type Language, languageFromHeader } from "../lib/i18n";
import { resolveSession, type SessionUser } from "../modules/accounts/sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null for guests. */
    user: SessionUser | null;
    sessionId: number | null;
    /** en or es: X-Language header, then the user's setting, then Accept-Language. */
    language: Language;
  }
}

export const SESSION_COOKIE = "chitta_session";

export function setSessionCookie(reply: FastifyReply, ctx: AppContext, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.config.cookieSecure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.config.cookieSecure,
  });
}

/** The route's caller, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Session and language for every request, before any handler runs. */
export const requestContextPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  await app.register(cookie, { secret: ctx.config.sessionSecret });
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("language", "en");

  app.addHook("onRequest", async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 128) {
      const resolved = await resolveSession(ctx, token);
      if (resolved) {
        request.user = resolved.user;
        request.sessionId = resolved.sessionId;
      }
    }
    const explicit = request.headers["x-language"];
    request.language = isLanguage(explicit)
      ? explicit
      : isLanguage(request.user?.language)
        ? request.user.language
        : (languageFromHeader(request.headers["accept-language"]) ?? "en");
  });
});

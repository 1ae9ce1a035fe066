import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppContext } from "../context";
import { isLanguage, type Language, languageFromHeader, translator } from "../lib/i18n";
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

/**
 * Readable by scripts and holding no secret: tells the web app a session may exist, so guests' browsers skip
 * the session check (and its 401) entirely.
 */
export const AUTH_HINT_COOKIE = "chitta_auth_hint";

export function setSessionCookie(reply: FastifyReply, ctx: AppContext, token: string, expiresAt: Date): void {
  const common = { path: "/", sameSite: "lax", secure: ctx.config.cookieSecure, expires: expiresAt } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(AUTH_HINT_COOKIE, "1", { ...common, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext): void {
  const common = { path: "/", sameSite: "lax", secure: ctx.config.cookieSecure } as const;
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(AUTH_HINT_COOKIE, { ...common, httpOnly: false });
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

/** `{success: true, message}` in the caller's language: the answer of routes that only confirm. */
export function messageReply(request: FastifyRequest, messageKey: string) {
  return { success: true as const, message: translator(request.language)(messageKey) };
}

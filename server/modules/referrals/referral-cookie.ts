import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isbot } from "isbot";
import { REFERRAL_CODE_MAX } from "../../../contract/account-rules";
import { REFERRAL_COOKIE_DAYS, REFERRAL_COOKIE_NAME } from "../../../contract/referral-constants";
import type { AppContext } from "../../context";
import { referralClicks } from "../../db/schema/index";
import { findActiveReferralCode } from "./attribution";

const COOKIE_MAX_AGE_S = REFERRAL_COOKIE_DAYS * 24 * 60 * 60;

/** Crawlers, link previews and monitors (the `isbot` list), and requests with no user agent at all. */
function isBotUserAgent(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}

const cookieOptions = (ctx: Pick<AppContext, "config">, request: FastifyRequest) =>
  ({
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.config.cookieSecure || request.protocol === "https",
  }) as const;

/** The code the browser came through, when its referral cookie holds one (checked again where it is used). */
export function referralCookieCode(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFERRAL_COOKIE_NAME];
  return value && value.length <= REFERRAL_CODE_MAX ? value : undefined;
}

/** Once an account is made in this browser the cookie has done its work. */
export function clearReferralCookie(
  ctx: Pick<AppContext, "config">,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (request.cookies[REFERRAL_COOKIE_NAME] !== undefined)
    reply.clearCookie(REFERRAL_COOKIE_NAME, cookieOptions(ctx, request));
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Attribution that outlives script storage (browsers cap it): any page load with `?ref=` of an active code
 * leaves a first-party HttpOnly cookie for REFERRAL_COOKIE_DAYS, which sign-up and a first provider sign-in
 * read when nothing else names a code. A visit counts as a click of the code (per UTC day) the first time a
 * browser brings it, never for bots nor for the code's owner.
 */
export const referralCookiePlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET") return;
    const ref = (request.query as Record<string, unknown> | undefined)?.ref;
    if (typeof ref !== "string" || !ref.trim() || ref.length > REFERRAL_CODE_MAX) return;
    const now = ctx.clock.now();
    const code = await findActiveReferralCode(ctx.db, ref, now);
    if (!code) return;
    const alreadyHeld = referralCookieCode(request) === code.code;
    reply.setCookie(REFERRAL_COOKIE_NAME, code.code, {
      ...cookieOptions(ctx, request),
      maxAge: COOKIE_MAX_AGE_S,
    });
    if (alreadyHeld || request.user?.id === code.userId || isBotUserAgent(request.headers["user-agent"]))
      return;
    await ctx.db
      .insert(referralClicks)
      .values({ referralCodeId: code.id, day: utcDay(now), clicks: 1 })
      .onConflictDoUpdate({
        target: [referralClicks.referralCodeId, referralClicks.day],
        set: { clicks: sql`${referralClicks.clicks} + 1` },
      });
  });
});

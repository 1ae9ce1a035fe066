import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  noBodySchema,
  publicUserSchema,
  resendBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  signupQuerySchema,
  signupResponseSchema,
  tokenBodySchema,
} from "../../../contract/accounts";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import type { AppContext } from "../../context";
import { translator } from "../../lib/i18n";
import { noteAudit } from "../../plugins/audit-log";
import { MINUTE_MS } from "../../plugins/rate-limit";
import {
  clearSessionCookie,
  messageReply,
  SESSION_COOKIE,
  setSessionCookie,
} from "../../plugins/request-context";
import { caller } from "../../plugins/route-guards";
import { clearReferralCookie, referralCookieCode } from "../referrals/referral-cookie";
import { readDevice, rememberDevice } from "./device-cookie";
import { logIn } from "./log-in";
import type { Requester } from "./mail-requests";
import { resendVerification } from "./resend-verification";
import { requestPasswordReset, resetPassword } from "./reset-password";
import { deleteSessionByToken } from "./sessions";
import { signUp } from "./sign-up";
import { presentUser } from "./user-presenter";
import { verifyEmail } from "./verify-email";

const errors = errorResponses;

const requester = (request: FastifyRequest): Requester => ({ ip: request.ip, device: readDevice(request) });

/**
 * A cheap first guard, in memory and before any database work, on the routes that mail links; their real limits
 * are per requester, in the database (mail-requests.ts). A browser with a device cookie is counted by its device,
 * not its IP, so the owner's browser behind an IP shared with a flood (an office, a carrier's NAT) is not refused.
 */
const MAIL_REQUEST_RATE_LIMIT = {
  max: 20,
  timeWindow: 30 * MINUTE_MS,
  keyGenerator: (request: FastifyRequest) => {
    const device = readDevice(request);
    return device ? `device:${device.id}` : request.ip;
  },
};

export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/signup",
    {
      config: {
        access: "public",
        rateLimit: { max: 5, timeWindow: 30 * MINUTE_MS },
        rateLimitMessage: "errors.tooManySignups",
      },
      schema: {
        tags: ["accounts"],
        summary: "Create an account",
        querystring: signupQuerySchema,
        body: signupBodySchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, verificationEmailSent } = await signUp(ctx, {
        ...request.body,
        // The code typed or in the link, else the one the browser's referral cookie kept from an earlier visit.
        referralCode: request.body.referralCode || request.query.ref || referralCookieCode(request),
        language: request.body.language ?? request.language,
      });
      clearReferralCookie(ctx, request, reply);
      noteAudit(request, { userId: user.id });
      const t = translator(request.language);
      return reply.status(201).send({
        success: true,
        message: verificationEmailSent
          ? t("accounts.signupSuccess", { email: user.email })
          : t("accounts.signupSuccessNoMail"),
        user: presentUser(user),
        requiresVerification: true,
        verificationEmailSent,
        nextStep: "EMAIL_VERIFICATION",
      });
    },
  );

  app.post(
    "/api/login",
    {
      config: { access: "public", rateLimit: { max: 10, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary: "Sign in with username or email and password",
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = await logIn(
        ctx,
        request.body,
        { userAgent: request.headers["user-agent"], ipAddress: request.ip },
        readDevice(request),
      );
      noteAudit(request, { userId: user.id });
      // A previous session in this browser ends: the new token replaces it.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSessionByToken(ctx, previous);
      setSessionCookie(reply, ctx, session.token, session.expiresAt);
      rememberDevice(request, reply, ctx, user.id);
      return {
        success: true as const,
        id: user.id,
        message: translator(request.language)("accounts.loginSuccess"),
        user: presentUser(user),
      };
    },
  );

  app.post(
    "/api/auth/logout",
    {
      config: { access: "public" },
      schema: {
        tags: ["accounts"],
        summary: "Sign out this browser",
        body: noBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSessionByToken(ctx, token);
      clearSessionCookie(reply, ctx);
      return messageReply(request, "accounts.logoutSuccess");
    },
  );

  app.get(
    "/api/user",
    {
      config: { access: "user" },
      schema: {
        tags: ["accounts"],
        summary: "The signed-in user (session check)",
        response: { 200: publicUserSchema, 401: errorBodySchema },
      },
    },
    async (request) => presentUser(caller(request)),
  );

  app.post(
    "/api/email-verification/verify",
    {
      config: { access: "public", rateLimit: { max: 20, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary: "Confirm an email address from the mailed link",
        body: tokenBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await verifyEmail(ctx, request.body.token);
      noteAudit(request, { userId: user.id });
      return messageReply(request, "accounts.verifySuccess");
    },
  );

  app.post(
    "/api/email-verification/resend",
    {
      config: { access: "public", rateLimit: MAIL_REQUEST_RATE_LIMIT },
      schema: {
        tags: ["accounts"],
        summary: "Send the verification link again",
        body: resendBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await resendVerification(ctx, request.user, request.body?.email, requester(request));
      const t = translator(request.language);
      const message = {
        sent: t("accounts.verificationSent"),
        "already-verified": t("accounts.alreadyVerified"),
        accepted: t("accounts.verificationSentIfExists"),
      }[outcome];
      return { success: true as const, message };
    },
  );

  app.post(
    "/api/password/forgot",
    {
      config: { access: "public", rateLimit: MAIL_REQUEST_RATE_LIMIT },
      schema: {
        tags: ["accounts"],
        summary: "Mail a password reset link",
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, requester(request));
      return messageReply(request, "accounts.resetRequested");
    },
  );

  app.post(
    "/api/password/reset",
    {
      config: { access: "public", rateLimit: { max: 10, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary: "Choose a new password with a mailed token",
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      clearSessionCookie(reply, ctx);
      return messageReply(request, "accounts.resetSuccess");
    },
  );
};

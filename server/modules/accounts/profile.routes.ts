import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  emailRevertBodySchema,
  messageResponseSchema,
  messagingPreferencesBodySchema,
  messagingPreferencesResponseSchema,
  noBodySchema,
  onboardingBodySchema,
  publicUserSchema,
  updateUserBodySchema,
} from "../../../contract/accounts";
import { errorResponses } from "../../../contract/errors";
import type { AppContext } from "../../context";
import { translator } from "../../lib/i18n";
import { MINUTE_MS } from "../../plugins/rate-limit";
import { clearSessionCookie, messageReply } from "../../plugins/request-context";
import { caller } from "../../plugins/route-guards";
import { changePassword } from "./change-password";
import { deleteAccount } from "./delete-account";
import { logOutEverywhere } from "./log-out-everywhere";
import { markOnboardingSeen } from "./mark-onboarding-seen";
import { revertEmailChange } from "./revert-email-change";
import { updateMessagingPreferences } from "./update-messaging-preferences";
import { updateProfile } from "./update-profile";
import { presentUser } from "./user-presenter";

const errors = errorResponses;

/**
 * The signed-in user's own account: profile, messaging preferences, password, sessions, deletion.
 * Every route acts on the session's user; no id is ever read from the request.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.patch(
    "/api/user",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary:
          "Change the signed-in user's profile (a new email needs currentPassword, or a provider sign-in in the last 10 minutes, and must be confirmed again)",
        body: updateUserBodySchema,
        response: { 200: publicUserSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await updateProfile(ctx, caller(request), request.sessionId!, request.body);
      return presentUser(user);
    },
  );

  app.post(
    "/api/user/email/revert",
    {
      // From the link mailed to the old address: whoever opens it may be signed out, or on another device.
      config: { access: "public", rateLimit: { max: 20, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary: "Undo an email change from the link mailed to the old address; every session is signed out",
        body: emailRevertBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const email = await revertEmailChange(ctx, request.body.token);
      clearSessionCookie(reply, ctx);
      return {
        success: true as const,
        message: translator(request.language)("accounts.emailReverted", { email }),
      };
    },
  );

  app.post(
    "/api/user/messaging-preferences",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary: "Choose whether email and push notifications may reach the user",
        body: messagingPreferencesBodySchema,
        response: { 200: messagingPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await updateMessagingPreferences(ctx, caller(request), request.body);
      return {
        success: true as const,
        message: translator(request.language)("accounts.preferencesSaved"),
        emailNotifications: user.emailNotifications,
        pushNotifications: user.pushNotifications,
        messagingOptIn: user.messagingOptIn,
      };
    },
  );

  app.post(
    "/api/user/onboarding",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary:
          "Remember that the welcome modal or the first-time tutorial was shown, so neither comes back",
        body: onboardingBodySchema,
        response: { 200: publicUserSchema, ...errors },
      },
    },
    async (request) => presentUser(await markOnboardingSeen(ctx, caller(request), request.body.step)),
  );

  app.post(
    "/api/user/password",
    {
      config: { access: "user", rateLimit: { max: 10, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary: "Change the password; every other session is signed out",
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = caller(request);
      await changePassword(ctx, user, request.sessionId!, request.body);
      return messageReply(request, "accounts.passwordChanged");
    },
  );

  app.post(
    "/api/auth/logout-all",
    {
      config: { access: "user" },
      schema: {
        tags: ["accounts"],
        summary: "Sign out every browser and device, this one included",
        body: noBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await logOutEverywhere(ctx, caller(request).id);
      clearSessionCookie(reply, ctx);
      return messageReply(request, "accounts.loggedOutEverywhere");
    },
  );

  app.delete(
    "/api/user",
    {
      config: { access: "user", rateLimit: { max: 10, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["accounts"],
        summary: "Delete the account and all its data",
        body: deleteAccountBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const t = translator(request.language);
      await deleteAccount(ctx, caller(request), request.sessionId!, request.body);
      clearSessionCookie(reply, ctx);
      return { success: true as const, message: t("accounts.accountDeleted") };
    },
  );
};

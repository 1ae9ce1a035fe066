import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageResponseSchema } from "../../../contract/accounts";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import {
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  vapidPublicKeyResponseSchema,
} from "../../../contract/push";
import type { AppContext } from "../../context";
import { vapidDetails } from "../../integrations/push/vapid";
import { perUserLimit } from "../../plugins/rate-limit";
import { messageReply } from "../../plugins/request-context";
import { caller } from "../../plugins/route-guards";
import { subscribeToPush, unsubscribeFromPush } from "./push-subscriptions";

const errors = { ...errorResponses, 404: errorBodySchema };
/** A subscription is an endpoint and two keys: a few KB at most. */
const SUBSCRIPTION_BODY_LIMIT = 8 * 1024;
/** Per user, from any address: the app sends its subscription once per open, far below this. */
const subscriptionLimit = perUserLimit(60);

/** Web push: the server's public key, and this browser's subscription for the signed-in user. */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/push/vapid-public-key",
    {
      config: { access: "public" },
      schema: {
        tags: ["push"],
        summary: "The VAPID public key browsers subscribe with (applicationServerKey)",
        response: { 200: vapidPublicKeyResponseSchema, ...errors },
      },
    },
    async () => ({ publicKey: (await vapidDetails(ctx)).publicKey }),
  );

  app.post(
    "/api/push/subscribe",
    {
      config: { access: "user", ...subscriptionLimit },
      bodyLimit: SUBSCRIPTION_BODY_LIMIT,
      schema: {
        tags: ["push"],
        summary: "Subscribe this browser, or re-confirm its subscription (idempotent on the endpoint)",
        description:
          "The endpoint must be https and resolve to public addresses only (422 VALIDATION otherwise). A new subscription turns the user's push preference on.",
        body: pushSubscribeBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await subscribeToPush(ctx, caller(request), request.body);
      return messageReply(request, "push.subscribed");
    },
  );

  app.delete(
    "/api/push/subscribe",
    {
      config: { access: "user", ...subscriptionLimit },
      bodyLimit: SUBSCRIPTION_BODY_LIMIT,
      schema: {
        tags: ["push"],
        summary: "Stop push to this browser (the caller's own subscription; any other endpoint is 404)",
        body: pushUnsubscribeBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await unsubscribeFromPush(ctx, caller(request), request.body.endpoint);
      return messageReply(request, "push.unsubscribed");
    },
  );
};

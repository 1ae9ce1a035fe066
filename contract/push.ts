import { z } from "zod";

/** GET /api/push/vapid-public-key */
export const vapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });

/** What PushSubscription.toJSON() gives in the browser. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.string().url().max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }).strict(),
  })
  .strict();
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** POST /api/push/subscribe (spec: subscription, userAgent); idempotent on the endpoint. */
export const pushSubscribeBodySchema = z
  .object({ subscription: pushSubscriptionSchema, userAgent: z.string().max(512).optional() })
  .strict();
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/** DELETE /api/push/subscribe */
export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().url().max(2048) }).strict();
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** What a notification carries to the service worker: never dream text. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A same-origin path the notification opens. */
  url: z.string().startsWith("/"),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

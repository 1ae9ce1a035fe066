import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../../contract/billing";
import { billingSubscriptions, sandboxEvents, users } from "../../db/schema/index";
import { signStripePayload } from "../../integrations/payments/provider";
import { type FakeStripe, startFakeStripe } from "../../test/fake-stripe";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";

/**
 * Issue 12, Low item: deleting an account left its paid subscription running at the provider (charging a
 * customer who no longer has an account). The subscription now ends at the provider first; when the provider
 * cannot be reached, nothing is deleted and the user is asked, in their language, to try again.
 */

const NOT_CANCELLED = {
  en: "We could not cancel your subscription with the payment provider, so your account has not been deleted and nothing was removed. Please try again in a few minutes.",
  es: "No hemos podido cancelar tu suscripción con el proveedor de pagos, así que tu cuenta sigue activa y no se ha borrado nada. Vuelve a intentarlo dentro de unos minutos.",
};

describe.each(testDrivers)("deleting an account with a paid subscription on %s", (driver) => {
  describe("with the sandbox provider", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("cancels the subscription at the provider, then deletes the account", async () => {
      const { browser, password, userId } = await signUpVerified(t, "leaving_sandbox");
      const started = await browser.post("/api/billing/checkout", { plan: "monthly" });
      const session = new URL(started.json().url, "http://x").searchParams.get("session")!;
      const paid = await browser.post(`/api/billing/sandbox/sessions/${session}/pay`, {
        cardNumber: sandboxCards.succeeds,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const [subscription] = await t.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId));
      expect(subscription!.status).toBe("active");

      const deleted = await browser.request("DELETE", "/api/user", { password });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // The provider's own record of the cancellation (its events outlive the account's rows).
      const ended = (await t.db.select().from(sandboxEvents)).filter(
        (event) =>
          event.type === "customer.subscription.deleted" &&
          (event.payload as { data: { object: { id: string; status: string } } }).data.object.id ===
            subscription!.id,
      );
      expect(ended).toHaveLength(1);
      expect((ended[0]!.payload as { data: { object: { status: string } } }).data.object.status).toBe(
        "canceled",
      );
      expect(await t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    });
  });

  describe("with Stripe", () => {
    const WEBHOOK_SECRET = "whsec_delete_account";
    let t: TestApp;
    let fake: FakeStripe;
    beforeAll(async () => {
      fake = await startFakeStripe();
      t = await createTestApp(driver, {
        env: {
          STRIPE_SECRET_KEY: fake.secretKey,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PRICE_MONTHLY: "price_monthly",
          STRIPE_PRICE_YEARLY: "price_yearly",
          STRIPE_API_URL: fake.url,
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    /** A verified user whose checkout completed at Stripe, as the signed webhook tells the app. */
    async function subscriber(username: string) {
      const account = await signUpVerified(t, username);
      expect((await account.browser.post("/api/billing/checkout", { plan: "monthly" })).statusCode).toBe(200);
      const [user] = await t.db.select().from(users).where(eq(users.id, account.userId));
      const subscription = fake.putSubscription({
        customer: user!.stripeCustomerId!,
        status: "active",
        priceId: "price_monthly",
        currentPeriodEnd: Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60,
      });
      const payload = JSON.stringify(
        fake.event("checkout.session.completed", {
          id: fake.checkoutSessions.at(-1)!.session.id,
          object: "checkout.session",
          customer: user!.stripeCustomerId,
          subscription: subscription.id,
        }),
      );
      const delivered = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: {
          "content-type": "application/json",
          "stripe-signature": signStripePayload(payload, WEBHOOK_SECRET),
        },
        payload,
      });
      expect(delivered.json()).toMatchObject({ received: true, outcome: "applied" });
      return { ...account, subscriptionId: subscription.id };
    }

    it("keeps the account when Stripe cannot be reached, says so in en and es, and cancels on the retry", async () => {
      const { browser, password, userId, subscriptionId } = await subscriber("leaving_stripe");

      // Stripe down (the SDK tries three times each): nothing is deleted, and the user is told to retry, in the
      // account's language.
      for (const language of ["en", "es"] as const) {
        expect((await browser.request("PATCH", "/api/user", { language })).statusCode).toBe(200);
        fake.failNextRequests(3);
        const refused = await browser.request("DELETE", "/api/user", { password });
        expect(refused.statusCode).toBe(502);
        expect(refused.json()).toEqual({
          success: false,
          code: "EXTERNAL",
          message: NOT_CANCELLED[language],
        });
      }
      expect(await t.db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
      expect(fake.subscriptions.get(subscriptionId)!.status).toBe("active");
      expect((await browser.get("/api/user")).statusCode).toBe(200);

      // Stripe back: the subscription is cancelled there, then the account goes.
      const deleted = await browser.request("DELETE", "/api/user", { password });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(fake.subscriptions.get(subscriptionId)!.status).toBe("canceled");
      expect(
        fake.requests.filter(
          (request) => request.method === "DELETE" && request.path === `/v1/subscriptions/${subscriptionId}`,
        ),
      ).not.toHaveLength(0);
      expect(await t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    });

    it("deletes the account when Stripe already ended the subscription (a missed webhook)", async () => {
      const { browser, password, userId, subscriptionId } = await subscriber("leaving_ended");
      fake.subscriptions.get(subscriptionId)!.status = "canceled";
      const deleted = await browser.request("DELETE", "/api/user", { password });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    });
  });
});

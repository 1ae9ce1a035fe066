import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { signStripePayload } from "../../integrations/payments/provider";
import { type FakeStripe, startFakeStripe } from "../../test/fake-stripe";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";

const WEBHOOK_SECRET = "whsec_stripe_mode";

/** The billing routes with Stripe configured, the SDK talking to a local fake of Stripe's API. */
describe.each(testDrivers)("subscriptions with Stripe on %s", (driver) => {
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
    await t.close();
    await fake.close();
  });

  it("checks out on Stripe with one customer per user, applies the signed webhook, and manages the subscription", async () => {
    const { browser, userId } = await signUpVerified(t, "stripeuser");
    expect((await browser.get("/api/billing/plans")).json()).toMatchObject({
      provider: "stripe",
      testMode: false,
    });

    const first = await browser.post("/api/billing/checkout", { plan: "yearly" });
    const second = await browser.post("/api/billing/checkout", { plan: "monthly" });
    expect(first.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(second.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user!.stripeCustomerId).toMatch(/^cus_/);
    expect(fake.customers.size).toBe(1);
    const sent = fake.checkoutSessions.at(-2)!;
    expect(sent.session).toMatchObject({
      mode: "subscription",
      customer: user!.stripeCustomerId,
      client_reference_id: String(userId),
      success_url: `${t.config.publicUrl}/stripe-checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.config.publicUrl}/stripe-checkout/recovery?plan=yearly`,
    });
    expect(sent.params).toMatchObject({ line_items: [{ price: "price_yearly" }] });

    // Stripe completes the checkout: the subscription exists there, and the signed event reaches us.
    const periodEnd = Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60;
    const subscription = fake.putSubscription({
      customer: user!.stripeCustomerId!,
      status: "active",
      priceId: "price_yearly",
      currentPeriodEnd: periodEnd,
    });
    fake.addInvoice({
      customer: user!.stripeCustomerId!,
      subscription: subscription.id,
      amountPaid: 9999,
      status: "paid",
    });
    const event = fake.event("checkout.session.completed", {
      id: sent.session.id,
      object: "checkout.session",
      customer: user!.stripeCustomerId,
      subscription: subscription.id,
    });
    const payload = JSON.stringify(event);
    const delivered = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signStripePayload(payload, WEBHOOK_SECRET),
      },
      payload,
    });
    expect(delivered.json()).toEqual({ received: true, outcome: "applied" });
    const state = (await browser.get("/api/billing/subscription")).json();
    expect(state).toMatchObject({
      isPremium: true,
      provider: "stripe",
      canOpenPortal: true,
      subscription: {
        id: subscription.id,
        plan: "yearly",
        status: "active",
        currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      },
    });

    // Cancel at period end goes to Stripe and shows at once; premium stays.
    const cancelled = (await browser.post("/api/billing/subscription/cancel")).json();
    expect(cancelled).toMatchObject({ isPremium: true, subscription: { cancelAtPeriodEnd: true } });
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);

    const portal = (await browser.post("/api/billing/portal")).json();
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(fake.portalSessions.at(-1)).toMatchObject({
      return_url: `${t.config.publicUrl}/subscription/redirect`,
    });
    const invoices = (await browser.get("/api/billing/invoices")).json().invoices;
    expect(invoices[0]).toMatchObject({ amount: 99.99, currency: "USD", status: "paid" });

    // Stripe down: the user gets 502 with a clear message, not a bare 500.
    fake.failNextRequests(3);
    const down = await browser.post("/api/billing/portal");
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      code: "EXTERNAL",
      message: "The payment provider is not answering. Please try again in a moment.",
    });
  });
});

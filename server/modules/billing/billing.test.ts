import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../../contract/billing";
import { processedEvents, users } from "../../db/schema/index";
import { signStripePayload } from "../../integrations/payments/provider";
import {
  createTestApp,
  signUpVerified,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";
import { sweepSandbox } from "./sandbox/sandbox-payments";
import type { SandboxDeps } from "./sandbox/sandbox-store";

const DAY_MS = 24 * 60 * 60 * 1000;
const dream = { content: "I was swimming in a calm sea with a friendly dolphin beside me." };

describe.each(testDrivers)("subscriptions (sandbox provider) on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Checkout for a plan and pay with a card: the answer of the sandbox's pay route. */
  async function checkout(browser: TestBrowser, plan: "monthly" | "yearly", card: string) {
    const started = await browser.post("/api/billing/checkout", { plan });
    expect(started.statusCode, started.body).toBe(200);
    const session = new URL(started.json().url, "http://x").searchParams.get("session")!;
    const paid = await browser.post(`/api/billing/sandbox/sessions/${session}/pay`, { cardNumber: card });
    return { session, paid };
  }

  /** The sandbox as the app runs it, delivering over HTTP to the webhook route: time passes when tests say. */
  const sandboxDeps = (): SandboxDeps => ({
    db: t.db,
    clock: t.clock,
    billing: t.config.billing,
    log: { error: (object, message) => console.error(message, object) },
    deliver: async (payload, signature) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    },
  });

  const subscription = async (browser: TestBrowser) =>
    (await browser.get("/api/billing/subscription")).json();

  it("lists the configured plans with the saving computed from the prices, labelled test mode", async () => {
    const plans = (await t.browser().get("/api/billing/plans")).json();
    expect(plans).toMatchObject({
      provider: "sandbox",
      testMode: true,
      currency: "USD",
      yearlySavingsPercent: 16,
    });
    expect(plans.plans).toEqual([
      { id: "monthly", price: 9.99, interval: "month" },
      { id: "yearly", price: 99.99, interval: "year" },
    ]);
    const cheaper = await createTestApp(driver, { env: { PRICE_MONTHLY_USD: "10", PRICE_YEARLY_USD: "90" } });
    try {
      expect((await cheaper.browser().get("/api/billing/plans")).json().yearlySavingsPercent).toBe(25);
    } finally {
      await cheaper.close();
    }
  });

  it("upgrades a free user who hit the limit: success card, events, premium, no limit, a receipt", async () => {
    const { browser, email } = await signUpVerified(t, "upgrader");
    for (let i = 0; i < 3; i++)
      expect((await browser.post("/api/translate-dream", dream)).statusCode).toBe(200);
    const limited = await browser.post("/api/translate-dream", dream);
    expect(limited.statusCode).toBe(403);
    expect(limited.json().message).toContain("limit");

    const { session, paid } = await checkout(browser, "yearly", sandboxCards.succeeds);
    expect(paid.json()).toMatchObject({
      outcome: "succeeded",
      redirectTo: `/stripe-checkout/success?session_id=${session}`,
    });
    const state = await subscription(browser);
    expect(state).toMatchObject({
      isPremium: true,
      subscriptionTier: "premium",
      subscription: { plan: "yearly", status: "active", cancelAtPeriodEnd: false },
    });
    expect(new Date(state.subscription.currentPeriodEnd).getTime() - t.clock.now().getTime()).toBeGreaterThan(
      364 * DAY_MS,
    );
    expect((await browser.post("/api/translate-dream", dream)).json().isPremiumTranslation).toBe(true);

    const receipt = await t.smtp.lastMailTo(email);
    expect(receipt.subject).toBe("Your CHITTA Premium receipt");
    expect(receipt.text).toContain("$99.99");
    const invoices = (await browser.get("/api/billing/invoices")).json().invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amount: 99.99, currency: "USD", status: "paid" });

    // The session is spent, and a premium user cannot start another checkout.
    expect(
      (
        await browser.post(`/api/billing/sandbox/sessions/${session}/pay`, {
          cardNumber: sandboxCards.succeeds,
        })
      ).statusCode,
    ).toBe(409);
    expect((await browser.post("/api/billing/checkout", { plan: "monthly" })).statusCode).toBe(409);
  });

  it("sends a declined card to recovery, and a processing error succeeds when tried again", async () => {
    const { browser } = await signUpVerified(t, "declined");
    const { session, paid } = await checkout(browser, "monthly", sandboxCards.declined);
    expect(paid.json()).toMatchObject({ outcome: "declined", message: "Your card was declined." });
    expect(paid.json().redirectTo).toBe(`/stripe-checkout/recovery?session=${session}`);
    expect(await subscription(browser)).toMatchObject({ isPremium: false, subscription: null });

    const pay = (card: string) =>
      browser.post(`/api/billing/sandbox/sessions/${session}/pay`, { cardNumber: card });
    expect((await pay("4111 1111 1111 1111")).statusCode).toBe(422);
    expect((await pay(sandboxCards.needsRetry)).json().outcome).toBe("processing_error");
    expect((await subscription(browser)).isPremium).toBe(false);
    expect((await pay("4000 0000 0000 0119")).json().outcome).toBe("succeeded");
    expect(await subscription(browser)).toMatchObject({ isPremium: true, subscription: { plan: "monthly" } });
  });

  it("keeps premium after cancelling until the period ends, then ends it with a mail", async () => {
    const { browser, email } = await signUpVerified(t, "canceller");
    await checkout(browser, "monthly", sandboxCards.succeeds);
    const cancelled = await browser.post("/api/billing/subscription/cancel");
    expect(cancelled.json()).toMatchObject({
      isPremium: true,
      subscription: { cancelAtPeriodEnd: true, status: "active" },
    });
    const resumed = await browser.post("/api/billing/subscription/resume");
    expect(resumed.json().subscription.cancelAtPeriodEnd).toBe(false);
    await browser.post("/api/billing/subscription/cancel");

    // Days pass (in steps, so the session stays alive): premium holds until the paid period is over.
    for (let day = 0; day < 27; day += 9) {
      t.clock.advance(9 * DAY_MS);
      await sweepSandbox(sandboxDeps());
      expect((await subscription(browser)).isPremium).toBe(true);
    }
    t.clock.advance(5 * DAY_MS);
    expect(await sweepSandbox(sandboxDeps())).toBeGreaterThanOrEqual(1);
    expect(await subscription(browser)).toMatchObject({
      isPremium: false,
      subscriptionTier: "free",
      subscription: { status: "canceled" },
    });
    const ended = await t.smtp.lastMailTo(email);
    expect(ended.subject).toBe("Your CHITTA Premium has ended");
    expect(ended.text).toContain("on the free plan: 3 dream translations a day");
    expect((await browser.post("/api/billing/subscription/cancel")).statusCode).toBe(409);
  });

  it("keeps premium through a failed renewal, mails the user in Spanish, and recovers with a good card", async () => {
    const { browser, email, userId } = await signUpVerified(t, "renewer");
    await t.db.update(users).set({ language: "es" }).where(eq(users.id, userId));
    await checkout(browser, "monthly", sandboxCards.succeeds);
    const admin = await signUpVerified(t, "billingadmin");
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    const id = (await subscription(browser)).subscription.id;

    const advanced = await admin.browser.post(`/api/admin/billing/sandbox/subscriptions/${id}/advance`, {
      renewal: "failed",
    });
    expect(advanced.json().outcome).toBe("past_due");
    expect(await subscription(browser)).toMatchObject({
      isPremium: true,
      subscription: { status: "past_due" },
    });
    const failedMail = await t.smtp.lastMailTo(email);
    expect(failedMail.subject).toBe("Tu pago de CHITTA no se ha completado");
    expect(failedMail.text).toContain("/stripe-checkout/recovery");

    expect(
      (await browser.post("/api/billing/sandbox/retry-payment", { cardNumber: sandboxCards.declined })).json()
        .outcome,
    ).toBe("declined");
    const retried = await browser.post("/api/billing/sandbox/retry-payment", {
      cardNumber: sandboxCards.succeeds,
    });
    expect(retried.json()).toMatchObject({ outcome: "succeeded", message: "Pago realizado." });
    expect(await subscription(browser)).toMatchObject({
      isPremium: true,
      subscription: { status: "active" },
    });
    expect(
      (await browser.post("/api/billing/sandbox/retry-payment", { cardNumber: sandboxCards.succeeds }))
        .statusCode,
    ).toBe(409);
  });

  it("gives a referred user's first month free (trial, no charge, no receipt)", async () => {
    const referrer = await signUpVerified(t, "referrer");
    const { browser, userId, email } = await signUpVerified(t, "referee");
    await t.db.update(users).set({ referredBy: referrer.userId }).where(eq(users.id, userId));
    expect((await subscription(browser)).firstMonthFree).toBe(true);
    const mailsBefore = t.smtp.mails.filter((mail) => mail.to.includes(email)).length;
    await checkout(browser, "monthly", sandboxCards.succeeds);
    const state = await subscription(browser);
    expect(state).toMatchObject({
      isPremium: true,
      firstMonthFree: false,
      subscription: { status: "trialing" },
    });
    expect((await browser.get("/api/billing/invoices")).json().invoices[0].amount).toBe(0);
    expect(t.smtp.mails.filter((mail) => mail.to.includes(email)).length).toBe(mailsBefore);
  });

  it("refuses unsigned, forged and stale webhooks with 400 and no effect; a replay applies nothing twice", async () => {
    const { browser, userId } = await signUpVerified(t, "forger");
    await checkout(browser, "monthly", sandboxCards.declined);
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    const forged = JSON.stringify({
      id: "evt_forged_1",
      object: "event",
      type: "customer.subscription.created",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: "sub_sandbox_forged", object: "subscription", customer: user!.stripeCustomerId },
      },
    });
    const deliver = (signature: string | undefined) =>
      t.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: { "content-type": "application/json", ...(signature && { "stripe-signature": signature }) },
        payload: forged,
      });
    const secret = t.config.billing.sandboxWebhookSecret;
    for (const signature of [
      undefined,
      signStripePayload(forged, "whsec_wrong"),
      signStripePayload(forged, secret, Math.floor(Date.now() / 1000) - 301),
      signStripePayload(`${forged} `, secret),
    ]) {
      const response = await deliver(signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("BAD_REQUEST");
    }
    expect(
      await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, "evt_forged_1")),
    ).toEqual([]);
    expect((await subscription(browser)).isPremium).toBe(false);

    // Correctly signed but about a subscription the provider does not have: recorded, nothing granted.
    const accepted = await deliver(signStripePayload(forged, secret));
    expect(accepted.json()).toEqual({ received: true, outcome: "unknown-subscription" });
    expect((await deliver(signStripePayload(forged, secret))).json().outcome).toBe("duplicate");
    expect((await subscription(browser)).isPremium).toBe(false);
  });

  it("shows admins the provider and its events, with replay; others get 403 or 401", async () => {
    const member = await signUpVerified(t, "consolemember");
    await checkout(member.browser, "monthly", sandboxCards.succeeds);
    expect((await member.browser.get("/api/admin/billing")).statusCode).toBe(403);
    expect((await t.browser().get("/api/admin/billing")).statusCode).toBe(401);
    const admin = await signUpVerified(t, "consoleadmin");
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    const console_ = (await admin.browser.get("/api/admin/billing")).json();
    expect(console_).toMatchObject({ provider: "sandbox", webhookSecretConfigured: true });
    const paidEvent = console_.recentEvents.find(
      (event: { type: string; userId: number }) =>
        event.type === "invoice.paid" && event.userId === member.userId,
    );
    expect(paidEvent.outcome).toBe("applied");
    const replay = await admin.browser.post(`/api/admin/billing/events/${paidEvent.eventId}/replay`);
    expect(replay.json()).toEqual({ outcome: "duplicate" });
    expect(
      (await member.browser.post(`/api/admin/billing/events/${paidEvent.eventId}/replay`)).statusCode,
    ).toBe(403);
    expect((await admin.browser.post("/api/admin/billing/events/evt_missing/replay")).statusCode).toBe(404);
  });

  it("keeps checkout sessions private: another user's session is 404", async () => {
    const owner = await signUpVerified(t, "sessionowner");
    const other = await signUpVerified(t, "sessionthief");
    const started = (await owner.browser.post("/api/billing/checkout", { plan: "monthly" })).json();
    const session = new URL(started.url, "http://x").searchParams.get("session")!;
    expect((await other.browser.get(`/api/billing/sandbox/sessions/${session}`)).statusCode).toBe(404);
    expect(
      (
        await other.browser.post(`/api/billing/sandbox/sessions/${session}/pay`, {
          cardNumber: sandboxCards.succeeds,
        })
      ).statusCode,
    ).toBe(404);
    expect((await owner.browser.get(`/api/billing/sandbox/sessions/${session}`)).json()).toMatchObject({
      plan: "monthly",
      amount: 9.99,
      status: "open",
    });
    expect((await t.browser().post("/api/billing/checkout", { plan: "monthly" })).statusCode).toBe(401);
  });
});

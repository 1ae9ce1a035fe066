import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sandboxCards } from "../../../contract/billing";
import {
  billingSubscriptions,
  paymentCards,
  processedEvents,
  sandboxInvoices,
  users,
} from "../../db/schema/index";
import { signStripePayload } from "../../integrations/payments/provider";
import {
  createTestApp,
  signUpAdmin,
  signUpVerified,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";
import { onInvoicePaid, onPaymentReversed, type PaidInvoiceFacts } from "../referrals/payment-hooks";
import { revokeFreeMonth } from "./free-months";
import { advanceSandboxSubscription, paySandboxSession, sweepSandbox } from "./sandbox/sandbox-payments";
import { createSandboxProvider } from "./sandbox/sandbox-provider";
import { type SandboxDeps, sandboxCardFingerprint } from "./sandbox/sandbox-store";

// The programmes' hooks run as written; the spies only count the calls billing makes.
vi.mock("../referrals/payment-hooks", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../referrals/payment-hooks")>();
  return {
    ...actual,
    onInvoicePaid: vi.fn(actual.onInvoicePaid),
    onPaymentReversed: vi.fn(actual.onPaymentReversed),
  };
});
vi.mock("./free-months", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./free-months")>();
  return { ...actual, revokeFreeMonth: vi.fn(actual.revokeFreeMonth) };
});

const DAY_MS = 24 * 60 * 60 * 1000;

interface Delivery {
  payload: string;
  signature: string;
}

/**
 * Billing hands the referral and affiliate programmes the provider's payment facts (issue 17): paid invoices with
 * their payment and card, refunds and disputes, once per event, on the sandbox provider.
 */
describe.each(testDrivers)("payment facts (sandbox provider) on %s", (driver) => {
  let t: TestApp;
  let admin: TestBrowser;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const signedUp = await signUpAdmin(t, "factsadmin");
    admin = signedUp.browser;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    vi.mocked(onInvoicePaid).mockClear();
    vi.mocked(onPaymentReversed).mockClear();
    vi.mocked(revokeFreeMonth).mockClear();
  });

  const webhook = (delivery: Delivery) =>
    t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
      payload: delivery.payload,
    });

  /** The sandbox as the app runs it; `deliver` defaults to the webhook route, as the app's does. */
  const sandboxDeps = (deliver?: (delivery: Delivery) => Promise<unknown>): SandboxDeps => ({
    db: t.db,
    clock: t.clock,
    billing: t.config.billing,
    log: { error: (object, message) => console.error(message, object) },
    deliver: async (payload, signature) => {
      if (deliver) return deliver({ payload, signature });
      const response = await webhook({ payload, signature });
      if (response.statusCode !== 200) throw new Error(response.body);
    },
  });

  async function startCheckout(browser: TestBrowser) {
    const started = await browser.post("/api/billing/checkout", { plan: "monthly" });
    expect(started.statusCode, started.body).toBe(200);
    return new URL(started.json().url, "http://x").searchParams.get("session")!;
  }

  async function subscribe(username: string, card: string, referredBy?: number) {
    const member = await signUpVerified(t, username);
    if (referredBy) await t.db.update(users).set({ referredBy }).where(eq(users.id, member.userId));
    const session = await startCheckout(member.browser);
    const paid = await member.browser.post(`/api/billing/sandbox/sessions/${session}/pay`, {
      cardNumber: card,
    });
    expect(paid.json().outcome).toBe("succeeded");
    const state = (await member.browser.get("/api/billing/subscription")).json();
    return { ...member, subscriptionId: state.subscription.id as string, state };
  }

  const cardsOf = async (userId: number) =>
    (
      await t.db
        .select({ fingerprint: paymentCards.fingerprint, provider: paymentCards.provider })
        .from(paymentCards)
        .where(eq(paymentCards.userId, userId))
    ).map((row) => `${row.provider}:${row.fingerprint}`);

  const paidFactsOf = (userId: number): PaidInvoiceFacts[] =>
    vi
      .mocked(onInvoicePaid)
      .mock.calls.map(([, facts]) => facts)
      .filter((facts) => facts.userId === userId);

  const customerOf = async (userId: number) =>
    (await t.db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, userId)))[0]
      ?.customer;

  const sandboxInvoicesOf = async (customerId: string | null | undefined) =>
    t.db
      .select()
      .from(sandboxInvoices)
      .where(eq(sandboxInvoices.customerId, customerId ?? ""));

  const consoleInvoices = async (email: string) =>
    (await admin.get("/api/admin/billing"))
      .json()
      .sandboxInvoices.filter((invoice: { customerEmail: string }) => invoice.customerEmail === email);

  it("gives each test card one fingerprint: the same card for two customers, another card another one", async () => {
    const ana = await subscribe("cardana", sandboxCards.succeeds);
    const bea = await subscribe("cardbea", sandboxCards.succeeds);
    const cyd = await subscribe("cardcyd", sandboxCards.succeedsMastercard);
    const dov = await subscribe("carddov", sandboxCards.succeedsDebit);

    const visa = sandboxCardFingerprint(sandboxCards.succeeds);
    expect(visa).toMatch(/^fp_sandbox_[0-9a-f]{16}$/);
    expect(await cardsOf(ana.userId)).toEqual([`sandbox:${visa}`]);
    expect(await cardsOf(bea.userId)).toEqual([`sandbox:${visa}`]);
    const others = [...(await cardsOf(cyd.userId)), ...(await cardsOf(dov.userId))];
    expect(others).toEqual([
      `sandbox:${sandboxCardFingerprint(sandboxCards.succeedsMastercard)}`,
      `sandbox:${sandboxCardFingerprint(sandboxCards.succeedsDebit)}`,
    ]);
    expect(new Set([`sandbox:${visa}`, ...others]).size).toBe(3);

    // The programmes get the paid invoice as the provider holds it: amount, payment and card.
    const [facts] = paidFactsOf(ana.userId);
    expect(paidFactsOf(ana.userId)).toHaveLength(1);
    expect(facts).toMatchObject({
      provider: "sandbox",
      payment: {
        subscriptionId: ana.subscriptionId,
        amountPaidCents: 999,
        currency: "usd",
        paymentRef: expect.stringMatching(/^pi_sandbox_/),
        cardFingerprint: visa,
      },
    });
    expect(await consoleInvoices(ana.email)).toEqual([
      expect.objectContaining({
        id: facts!.payment.invoiceId,
        amountCents: 999,
        status: "paid",
        paymentRef: facts!.payment.paymentRef,
        cardFingerprint: visa,
      }),
    ]);
  });

  it("reports a trial's 0 invoice with no payment or card; the renewal charges the card used at checkout", async () => {
    const referrer = await signUpVerified(t, "trialreferrer");
    const referee = await subscribe("trialreferee", sandboxCards.succeedsMastercard, referrer.userId);
    expect(referee.state.subscription.status).toBe("trialing");
    expect(paidFactsOf(referee.userId).map((facts) => facts.payment)).toEqual([
      expect.objectContaining({ amountPaidCents: 0, paymentRef: null, cardFingerprint: null }),
    ]);
    expect(await cardsOf(referee.userId)).toEqual([]);

    const renewed = await admin.post(
      `/api/admin/billing/sandbox/subscriptions/${referee.subscriptionId}/advance`,
      {
        renewal: "paid",
      },
    );
    expect(renewed.json().outcome).toBe("renewed");
    const mastercard = sandboxCardFingerprint(sandboxCards.succeedsMastercard);
    expect(paidFactsOf(referee.userId).map((facts) => facts.payment)).toEqual([
      expect.objectContaining({ amountPaidCents: 0 }),
      expect.objectContaining({ amountPaidCents: 999, cardFingerprint: mastercard }),
    ]);
    expect(await cardsOf(referee.userId)).toEqual([`sandbox:${mastercard}`]);
  });

  it("reports a paid invoice once when deliveries are duplicated, concurrent or arrive before the subscription", async () => {
    const member = await signUpVerified(t, "reordered");
    const held: Delivery[] = [];
    const holding = sandboxDeps(async (delivery) => {
      held.push(delivery);
    });
    const session = await startCheckout(member.browser);
    await paySandboxSession(holding, member.userId, session, sandboxCards.succeeds);
    expect(held.map((delivery) => JSON.parse(delivery.payload).type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);

    // The invoice first, then the rest; then everything again.
    const outcomes: string[] = [];
    for (const delivery of [...[...held].reverse(), ...held]) {
      const response = await webhook(delivery);
      expect(response.statusCode, response.body).toBe(200);
      outcomes.push(response.json().outcome);
    }
    expect(outcomes).toEqual(["applied", "applied", "applied", "duplicate", "duplicate", "duplicate"]);
    expect((await member.browser.get("/api/billing/subscription")).json().isPremium).toBe(true);
    expect(paidFactsOf(member.userId)).toHaveLength(1);

    // A renewal's invoice.paid delivered twice at the same moment.
    held.length = 0;
    const subscriptionId = (await member.browser.get("/api/billing/subscription")).json().subscription.id;
    await advanceSandboxSubscription(holding, subscriptionId, "paid");
    const renewalPaid = held.find((delivery) => JSON.parse(delivery.payload).type === "invoice.paid")!;
    const racing = await Promise.all([webhook(renewalPaid), webhook(renewalPaid)]);
    expect(racing.map((response) => response.json().outcome).sort()).toEqual(["applied", "duplicate"]);
    const reported = paidFactsOf(member.userId).map((facts) => facts.payment.invoiceId);
    expect(reported).toHaveLength(2);
    expect(new Set(reported).size).toBe(2);
    expect(await cardsOf(member.userId)).toEqual([
      `sandbox:${sandboxCardFingerprint(sandboxCards.succeeds)}`,
    ]);
  });

  it("refunds and disputes from the console as verified events, each applied once", async () => {
    const member = await subscribe("refunded", sandboxCards.succeeds);
    const [invoice] = await consoleInvoices(member.email);
    const refundUrl = `/api/admin/billing/sandbox/invoices/${invoice.id}/refund`;
    expect((await member.browser.post(refundUrl)).statusCode).toBe(403);
    expect((await t.browser().post(refundUrl)).statusCode).toBe(401);

    const refunded = await admin.post(refundUrl);
    expect(refunded.json()).toEqual({ outcome: "refunded" });
    const [event] = await t.db
      .select()
      .from(processedEvents)
      .where(and(eq(processedEvents.type, "charge.refunded"), eq(processedEvents.userId, member.userId)));
    expect(event).toMatchObject({ provider: "sandbox", outcome: "applied" });
    const reversals = () =>
      vi
        .mocked(onPaymentReversed)
        .mock.calls.map(([, facts]) => facts)
        .filter((facts) => facts.userId === member.userId);
    expect(reversals()).toEqual([
      expect.objectContaining({
        provider: "sandbox",
        reversal: {
          paymentRef: invoice.paymentRef,
          customerId: await customerOf(member.userId),
          amountRefundedCents: 999,
          disputed: false,
        },
      }),
    ]);

    // The same event again (a replay) changes nothing; the invoice cannot be refunded twice.
    expect((await admin.post(`/api/admin/billing/events/${event!.eventId}/replay`)).json()).toEqual({
      outcome: "duplicate",
    });
    expect(reversals()).toHaveLength(1);
    const again = await admin.post(refundUrl);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This invoice has already been refunded.");

    const disputed = await admin.post(`/api/admin/billing/sandbox/invoices/${invoice.id}/dispute`);
    expect(disputed.json()).toEqual({ outcome: "disputed" });
    expect(reversals().map((facts) => facts.reversal)).toEqual([
      expect.objectContaining({ disputed: false }),
      expect.objectContaining({ amountRefundedCents: 999, disputed: true }),
    ]);
    expect((await admin.post(`/api/admin/billing/sandbox/invoices/${invoice.id}/dispute`)).statusCode).toBe(
      409,
    );
    expect(await consoleInvoices(member.email)).toEqual([
      expect.objectContaining({ amountRefundedCents: 999, disputed: true }),
    ]);
    expect((await admin.post("/api/admin/billing/sandbox/invoices/in_missing/refund")).statusCode).toBe(404);
  });

  it("refuses to refund a trial's 0 invoice, and a signed refund naming someone else's payment applies nothing", async () => {
    const referrer = await signUpVerified(t, "refundreferrer");
    const trial = await subscribe("refundtrial", sandboxCards.succeeds, referrer.userId);
    const [zero] = await consoleInvoices(trial.email);
    const refused = await admin.post(`/api/admin/billing/sandbox/invoices/${zero.id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This invoice charged nothing, so there is nothing to refund or dispute.",
    );

    const payer = await subscribe("refundpayer", sandboxCards.succeeds);
    const [paid] = await consoleInvoices(payer.email);
    const refundEvent = (id: string, customer: string | null | undefined) => {
      const payload = JSON.stringify({
        id,
        object: "event",
        type: "charge.refunded",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: { id: "ch_x", object: "charge", customer, payment_intent: paid.paymentRef, refunded: true },
        },
      });
      return webhook({
        payload,
        signature: signStripePayload(payload, t.config.billing.sandboxWebhookSecret),
      });
    };
    const mismatch = await refundEvent("evt_refund_mismatch", await customerOf(trial.userId));
    expect(mismatch.statusCode).toBeGreaterThanOrEqual(500);
    expect(
      await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, "evt_refund_mismatch")),
    ).toEqual([]);
    expect(onPaymentReversed).not.toHaveBeenCalled();
    // The same event naming the payment's own customer is applied, to the payer.
    const matching = await refundEvent("evt_refund_matching", await customerOf(payer.userId));
    expect(matching.json()).toEqual({ received: true, outcome: "applied" });
    expect(vi.mocked(onPaymentReversed).mock.calls.map(([, facts]) => facts.userId)).toEqual([payer.userId]);
  });

  it("takes back each revoked claimed month after the commit, going on past one that fails", async () => {
    const member = await subscribe("revoked", sandboxCards.succeedsDebit);
    const [invoice] = await consoleInvoices(member.email);
    vi.mocked(onPaymentReversed).mockResolvedValueOnce({ revokedClaimedRewardIds: [101, 102] });
    vi.mocked(revokeFreeMonth)
      .mockRejectedValueOnce(new Error("provider down"))
      .mockResolvedValueOnce(undefined);
    expect((await admin.post(`/api/admin/billing/sandbox/invoices/${invoice.id}/refund`)).statusCode).toBe(
      200,
    );
    expect(vi.mocked(revokeFreeMonth).mock.calls.map(([, rewardId]) => rewardId)).toEqual([101, 102]);
    const [event] = await t.db
      .select()
      .from(processedEvents)
      .where(and(eq(processedEvents.type, "charge.refunded"), eq(processedEvents.userId, member.userId)));
    expect(event?.outcome).toBe("applied");
  });

  it("charges the card that paid a failed renewal again, and the next renewals too", async () => {
    const member = await subscribe("retrycard", sandboxCards.succeeds);
    const advance = (renewal: "paid" | "failed") =>
      admin.post(`/api/admin/billing/sandbox/subscriptions/${member.subscriptionId}/advance`, { renewal });
    expect((await advance("failed")).json().outcome).toBe("past_due");
    const retried = await member.browser.post("/api/billing/sandbox/retry-payment", {
      cardNumber: sandboxCards.succeedsDebit,
    });
    expect(retried.json().outcome).toBe("succeeded");
    expect((await advance("paid")).json().outcome).toBe("renewed");

    const visa = sandboxCardFingerprint(sandboxCards.succeeds);
    const debit = sandboxCardFingerprint(sandboxCards.succeedsDebit);
    expect(paidFactsOf(member.userId).map((facts) => facts.payment.cardFingerprint)).toEqual([
      visa,
      debit,
      debit,
    ]);
    expect((await cardsOf(member.userId)).sort()).toEqual([`sandbox:${debit}`, `sandbox:${visa}`].sort());
  });

  // Last: time passes here (a period's length), which would end the other tests' sessions.
  it("shifts a sandbox renewal later and back, never before now; the stored subscription follows", async () => {
    const member = await subscribe("shifted", sandboxCards.succeeds);
    const provider = createSandboxProvider(sandboxDeps());
    const periodEnd = new Date(member.state.subscription.currentPeriodEnd).getTime();
    const stored = async () => {
      const [row] = await t.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.id, member.subscriptionId));
      return row!;
    };

    const later = await provider.shiftRenewal(member.subscriptionId, 30);
    expect(later).toMatchObject({ status: "active", currentPeriodEnd: new Date(periodEnd + 30 * DAY_MS) });
    expect((await stored()).currentPeriodEnd).toEqual(new Date(periodEnd + 30 * DAY_MS));

    // Time reaches the old period end: nothing renews, nothing is charged.
    t.clock.set(new Date(periodEnd + 60_000));
    await sweepSandbox(sandboxDeps());
    expect(await sandboxInvoicesOf(await customerOf(member.userId))).toHaveLength(1);
    expect((await stored()).status).toBe("active");

    // Taken back: the renewal would fall in the past, so it falls now.
    await provider.shiftRenewal(member.subscriptionId, -30);
    expect((await stored()).currentPeriodEnd).toEqual(t.clock.now());
    await provider.shiftRenewal(member.subscriptionId, 30);
    expect((await stored()).currentPeriodEnd).toEqual(new Date(t.clock.now().getTime() + 30 * DAY_MS));

    await provider.cancelNow(member.subscriptionId);
    const ended = await stored();
    expect(await provider.shiftRenewal(member.subscriptionId, 30)).toMatchObject({
      status: "canceled",
      currentPeriodEnd: ended.currentPeriodEnd,
    });
    expect(await stored()).toMatchObject({ status: "canceled", currentPeriodEnd: ended.currentPeriodEnd });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../../test/fake-stripe";
import { type PaymentProvider, SubscriptionNotFoundError, signStripePayload } from "./provider";
import { createStripeProvider } from "./stripe-provider";

const settingsFor = (fake: FakeStripe, secretKey = fake.secretKey) => ({
  secretKey,
  webhookSecret: "whsec_test",
  priceIds: { monthly: "price_monthly", yearly: "price_yearly" },
  apiUrl: fake.url,
});

let fake: FakeStripe;
let stripe: PaymentProvider;
let nextUserId = 100;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider(settingsFor(fake));
});
afterAll(() => fake?.close());

const newCustomer = () => {
  const userId = nextUserId++;
  return stripe.createCustomer({ userId, email: `user${userId}@example.com`, username: `user${userId}` });
};
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 24 * 3600;

describe("customers", () => {
  it("creates a Stripe customer carrying the user's email, name and id", async () => {
    const id = await stripe.createCustomer({ userId: 7, email: "ana@example.com", username: "ana" });
    expect(id).toMatch(/^cus_/);
    expect(fake.customers.get(id)).toMatchObject({
      email: "ana@example.com",
      name: "ana",
      metadata: { userId: "7" },
    });
  });

  it("returns the same customer when asked twice for one user (idempotency key)", async () => {
    const first = await stripe.createCustomer({ userId: 8, email: "bo@example.com", username: "bo" });
    const second = await stripe.createCustomer({ userId: 8, email: "bo@example.com", username: "bo" });
    expect(second).toBe(first);
    const forUser = [...fake.customers.values()].filter((customer) => customer.metadata.userId === "8");
    expect(forUser).toHaveLength(1);
    const keys = fake.requests
      .filter((request) => request.path === "/v1/customers")
      .map((r) => r.idempotencyKey);
    expect(keys).toContain("customer-for-user-8");
  });
});

describe("checkout", () => {
  it("opens a subscription checkout for the plan's price, with the trial and the user's language", async () => {
    const customerId = await newCustomer();
    const { url } = await stripe.createCheckout({
      customerId,
      userId: 42,
      plan: "yearly",
      trialDays: 30,
      successUrl: "https://app.test/billing?done=1",
      cancelUrl: "https://app.test/billing",
      language: "es",
    });
    const stored = fake.checkoutSessions.at(-1);
    expect(url).toBe(stored?.session.url);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(stored?.params).toMatchObject({
      mode: "subscription",
      customer: customerId,
      client_reference_id: "42",
      line_items: [{ price: "price_yearly", quantity: "1" }],
      success_url: "https://app.test/billing?done=1",
      cancel_url: "https://app.test/billing",
      locale: "es",
      metadata: { userId: "42", plan: "yearly" },
      subscription_data: { trial_period_days: "30", metadata: { userId: "42", plan: "yearly" } },
    });
  });

  it("asks for no trial when there is none, and falls back to English", async () => {
    const customerId = await newCustomer();
    await stripe.createCheckout({
      customerId,
      userId: 43,
      plan: "monthly",
      trialDays: 0,
      successUrl: "https://app.test/ok",
      cancelUrl: "https://app.test/no",
      language: "fr",
    });
    const params = fake.checkoutSessions.at(-1)?.params;
    expect(params).toMatchObject({ line_items: [{ price: "price_monthly" }], locale: "en" });
    expect(params?.subscription_data).not.toHaveProperty("trial_period_days");
  });

  it("is rejected for a customer Stripe does not know", async () => {
    const request = {
      customerId: "cus_missing",
      userId: 44,
      plan: "monthly" as const,
      trialDays: 0,
      successUrl: "https://app.test/ok",
      cancelUrl: "https://app.test/no",
      language: "en",
    };
    await expect(stripe.createCheckout(request)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
    });
  });

  it("is rejected when the configured price does not exist in Stripe", async () => {
    const misconfigured = createStripeProvider({
      ...settingsFor(fake),
      priceIds: { monthly: "price_gone", yearly: "price_yearly" },
    });
    const customerId = await newCustomer();
    await expect(
      misconfigured.createCheckout({
        customerId,
        userId: 45,
        plan: "monthly",
        trialDays: 0,
        successUrl: "https://app.test/ok",
        cancelUrl: "https://app.test/no",
        language: "en",
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: "resource_missing", param: "line_items[0][price]" });
  });
});

describe("billing portal", () => {
  it("returns the portal URL for the customer", async () => {
    const customerId = await newCustomer();
    const url = await stripe.createPortal(customerId, "https://app.test/billing");
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.portalSessions.at(-1)).toMatchObject({
      url,
      customer: customerId,
      return_url: "https://app.test/billing",
    });
  });
});

describe("subscriptions", () => {
  it("maps status, plan, period end and cancellation from Stripe's subscription", async () => {
    const customerId = await newCustomer();
    const periodEnd = inDays(365);
    const { id } = fake.putSubscription({
      customer: customerId,
      status: "active",
      priceId: "price_yearly",
      currentPeriodEnd: periodEnd,
    });
    expect(await stripe.retrieveSubscription(id)).toEqual({
      id,
      customerId,
      status: "active",
      plan: "yearly",
      currentPeriodEnd: new Date(periodEnd * 1000),
      cancelAtPeriodEnd: false,
    });
  });

  it("has no plan for a price that is not ours", async () => {
    const { id } = fake.putSubscription({
      customer: await newCustomer(),
      status: "past_due",
      priceId: "price_legacy",
      currentPeriodEnd: inDays(3),
      cancelAtPeriodEnd: true,
    });
    expect(await stripe.retrieveSubscription(id)).toMatchObject({
      status: "past_due",
      plan: null,
      cancelAtPeriodEnd: true,
    });
  });

  it("reports an unknown subscription as not found", async () => {
    await expect(stripe.retrieveSubscription("sub_nope")).rejects.toBeInstanceOf(SubscriptionNotFoundError);
  });

  it("schedules and then withdraws the cancellation at period end", async () => {
    const { id } = fake.putSubscription({
      customer: await newCustomer(),
      status: "active",
      priceId: "price_monthly",
      currentPeriodEnd: inDays(20),
    });
    expect(await stripe.setCancelAtPeriodEnd(id, true)).toMatchObject({
      plan: "monthly",
      cancelAtPeriodEnd: true,
    });
    expect(fake.subscriptions.get(id)?.cancel_at_period_end).toBe(true);
    expect(await stripe.setCancelAtPeriodEnd(id, false)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(fake.subscriptions.get(id)?.cancel_at_period_end).toBe(false);
    expect((await stripe.retrieveSubscription(id)).cancelAtPeriodEnd).toBe(false);
  });
});

describe("invoices", () => {
  it("lists the customer's invoices newest first, in dollars", async () => {
    const customerId = await newCustomer();
    const other = await newCustomer();
    const paid = fake.addInvoice({
      customer: customerId,
      subscription: "sub_1",
      amountPaid: 999,
      status: "paid",
      created: inDays(-30),
    });
    const open = fake.addInvoice({
      customer: customerId,
      subscription: "sub_1",
      amountPaid: 0,
      amountDue: 1999,
      status: "open",
      created: inDays(-1),
    });
    fake.addInvoice({ customer: other, subscription: "sub_2", amountPaid: 5000, status: "paid" });

    expect(await stripe.listInvoices(customerId)).toEqual([
      {
        id: open.id,
        number: open.number,
        amount: 19.99,
        currency: "USD",
        status: "open",
        createdAt: new Date(open.created * 1000),
        url: open.hosted_invoice_url,
      },
      {
        id: paid.id,
        number: paid.number,
        amount: 9.99,
        currency: "USD",
        status: "paid",
        createdAt: new Date(paid.created * 1000),
        url: paid.hosted_invoice_url,
      },
    ]);
  });
});

describe("payment facts", () => {
  const paidInvoice = async (payment: { cardFingerprint: string | null; via?: "charge" }) => {
    const customer = await newCustomer();
    const invoice = fake.addInvoice({
      customer,
      subscription: "sub_paid",
      amountPaid: 999,
      status: "paid",
      created: inDays(-2),
      payment,
    });
    return { customer, invoice, invoicePayment: fake.invoicePayments.at(-1)! };
  };

  it("reads a paid invoice's amount, payment intent and card fingerprint from its invoice payment", async () => {
    const { customer, invoice, invoicePayment } = await paidInvoice({ cardFingerprint: "fp_visa_1" });
    const intent =
      invoicePayment.payment.type === "payment_intent" ? invoicePayment.payment.payment_intent : "";
    expect(intent).toMatch(/^pi_/);
    expect(await stripe.retrieveInvoicePayment(invoice.id)).toEqual({
      invoiceId: invoice.id,
      customerId: customer,
      subscriptionId: "sub_paid",
      amountPaidCents: 999,
      currency: "usd",
      paidAt: new Date(invoice.created * 1000),
      paymentRef: intent,
      cardFingerprint: "fp_visa_1",
    });
    const listed = fake.requests.findLast((request) => request.path === "/v1/invoice_payments");
    expect(listed?.params).toMatchObject({ invoice: invoice.id, status: "paid" });
  });

  it("names a charge made without a payment intent by the charge", async () => {
    const { invoice, invoicePayment } = await paidInvoice({ cardFingerprint: "fp_old", via: "charge" });
    const charge = invoicePayment.payment.type === "charge" ? invoicePayment.payment.charge : "";
    expect(await stripe.retrieveInvoicePayment(invoice.id)).toMatchObject({
      paymentRef: charge,
      cardFingerprint: "fp_old",
    });
    expect(charge).toMatch(/^ch_/);
  });

  it("has no payment and no card for a trial's 0 invoice", async () => {
    const customer = await newCustomer();
    const invoice = fake.addInvoice({ customer, subscription: "sub_trial", amountPaid: 0, status: "paid" });
    expect(await stripe.retrieveInvoicePayment(invoice.id)).toMatchObject({
      customerId: customer,
      subscriptionId: "sub_trial",
      amountPaidCents: 0,
      paymentRef: null,
      cardFingerprint: null,
    });
  });

  it("reads a payment's refunds and disputes from its latest charge", async () => {
    const { customer, invoice } = await paidInvoice({ cardFingerprint: "fp_visa_2" });
    const { paymentRef } = await stripe.retrieveInvoicePayment(invoice.id);
    expect(await stripe.retrievePaymentReversal(paymentRef!)).toEqual({
      paymentRef,
      customerId: customer,
      amountRefundedCents: 0,
      disputed: false,
    });
    const charge = fake.charges.get(fake.paymentIntents.get(paymentRef!)!.latest_charge)!;
    Object.assign(charge, { amount_refunded: 999, refunded: true, disputed: true });
    expect(await stripe.retrievePaymentReversal(paymentRef!)).toMatchObject({
      amountRefundedCents: 999,
      disputed: true,
    });
  });

  it("reads the reversal of a charge made without a payment intent", async () => {
    const { customer, invoice } = await paidInvoice({ cardFingerprint: null, via: "charge" });
    const { paymentRef } = await stripe.retrieveInvoicePayment(invoice.id);
    fake.charges.get(paymentRef!)!.amount_refunded = 500;
    expect(await stripe.retrievePaymentReversal(paymentRef!)).toEqual({
      paymentRef,
      customerId: customer,
      amountRefundedCents: 500,
      disputed: false,
    });
  });

  it("is rejected for an invoice or payment Stripe does not know", async () => {
    await expect(stripe.retrieveInvoicePayment("in_nope")).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.retrievePaymentReversal("pi_nope")).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("renewal shifts", () => {
  const DAY = 24 * 3600;
  const running = async (periodEndInDays: number, status = "active") =>
    fake.putSubscription({
      customer: await newCustomer(),
      status,
      priceId: "price_monthly",
      currentPeriodEnd: inDays(periodEndInDays),
    });
  const lastUpdate = (id: string) =>
    fake.requests.findLast(
      (request) => request.method === "POST" && request.path === `/v1/subscriptions/${id}`,
    );

  it("moves the renewal later with trial_end and no proration", async () => {
    const subscription = await running(10);
    const end = subscription.items.data[0]!.current_period_end;
    const state = await stripe.shiftRenewal(subscription.id, 30);
    expect(lastUpdate(subscription.id)?.params).toEqual({
      trial_end: String(end + 30 * DAY),
      proration_behavior: "none",
    });
    expect(state).toMatchObject({
      id: subscription.id,
      status: "trialing",
      plan: "monthly",
      currentPeriodEnd: new Date((end + 30 * DAY) * 1000),
    });
  });

  it("takes a month back by moving the renewal earlier", async () => {
    const subscription = await running(40, "trialing");
    const end = subscription.items.data[0]!.current_period_end;
    const state = await stripe.shiftRenewal(subscription.id, -30);
    expect(lastUpdate(subscription.id)?.params.trial_end).toBe(String(end - 30 * DAY));
    expect(state.currentPeriodEnd).toEqual(new Date((end - 30 * DAY) * 1000));
  });

  it("ends the free span now when taking a month back would end it in the past", async () => {
    const subscription = await running(10, "trialing");
    const state = await stripe.shiftRenewal(subscription.id, -30);
    expect(lastUpdate(subscription.id)?.params).toEqual({ trial_end: "now", proration_behavior: "none" });
    expect(state.status).toBe("active");
    expect(state.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
  });

  it("leaves an ended subscription alone", async () => {
    const subscription = await running(-5, "canceled");
    expect(await stripe.shiftRenewal(subscription.id, -30)).toMatchObject({ status: "canceled" });
    expect(lastUpdate(subscription.id)).toBeUndefined();
    await expect(stripe.shiftRenewal("sub_nope", 30)).rejects.toBeInstanceOf(SubscriptionNotFoundError);
  });
});

describe("events", () => {
  it("retrieves a stored event for replay", async () => {
    const event = fake.event("invoice.paid", { id: "in_1", object: "invoice" });
    expect(await stripe.retrieveEvent(event.id)).toEqual(event);
    await expect(stripe.retrieveEvent("evt_nope")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
      message: "No such event: 'evt_nope'",
    });
  });
});

describe("failures", () => {
  it("surfaces a wrong secret key as an authentication error, without retrying", async () => {
    const misconfigured = createStripeProvider(settingsFor(fake, "sk_test_wrong"));
    const before = fake.requestCount;
    await expect(
      misconfigured.createCustomer({ userId: 9, email: "x@example.com", username: "x" }),
    ).rejects.toMatchObject({ type: "StripeAuthenticationError", statusCode: 401 });
    expect(fake.requestCount - before).toBe(1);
  });

  it("retries a 500 so a read still succeeds", async () => {
    const { id } = fake.putSubscription({
      customer: "cus_x",
      status: "active",
      priceId: "price_monthly",
      currentPeriodEnd: inDays(10),
    });
    const before = fake.requestCount;
    fake.failNextRequests(1);
    expect(await stripe.retrieveSubscription(id)).toMatchObject({ id, status: "active" });
    expect(fake.requestCount - before).toBe(2);
  });

  it("retries a 500 on a create with the same idempotency key, creating one customer", async () => {
    const before = fake.requestCount;
    fake.failNextRequests(1);
    const id = await stripe.createCustomer({ userId: 10, email: "c@example.com", username: "c" });
    expect(fake.requestCount - before).toBe(2);
    const attempts = fake.requests.slice(before);
    expect(attempts.map((request) => request.idempotencyKey)).toEqual([
      "customer-for-user-10",
      "customer-for-user-10",
    ]);
    expect([...fake.customers.values()].filter((customer) => customer.metadata.userId === "10")).toEqual([
      fake.customers.get(id),
    ]);
  });

  it("gives up after two retries", async () => {
    const before = fake.requestCount;
    fake.failNextRequests(3);
    await expect(stripe.retrieveSubscription("sub_any")).rejects.toMatchObject({
      type: "StripeAPIError",
      statusCode: 500,
    });
    expect(fake.requestCount - before).toBe(3);
  });
});

describe("webhook signatures", () => {
  const event = () => {
    const subscription = fake.putSubscription({
      customer: "cus_w",
      status: "active",
      priceId: "price_monthly",
      currentPeriodEnd: inDays(30),
    });
    return fake.event("customer.subscription.updated", subscription);
  };

  it("accepts a payload signed with the webhook secret and returns the event", () => {
    const sent = event();
    const payload = JSON.stringify(sent);
    const header = signStripePayload(payload, "whsec_test");
    expect(stripe.verifyEvent(payload, header)).toEqual(sent);
    expect(stripe.verifyEvent(Buffer.from(payload), header).id).toBe(sent.id);
  });

  it("accepts a signature within the 300-second tolerance", () => {
    const payload = JSON.stringify(event());
    const header = signStripePayload(payload, "whsec_test", Math.floor(Date.now() / 1000) - 290);
    expect(stripe.verifyEvent(payload, header).type).toBe("customer.subscription.updated");
  });

  it("rejects a wrong secret, a missing header, a tampered body and a stale timestamp", () => {
    const payload = JSON.stringify(event());
    const stale = Math.floor(Date.now() / 1000) - 301;
    expect(() => stripe.verifyEvent(payload, signStripePayload(payload, "whsec_other"))).toThrow();
    expect(() => stripe.verifyEvent(payload, undefined)).toThrow(/missing Stripe-Signature/);
    const tampered = payload.replace('"status":"active"', '"status":"canceled"');
    expect(tampered).not.toBe(payload);
    expect(() => stripe.verifyEvent(tampered, signStripePayload(payload, "whsec_test"))).toThrow();
    expect(() => stripe.verifyEvent(payload, signStripePayload(payload, "whsec_test", stale))).toThrow(
      /tolerance/i,
    );
  });
});

describe("the fake's random failures", () => {
  it("fail the same requests for the same seed", async () => {
    const outcomes = async () => {
      const flaky = await startFakeStripe({ failureRate: 0.3, seed: 42 });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) {
          const response = await fetch(`${flaky.url}/v1/events/evt_x`, {
            headers: { authorization: `Bearer ${flaky.secretKey}` },
          });
          statuses.push(response.status);
        }
        return statuses;
      } finally {
        await flaky.close();
      }
    };
    const first = await outcomes();
    expect(first).toEqual(await outcomes());
    expect(first.filter((status) => status === 500).length).toBeGreaterThan(0);
    expect(first.filter((status) => status === 404).length).toBeGreaterThan(0);
  });
});

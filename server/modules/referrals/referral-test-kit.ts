import { expect } from "vitest";
import type { InvoicePayment } from "../../integrations/payments/provider";
import { linkIn, type TestApp, type TestBrowser } from "../../test/harness";
import { paySandboxSession } from "../billing/sandbox/sandbox-payments";
import type { SandboxDeps } from "../billing/sandbox/sandbox-store";
import { onInvoicePaid } from "./payment-hooks";

const PASSWORD = "correct horse battery 9";
let counter = 0;

/**
 * Signs up (with a code, or none so the browser's referral cookie decides), verifies through the mailed link and
 * signs in, like a person would; in the given browser, else a new one.
 */
export async function person(
  t: TestApp,
  options: { code?: string; email?: string; browser?: TestBrowser } = {},
) {
  const username = `friend${++counter}`;
  const email = options.email ?? `${username}@example.com`;
  const browser = options.browser ?? t.browser();
  const signup = await browser.post("/api/signup", {
    username,
    email,
    password: PASSWORD,
    ...(options.code && { referralCode: options.code }),
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const link = linkIn(await t.smtp.lastMailTo(email), `${t.config.publicUrl}/verify-email`);
  const token = link.searchParams.get("token");
  expect((await browser.post("/api/email-verification/verify", { token })).statusCode).toBe(200);
  const login = await browser.post("/api/login", { username, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  const userId = login.json().id as number;
  const code = login.json().user.referralCode as string;
  return {
    browser,
    userId,
    username,
    email,
    code,
    /** Signs in again after a jump in time longer than a session lives idle. */
    signIn: async () => {
      expect((await browser.post("/api/login", { username, password: PASSWORD })).statusCode).toBe(200);
    },
  };
}
export type Person = Awaited<ReturnType<typeof person>>;

/** Checks out a plan in the sandbox and pays with a test card (a referred user's first month is a free trial). */
export async function subscribe(browser: TestBrowser, card: string, plan: "monthly" | "yearly" = "monthly") {
  const started = await browser.post("/api/billing/checkout", { plan });
  expect(started.statusCode, started.body).toBe(200);
  const session = new URL(started.json().url, "http://x").searchParams.get("session")!;
  const paid = await browser.post(`/api/billing/sandbox/sessions/${session}/pay`, { cardNumber: card });
  expect(paid.json().outcome, paid.body).toBe("succeeded");
  return (await browser.get("/api/billing/subscription")).json().subscription.id as string;
}

/**
 * Checks out with a test card in the sandbox while its deliveries are held: answers the subscription made and the
 * events (checkout.session.completed, customer.subscription.created, invoice.paid), none delivered yet.
 */
export async function subscribeHeld(
  t: TestApp,
  buyer: { browser: TestBrowser; userId: number },
  card: string,
) {
  const started = await buyer.browser.post("/api/billing/checkout", { plan: "monthly" });
  expect(started.statusCode, started.body).toBe(200);
  const session = new URL(started.json().url, "http://x").searchParams.get("session")!;
  const sandbox = heldSandbox(t);
  expect((await paySandboxSession(sandbox.deps, buyer.userId, session, card)).outcome).toBe("succeeded");
  const events = sandbox.take();
  const created = events.find((event) => event.type === "customer.subscription.created")!;
  return { subscriptionId: created.objectId, events };
}

export interface Delivery {
  type: string;
  /** The invoice, charge or subscription the event is about. */
  objectId: string;
  payload: string;
  signature: string;
}

/** Hands one signed delivery to the webhook route, as the provider would; answers the handler's outcome. */
export async function deliver(t: TestApp, delivery: Pick<Delivery, "payload" | "signature">) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
    payload: delivery.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().outcome as string;
}

/**
 * The sandbox with its deliveries held back: what it emits is kept, signed, for the test to deliver in any
 * order and as often as it likes (`deliverNow` makes it deliver at once instead).
 */
export function heldSandbox(t: TestApp) {
  const held: Delivery[] = [];
  let deliverNow = false;
  const deps: SandboxDeps = {
    db: t.db,
    clock: t.clock,
    billing: t.config.billing,
    log: {
      error: (object) => {
        throw object;
      },
    },
    deliver: async (payload, signature) => {
      if (deliverNow) return deliver(t, { payload, signature });
      const event = JSON.parse(payload) as { type: string; data: { object: { id: string } } };
      held.push({ type: event.type, objectId: event.data.object.id, payload, signature });
    },
  };
  return {
    deps,
    /** Takes what was held so far. */
    take: () => held.splice(0),
    set deliverNow(value: boolean) {
      deliverNow = value;
    },
  };
}

let paymentCounter = 0;

/**
 * A verified paid invoice of `userId` handed straight to the referral hook, for conditions the sandbox cannot
 * make (two accounts sharing one provider customer) or to fill a referrer's month quickly.
 */
export async function paidInvoice(t: TestApp, userId: number, overrides: Partial<InvoicePayment> = {}) {
  const n = ++paymentCounter;
  const payment: InvoicePayment = {
    invoiceId: `in_direct_${n}`,
    customerId: `cus_direct_${n}`,
    subscriptionId: null,
    amountPaidCents: 999,
    currency: "usd",
    paidAt: t.clock.now(),
    paymentRef: `pi_direct_${n}`,
    cardFingerprint: `fp_direct_${n}`,
    ...overrides,
  };
  await t.db.transaction((tx) =>
    onInvoicePaid(tx, { provider: "sandbox", userId, payment, now: t.clock.now() }),
  );
  return payment;
}

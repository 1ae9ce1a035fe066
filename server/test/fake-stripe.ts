import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** A form-encoded Stripe parameter after decoding `a[b][0][c]=v` into nested objects and arrays. */
export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

/** Decodes Stripe's bracket notation (what `stripe-node` sends in bodies and query strings). */
export function decodeForm(text: string): FormObject {
  const root: FormObject = {};
  const get = (node: FormObject | FormValue[], key: string) =>
    Array.isArray(node) ? node[Number(key)] : node[key];
  const set = (node: FormObject | FormValue[], key: string, value: FormValue) => {
    if (Array.isArray(node)) node[Number(key)] = value;
    else node[key] = value;
  };
  for (const [name, value] of new URLSearchParams(text)) {
    const path = [
      name.replace(/\[.*$/, ""),
      ...Array.from(name.matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? ""),
    ];
    let node: FormObject | FormValue[] = root;
    for (const [index, key] of path.entries()) {
      const next = path[index + 1];
      if (next === undefined) {
        set(node, key, value);
        break;
      }
      let child = get(node, key);
      if (child === undefined || typeof child === "string") {
        child = /^\d+$/.test(next) ? [] : {};
        set(node, key, child);
      }
      node = child;
    }
  }
  return root;
}

const text = (value: FormValue | undefined) => (typeof value === "string" ? value : undefined);
const strings = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      )
    : {};

export interface FakeCustomer {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
}
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string | null;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  locale: string | null;
  status: "open" | "complete" | "expired";
  subscription: string | null;
}
export interface FakePortalSession {
  id: string;
  object: "billing_portal.session";
  url: string;
  customer: string;
  return_url: string | null;
}
export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  /** Set by an update with `trial_end` (the renewal moved later without proration). */
  trial_end?: number | null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: Array<{
      id: string;
      object: "subscription_item";
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: "price" };
    }>;
    has_more: false;
    url: string;
  };
}
export interface FakeInvoice {
  id: string;
  object: "invoice";
  number: string;
  customer: string;
  subscription: string | null;
  amount_paid: number;
  amount_due: number;
  currency: "usd";
  status: string;
  created: number;
  hosted_invoice_url: string;
  parent: { type: "subscription_details"; subscription_details: { subscription: string } } | null;
  status_transitions: { paid_at: number | null };
}
export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: "usd";
  customer: string;
  payment_intent: string | null;
  disputed: boolean;
  refunded: boolean;
  payment_method_details: { type: "card"; card: { fingerprint: string | null } };
}
export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  customer: string;
  status: "succeeded";
  latest_charge: string;
}
export interface FakeInvoicePayment {
  id: string;
  object: "invoice_payment";
  invoice: string;
  amount_paid: number;
  currency: "usd";
  is_default: boolean;
  status: "paid";
  payment: { type: "payment_intent"; payment_intent: string } | { type: "charge"; charge: string };
}
export interface FakeEvent<T extends object = object> {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  type: string;
  data: { object: T };
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}
export interface FakeRequest {
  method: string;
  path: string;
  /** The decoded body (POST) or query string (GET). */
  params: FormObject;
  idempotencyKey: string | undefined;
}

export interface FakeStripeOptions {
  secretKey?: string;
  /** Price ids that exist; checkout rejects any other. */
  prices?: string[];
  /** Share of requests (0..1) answered with a final (not retried) 500, drawn from a PRNG seeded with `seed`. */
  failureRate?: number;
  seed?: number;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}
/** 404 for the resource in the path, 400 for one named by a parameter (as Stripe does). */
const missing = (resource: string, id: string, param?: string) =>
  new StripeFailure(
    param ? 400 : 404,
    "invalid_request_error",
    `No such ${resource}: '${id}'`,
    "resource_missing",
    param,
  );
const errorTypeFor = (status: number) =>
  status === 401
    ? "authentication_error"
    : status === 429
      ? "rate_limit_error"
      : status < 500
        ? "invalid_request_error"
        : "api_error";

/** mulberry32: a tiny seeded PRNG, so fault injection is reproducible. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An in-memory Stripe API on 127.0.0.1: the official SDK talks to it over HTTP, as it does to Stripe. */
export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? "sk_test_fake";
  const prices = new Set(options.prices ?? ["price_monthly", "price_yearly"]);
  const random = prng(options.seed ?? 1);
  const now = () => Math.floor(Date.now() / 1000);
  let sequence = 0;
  const newId = (prefix: string) => `${prefix}_fake${String(++sequence).padStart(8, "0")}`;
  let pendingFailures: { count: number; status: number } = { count: 0, status: 500 };
  const replays = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  const state = {
    secretKey,
    requestCount: 0,
    requests: [] as FakeRequest[],
    customers: new Map<string, FakeCustomer>(),
    checkoutSessions: [] as Array<{ session: FakeCheckoutSession; params: FormObject }>,
    portalSessions: [] as FakePortalSession[],
    subscriptions: new Map<string, FakeSubscription>(),
    invoices: [] as FakeInvoice[],
    invoicePayments: [] as FakeInvoicePayment[],
    paymentIntents: new Map<string, FakePaymentIntent>(),
    charges: new Map<string, FakeCharge>(),
    events: new Map<string, FakeEvent>(),
  };

  /** `expand[]` as Stripe does it: ids on the path become their objects, at most four levels deep. */
  const lookup = (id: string): object | undefined =>
    id.startsWith("pi_")
      ? state.paymentIntents.get(id)
      : id.startsWith("ch_")
        ? state.charges.get(id)
        : state.invoices.find((invoice) => invoice.id === id);
  const expandPath = (value: unknown, path: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => expandPath(item, path));
    const [key, ...rest] = path;
    if (key === undefined || !value || typeof value !== "object" || !(key in value)) return value;
    const child = (value as Record<string, unknown>)[key];
    const resolved = typeof child === "string" ? (lookup(child) ?? child) : child;
    return { ...value, [key]: expandPath(resolved, rest) };
  };
  const expanded = <T>(value: T, params: FormObject): T => {
    const paths = Array.isArray(params.expand) ? params.expand.filter((p) => typeof p === "string") : [];
    let result: unknown = value;
    for (const path of paths) {
      const segments = path.split(".");
      if (segments.length > 4) {
        throw new StripeFailure(
          400,
          "invalid_request_error",
          `You cannot expand more than 4 levels of a property. Property: ${path}`,
        );
      }
      result = expandPath(result, segments);
    }
    return result as T;
  };

  const existingCustomer = (id: string | undefined, param = "customer") => {
    if (!id)
      throw new StripeFailure(
        400,
        "invalid_request_error",
        `Missing required param: ${param}.`,
        "parameter_missing",
        param,
      );
    if (!state.customers.has(id)) throw missing("customer", id, param);
    return id;
  };

  const route = (method: string, path: string, params: FormObject): unknown => {
    const [, resource, id] =
      path.match(/^\/v1\/((?:checkout|billing_portal)\/sessions|[a-z_]+)(?:\/([^/]+))?$/) ?? [];
    if (method === "POST" && resource === "customers" && !id) {
      const customer: FakeCustomer = {
        id: newId("cus"),
        object: "customer",
        email: text(params.email) ?? null,
        name: text(params.name) ?? null,
        metadata: strings(params.metadata),
      };
      state.customers.set(customer.id, customer);
      return customer;
    }
    if (method === "POST" && resource === "checkout/sessions" && !id) {
      const mode = text(params.mode);
      if (!mode)
        throw new StripeFailure(
          400,
          "invalid_request_error",
          "Missing required param: mode.",
          "parameter_missing",
          "mode",
        );
      const customer = params.customer === undefined ? null : existingCustomer(text(params.customer));
      const lineItems = Array.isArray(params.line_items) ? params.line_items : [];
      for (const [index, item] of lineItems.entries()) {
        const price = typeof item === "object" && !Array.isArray(item) ? text(item.price) : undefined;
        if (!price || !prices.has(price)) throw missing("price", price ?? "", `line_items[${index}][price]`);
      }
      const sessionId = newId("cs_test");
      const session: FakeCheckoutSession = {
        id: sessionId,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        mode,
        customer,
        client_reference_id: text(params.client_reference_id) ?? null,
        metadata: strings(params.metadata),
        success_url: text(params.success_url) ?? null,
        cancel_url: text(params.cancel_url) ?? null,
        locale: text(params.locale) ?? null,
        status: "open",
        subscription: null,
      };
      state.checkoutSessions.push({ session, params });
      return session;
    }
    if (method === "POST" && resource === "billing_portal/sessions" && !id) {
      const portalId = newId("bps");
      const portal: FakePortalSession = {
        id: portalId,
        object: "billing_portal.session",
        url: `https://billing.stripe.test/p/session/${portalId}`,
        customer: existingCustomer(text(params.customer)),
        return_url: text(params.return_url) ?? null,
      };
      state.portalSessions.push(portal);
      return portal;
    }
    if (resource === "subscriptions" && id && (method === "GET" || method === "POST")) {
      const subscription = state.subscriptions.get(id);
      if (!subscription) throw missing("subscription", id);
      const trialEnd = text(params.trial_end);
      if (method === "POST" && trialEnd !== undefined) {
        if (subscription.status === "canceled") {
          throw new StripeFailure(
            400,
            "invalid_request_error",
            "A canceled subscription can only update its cancellation_details and metadata.",
          );
        }
        if (trialEnd !== "now" && !(Number(trialEnd) > now())) {
          throw new StripeFailure(
            400,
            "invalid_request_error",
            "Invalid timestamp: must be an integer Unix timestamp in the future.",
            "parameter_invalid_integer",
            "trial_end",
          );
        }
        const item = subscription.items.data[0]!;
        // "now" ends the trial: the renewal is charged and a new period starts (30 days in this fake).
        subscription.status = trialEnd === "now" ? "active" : "trialing";
        subscription.trial_end = trialEnd === "now" ? now() : Number(trialEnd);
        if (trialEnd === "now") item.current_period_start = now();
        item.current_period_end = trialEnd === "now" ? now() + 30 * 24 * 3600 : Number(trialEnd);
      }
      const cancel = text(params.cancel_at_period_end);
      if (method === "POST" && cancel !== undefined) subscription.cancel_at_period_end = cancel === "true";
      if (method === "POST") Object.assign(subscription.metadata, strings(params.metadata));
      return subscription;
    }
    if (method === "DELETE" && resource === "subscriptions" && id) {
      const subscription = state.subscriptions.get(id);
      if (!subscription) throw missing("subscription", id);
      if (subscription.status === "canceled") {
        throw new StripeFailure(
          400,
          "invalid_request_error",
          "A canceled subscription can only update its cancellation_details and metadata.",
        );
      }
      subscription.status = "canceled";
      return subscription;
    }
    if (method === "GET" && resource === "invoices" && !id) {
      const limit = Math.min(Math.max(Number(text(params.limit) ?? 10), 1), 100);
      const matching = state.invoices
        .filter((invoice) => !params.customer || invoice.customer === text(params.customer))
        .reverse()
        .sort((a, b) => b.created - a.created);
      return {
        object: "list",
        data: matching.slice(0, limit),
        has_more: matching.length > limit,
        url: "/v1/invoices",
      };
    }
    if (method === "GET" && resource === "invoices" && id) {
      const invoice = state.invoices.find((candidate) => candidate.id === id);
      if (!invoice) throw missing("invoice", id);
      return expanded(invoice, params);
    }
    if (method === "GET" && resource === "invoice_payments" && !id) {
      const matching = state.invoicePayments.filter(
        (payment) =>
          (!params.invoice || payment.invoice === text(params.invoice)) &&
          (!params.status || payment.status === text(params.status)),
      );
      return expanded(
        { object: "list", data: matching, has_more: false, url: "/v1/invoice_payments" },
        params,
      );
    }
    if (method === "GET" && resource === "payment_intents" && id) {
      const intent = state.paymentIntents.get(id);
      if (!intent) throw missing("payment_intent", id);
      return expanded(intent, params);
    }
    if (method === "GET" && resource === "charges" && id) {
      const charge = state.charges.get(id);
      if (!charge) throw missing("charge", id);
      return expanded(charge, params);
    }
    if (method === "GET" && resource === "events" && id) {
      const event = state.events.get(id);
      if (!event) throw missing("event", id);
      return event;
    }
    throw new StripeFailure(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  };

  const handle = (request: IncomingMessage, raw: string, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake-stripe");
    const method = request.method ?? "GET";
    const params = decodeForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : raw);
    const idempotencyKey = request.headers["idempotency-key"]?.toString();
    state.requestCount++;
    state.requests.push({ method, path: url.pathname, params, idempotencyKey });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": newId("req"),
        ...headers,
      });
      response.end(JSON.stringify(body));
    };
    const fail = (failure: StripeFailure, headers: Record<string, string> = {}) => {
      const { type, message, code, param } = failure;
      send(
        failure.status,
        { error: { type, message, ...(code && { code }), ...(param && { param }) } },
        headers,
      );
    };

    if (pendingFailures.count > 0) {
      pendingFailures.count--;
      return fail(
        new StripeFailure(pendingFailures.status, errorTypeFor(pendingFailures.status), "Injected failure"),
      );
    }
    if (options.failureRate && random() < options.failureRate) {
      // Marked final so the SDK does not retry it: the failure reaches our handler as a failed delivery.
      return fail(new StripeFailure(500, "api_error", "Injected random failure"), {
        "stripe-should-retry": "false",
      });
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return fail(new StripeFailure(401, "invalid_request_error", "Invalid API Key provided"));
    }
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const previous = idempotencyKey && method === "POST" ? replays.get(idempotencyKey) : undefined;
    if (previous && previous.fingerprint !== fingerprint) {
      const message =
        "Keys for idempotent requests can only be used with the same parameters they were first used with.";
      return fail(new StripeFailure(400, "idempotency_error", message));
    }
    if (previous) return send(previous.status, previous.body, { "idempotent-replayed": "true" });

    let status = 200;
    let body: unknown;
    try {
      body = route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      const { type, message, code, param } = error;
      status = error.status;
      body = { error: { type, message, ...(code && { code }), ...(param && { param }) } };
    }
    if (idempotencyKey && method === "POST") replays.set(idempotencyKey, { fingerprint, status, body });
    send(status, body);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handle(request, Buffer.concat(chunks).toString("utf8"), response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,

    /** Creates or replaces a subscription with one item on `priceId`. */
    putSubscription(input: {
      id?: string;
      customer: string;
      status: string;
      priceId: string;
      currentPeriodEnd: number;
      cancelAtPeriodEnd?: boolean;
    }): FakeSubscription {
      const id = input.id ?? newId("sub");
      const subscription: FakeSubscription = {
        id,
        object: "subscription",
        customer: input.customer,
        status: input.status,
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        metadata: state.subscriptions.get(id)?.metadata ?? {},
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              current_period_start: input.currentPeriodEnd - 30 * 24 * 3600,
              current_period_end: input.currentPeriodEnd,
              price: { id: input.priceId, object: "price" },
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`,
        },
      };
      state.subscriptions.set(id, subscription);
      return subscription;
    },

    /**
     * Adds an invoice (`id` to name it). A paid one with an amount and a `payment` gets an invoice payment: a
     * payment intent whose charge carries the card's fingerprint, or (`via: "charge"`) a charge alone.
     */
    addInvoice(input: {
      id?: string;
      customer: string;
      subscription: string | null;
      amountPaid: number;
      amountDue?: number;
      status: string;
      created?: number;
      payment?: { cardFingerprint: string | null; via?: "payment_intent" | "charge" };
    }): FakeInvoice {
      const id = input.id ?? newId("in");
      const created = input.created ?? now();
      const paid = input.status === "paid";
      if (paid && input.amountPaid > 0 && input.payment) {
        const via = input.payment.via ?? "payment_intent";
        const charge: FakeCharge = {
          id: newId("ch"),
          object: "charge",
          amount: input.amountPaid,
          amount_refunded: 0,
          currency: "usd",
          customer: input.customer,
          payment_intent: null,
          disputed: false,
          refunded: false,
          payment_method_details: { type: "card", card: { fingerprint: input.payment.cardFingerprint } },
        };
        if (via === "payment_intent") {
          const intent: FakePaymentIntent = {
            id: newId("pi"),
            object: "payment_intent",
            amount: input.amountPaid,
            customer: input.customer,
            status: "succeeded",
            latest_charge: charge.id,
          };
          charge.payment_intent = intent.id;
          state.paymentIntents.set(intent.id, intent);
        }
        state.charges.set(charge.id, charge);
        state.invoicePayments.push({
          id: newId("inpay"),
          object: "invoice_payment",
          invoice: id,
          amount_paid: input.amountPaid,
          currency: "usd",
          is_default: true,
          status: "paid",
          payment: charge.payment_intent
            ? { type: "payment_intent", payment_intent: charge.payment_intent }
            : { type: "charge", charge: charge.id },
        });
      }
      const invoice: FakeInvoice = {
        id,
        object: "invoice",
        number: `FAKE-${String(state.invoices.length + 1).padStart(4, "0")}`,
        customer: input.customer,
        subscription: input.subscription,
        amount_paid: input.amountPaid,
        amount_due: input.amountDue ?? input.amountPaid,
        currency: "usd",
        status: input.status,
        created,
        hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
        parent: input.subscription
          ? { type: "subscription_details", subscription_details: { subscription: input.subscription } }
          : null,
        status_transitions: { paid_at: paid ? created : null },
      };
      state.invoices.push(invoice);
      return invoice;
    },

    /** Builds and stores an event (retrievable at GET /v1/events/:id); sign `JSON.stringify` of it to deliver it. */
    event<T extends object>(type: string, object: T): FakeEvent<T> {
      const event: FakeEvent<T> = {
        id: newId("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        type,
        data: { object },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
      state.events.set(event.id, event);
      return event;
    },

    /** The next `count` requests answer `status` with a Stripe error body, before any other check. */
    failNextRequests(count: number, status = 500) {
      pendingFailures = { count, status };
    },

    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signStripePayload } from "../integrations/payments/provider";
import type { RegisteredRoute } from "./attack-surface";
import { createTestApp, type TestApp, type TestBrowser, testDrivers } from "./harness";
import {
  type Account,
  browserFor,
  prepare,
  routeKey,
  rowsOwnedBy,
  seedWorld,
  send,
  serverRoutes,
  type ValidRequest,
  type World,
  webhookPayload,
} from "./seed-two-users";

/**
 * Issue 6, item 1: who may call what. Each route is called with a valid request by four actors (the owner of
 * the objects in the path, another user, an administrator and a signed-out visitor) and answered as the access
 * it declares (`app.routeGuards`, enforced by plugins/route-guards.ts) promises. The table below is this test's
 * own expectation for every route: a route it does not list, or whose declaration differs, fails. Requests of
 * everyone but the owner must leave the owner's rows exactly as they were.
 */
type Access =
  /** Anyone, signed in or not (no route is refused to a signed-in browser: signing up or in again is allowed). */
  | "public"
  /** The caller's own account or data, no id in the path: 401 signed out, never 403 signed in. */
  | "user"
  /** An `:id` of an object of a user: the owner succeeds, anyone else gets 404 (not 403: no existence leak). */
  | "owner"
  /** 401 signed out, 403 PREMIUM_REQUIRED for free users (the other user, the administrator), allowed for the owner. */
  | "premium"
  /** 401 signed out, 403 for users, allowed for administrators. */
  | "admin"
  /** Declared public: the payment provider's deliveries, where the signature decides, cookies do not (unsigned is 400). */
  | "webhook";

const ACCESS: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/openapi.json": "public",
  "GET /api/auth/providers": "public",
  "GET /api/billing/plans": "public",
  "GET /auth": "public",
  "GET /callback": "public",
  "POST /api/signup": "public",
  "POST /api/login": "public",
  "POST /api/auth/logout": "public",
  "POST /api/email-verification/verify": "public",
  "POST /api/email-verification/resend": "public",
  "POST /api/password/forgot": "public",
  "POST /api/password/reset": "public",
  "POST /api/user/email/revert": "public",
  "GET /api/push/vapid-public-key": "public",
  "GET /api/share/oracle/:token": "public",

  "GET /api/user": "user",
  "PATCH /api/user": "user",
  "DELETE /api/user": "user",
  "POST /api/user/messaging-preferences": "user",
  "POST /api/user/onboarding": "user",
  "POST /api/user/password": "user",
  "POST /api/auth/logout-all": "user",
  "POST /api/translate-dream": "user",
  "POST /api/dreams": "user",
  "GET /api/dreams": "user",
  "GET /api/dreams/symbols": "user",
  "GET /api/dreams/export": "user",
  "POST /api/dreams/import": "user",
  "GET /api/personal-symbols": "user",
  "POST /api/personal-symbols": "user",
  "POST /api/missing-symbols": "user",
  "GET /api/billing/subscription": "user",
  "GET /api/billing/invoices": "user",
  "POST /api/billing/checkout": "user",
  "POST /api/billing/portal": "user",
  "POST /api/billing/subscription/cancel": "user",
  "POST /api/billing/subscription/resume": "user",
  "POST /api/billing/sandbox/retry-payment": "user",
  "GET /api/reminders": "user",
  "PUT /api/reminders/:kind": "user",
  "PUT /api/reminders/quiet-hours": "user",
  "POST /api/push/subscribe": "user",
  "DELETE /api/push/subscribe": "user",
  "GET /api/oracle/places": "user",
  "GET /api/oracle/profile": "user",
  "PUT /api/oracle/profile": "user",
  "POST /api/oracle/consultations": "user",
  "GET /api/oracle/consultations": "user",
  "GET /api/referrals/rewards/pending": "user",
  "POST /api/referrals/rewards/dismiss": "user",
  "POST /api/referrals/signup": "user",
  "POST /api/referrals/premium-upgrade": "user",
  "GET /api/referrals": "user",
  "POST /api/affiliates/apply": "user",
  "GET /api/affiliates/me": "user",
  "GET /api/affiliates/me/commissions.csv": "user",
  "GET /api/announcements/active": "user",
  "POST /api/announcements/:id/read": "user",

  "GET /api/dreams/:id": "owner",
  "GET /api/dreams/imports/:id": "owner",
  "PATCH /api/dreams/:id": "owner",
  "DELETE /api/dreams/:id": "owner",
  "PATCH /api/personal-symbols/:id": "owner",
  "DELETE /api/personal-symbols/:id": "owner",
  "GET /api/billing/sandbox/sessions/:id": "owner",
  "POST /api/billing/sandbox/sessions/:id/pay": "owner",
  "GET /api/oracle/consultations/:id": "owner",
  "GET /api/oracle/consultations/:id/journal": "owner",
  "POST /api/oracle/consultations/:id/journal": "owner",
  "POST /api/oracle/consultations/:id/follow-up": "owner",
  "POST /api/oracle/consultations/:id/share": "owner",
  "DELETE /api/oracle/consultations/:id/share": "owner",
  "POST /api/referrals/rewards/:id/claim": "owner",

  "GET /api/admin/symbols": "admin",
  "POST /api/admin/symbols": "admin",
  "PATCH /api/admin/symbols/:id": "admin",
  "DELETE /api/admin/symbols/:id": "admin",
  "GET /api/admin/missing-symbols": "admin",
  "POST /api/admin/missing-symbols/:id/process": "admin",
  "POST /api/admin/debug-symbols": "admin",
  "GET /api/admin/billing": "admin",
  "POST /api/admin/billing/events/:id/replay": "admin",
  "POST /api/admin/billing/sandbox/subscriptions/:id/advance": "admin",
  "POST /api/admin/billing/sandbox/invoices/:id/refund": "admin",
  "POST /api/admin/billing/sandbox/invoices/:id/dispute": "admin",
  "GET /api/admin/affiliates/applications": "admin",
  "POST /api/admin/affiliates/applications/:id/approve": "admin",
  "POST /api/admin/affiliates/applications/:id/reject": "admin",
  "GET /api/admin/affiliates": "admin",
  "GET /api/admin/affiliates/:userId": "admin",
  "PATCH /api/admin/affiliates/:userId": "admin",
  "POST /api/admin/affiliates/:userId/payouts": "admin",
  "GET /api/admin/announcements": "admin",
  "POST /api/admin/announcements": "admin",
  "PATCH /api/admin/announcements/:id": "admin",
  "DELETE /api/admin/announcements/:id": "admin",

  "POST /api/webhooks/stripe": "webhook",
};

type Actor = "anonymous" | "other" | "admin" | "owner";
type SignedIn = Exclude<Actor, "anonymous">;

/**
 * Where a signed-in actor passes authorization but the use case answers otherwise (the status still proves
 * the request got past authentication: never 401 or 403, and 404 only for another user's object named in the
 * body, answered like a missing one).
 */
const SIGNED_IN_OUTCOME: Record<string, Partial<Record<SignedIn, number>>> = {
  // The owner is premium already: a second checkout is a conflict.
  "POST /api/billing/checkout": { owner: 409 },
  // Only the owner has a subscription to cancel or resume.
  "POST /api/billing/subscription/cancel": { other: 409, admin: 409 },
  "POST /api/billing/subscription/resume": { other: 409, admin: 409 },
  // Nobody has a failed renewal to pay again.
  "POST /api/billing/sandbox/retry-payment": { owner: 409, other: 409, admin: 409 },
  // The sample endpoint was subscribed last by the owner (POST runs before DELETE, the owner last): another
  // user's DELETE of it is answered like an unknown endpoint, and changes nothing.
  "DELETE /api/push/subscribe": { other: 404, admin: 404 },
  // The owner has subscribed, so it is too late to name a referrer; the others never subscribed.
  "POST /api/referrals/signup": { owner: 409 },
  // The subscription named is the owner's: anyone else is answered as for a missing one.
  "POST /api/referrals/premium-upgrade": { other: 404, admin: 404 },
};

/** Ids no object has: another user's answer for the owner's object must be exactly this answer. */
const MISSING_ID = "2147483647";
/** The same for the random text ids of oracle consultations (22 base64url characters). */
const MISSING_TEXT_ID = "MissingConsultation000";

const ERROR_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
};

type Expectation = { status: number } | { range: [number, number] };

function expected(access: Access, key: string, actor: Actor): Expectation {
  const success: Expectation = { range: [200, 299] };
  switch (access) {
    case "public":
      return { range: [200, 399] };
    case "webhook":
      return { status: 400 };
    case "user": {
      if (actor === "anonymous") return { status: 401 };
      const status = SIGNED_IN_OUTCOME[key]?.[actor];
      return status ? { status } : success;
    }
    case "owner":
      if (actor === "anonymous") return { status: 401 };
      return actor === "owner" ? success : { status: 404 };
    case "premium":
      if (actor === "anonymous") return { status: 401 };
      return actor === "owner" ? success : { status: 403 };
    case "admin":
      if (actor === "anonymous") return { status: 401 };
      return actor === "admin" ? success : { status: 403 };
  }
}

function describeExpectation(expectation: Expectation) {
  return "status" in expectation ? String(expectation.status) : expectation.range.join("-");
}

/** What went wrong with one answer, or null when it is what the class promises. */
function judge(response: LightMyRequestResponse, expectation: Expectation): string | null {
  const status = response.statusCode;
  const ok =
    "status" in expectation
      ? status === expectation.status
      : status >= expectation.range[0] && status <= expectation.range[1];
  if (!ok)
    return `answered ${status}, expected ${describeExpectation(expectation)}: ${response.body.slice(0, 160)}`;
  const code = ERROR_CODES[status];
  if (code && response.json().code !== code) return `answered ${status} with code ${response.json().code}`;
  return null;
}

/** The account-deleting route runs last: the owner's account is gone afterwards. */
const LAST = "DELETE /api/user";

describe.each(testDrivers)("authorization matrix on %s", (driver) => {
  let t: TestApp;
  let world: World;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    // Hundreds of requests from a few accounts: per-IP and per-account throttles have their own suite.
    // Push endpoints are not resolved (the sample endpoint is https://example.com/, and tests have no DNS).
    t = await createTestApp(driver, { env: { RATE_LIMITS: "off", PUSH_ALLOW_PRIVATE_ENDPOINTS: "on" } });
    world = await seedWorld(t);
    routes = serverRoutes(world);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const accountOf = (actor: Actor): Account | null => (actor === "anonymous" ? null : world[actor]);
  /** The route's rule as the server enforces it; the webhook is the public route whose signature decides. */
  const declaredAccess = (key: string): Access | undefined => {
    const access = world.t.app.routeGuards.get(key)?.access;
    return access === "public" && ACCESS[key] === "webhook" ? "webhook" : access;
  };

  it("classifies every route the app registers, and only those", () => {
    const registered = new Set(routes.map(routeKey));
    const unclassified = [...registered].filter((key) => !(key in ACCESS));
    const stale = Object.keys(ACCESS).filter((key) => !registered.has(key));
    expect(unclassified, `routes missing from the authorization table: ${unclassified.join(", ")}`).toEqual(
      [],
    );
    expect(stale, `table entries for routes that no longer exist: ${stale.join(", ")}`).toEqual([]);
    const undeclared = [...registered].filter((key) => !world.t.app.routeGuards.has(key));
    expect(undeclared, `routes that declare no access: ${undeclared.join(", ")}`).toEqual([]);
    // The web app's files are the only routes left out: every /api route is in, the webhook included.
    expect([...registered]).toContain("POST /api/webhooks/stripe");
    expect(routes.filter((route) => route.path.startsWith("/api/")).length).toBeGreaterThan(40);
  });

  it("agrees with the access each route declares, which the server enforces", () => {
    const disagreeing = routes
      .map(routeKey)
      .filter((key) => declaredAccess(key) !== ACCESS[key])
      .map((key) => `${key}: table ${ACCESS[key]}, declared ${world.t.app.routeGuards.get(key)?.access}`);
    expect(disagreeing).toEqual([]);
  });

  it("refuses an unsigned webhook for everyone, and accepts the same delivery signed (so the 400 is the signature)", async () => {
    const route = { method: "POST", path: "/api/webhooks/stripe" };
    const payload = webhookPayload(world);
    const unsigned = await send(world, route, { url: route.path, raw: payload }, world.admin);
    expect(unsigned.statusCode).toBe(400);
    const forged = await send(
      world,
      route,
      {
        url: route.path,
        raw: payload,
        headers: { "stripe-signature": signStripePayload(payload, "whsec_guess") },
      },
      null,
    );
    expect(forged.statusCode).toBe(400);
    const signature = signStripePayload(payload, t.config.billing.sandboxWebhookSecret);
    const signed = await send(
      world,
      route,
      { url: route.path, raw: payload, headers: { "stripe-signature": signature } },
      null,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    // The event's body claimed "canceled"; the state is read from the provider, so the owner stays premium.
    const state = await send(world, { method: "GET" }, { url: "/api/billing/subscription" }, world.owner);
    expect(state.json()).toMatchObject({ isPremium: true, subscription: { status: "active" } });
  });

  it("answers each actor as the route's class promises, and only the owner changes the owner's rows", async () => {
    const ordered = [
      ...routes.filter((route) => routeKey(route) !== LAST),
      ...routes.filter((route) => routeKey(route) === LAST),
    ].filter((route) => declaredAccess(routeKey(route)) !== undefined);
    const unexpected: string[] = [];
    let requests = 0;
    let probes = 0;

    for (const route of ordered) {
      const key = routeKey(route);
      const access = declaredAccess(key)!;
      const request = await prepare(world, route);
      // Everyone but the owner first (administrators too, except on admin routes where the owner is the
      // outsider): none of them may change a single row of the owner's.
      const outsiders: Actor[] =
        access === "admin" ? ["anonymous", "other", "owner"] : ["anonymous", "other", "admin"];
      const insider: Actor = access === "admin" ? "admin" : "owner";

      // Sessions first: the owner's own session (an outsider on admin routes) is not a change by anyone.
      const browsers = new Map<Actor, TestBrowser>();
      for (const actor of [...outsiders, insider])
        browsers.set(actor, await browserFor(world, accountOf(actor)));
      const before = await rowsOwnedBy(world, world.owner.userId);
      const answers = new Map<Actor, { request: ValidRequest; response: LightMyRequestResponse }>();
      for (const actor of [...outsiders, insider]) {
        if (actor === insider) {
          const after = await rowsOwnedBy(world, world.owner.userId);
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            const changed = Object.keys(after).filter(
              (table) => JSON.stringify(after[table]) !== JSON.stringify(before[table]),
            );
            unexpected.push(`${key}: ${outsiders.join("/")} changed the owner's ${changed.join(", ")}`);
          }
        }
        const valid = await request(accountOf(actor));
        const response = await send(world, route, valid, browsers.get(actor)!);
        requests++;
        answers.set(actor, { request: valid, response });
        const problem = judge(response, expected(access, key, actor));
        if (problem) unexpected.push(`${key} as ${actor}: ${problem}`);
      }

      // Another user cannot tell the owner's object from one that does not exist.
      if (access === "owner") {
        const asOther = answers.get("other")!;
        const missingUrl = asOther.request.url.replace(
          /\/(\d+|cs_sandbox_[0-9a-f]+|[A-Za-z0-9_-]{22})(?=\/|$)/,
          (_, id: string) => `/${/^\d+$|^cs_sandbox_/.test(id) ? MISSING_ID : MISSING_TEXT_ID}`,
        );
        if (missingUrl === asOther.request.url) unexpected.push(`${key}: no id to replace in ${missingUrl}`);
        const missing = await send(world, route, { ...asOther.request, url: missingUrl }, world.other);
        if (missing.statusCode === 404 && missing.body === asOther.response.body) probes++;
        else {
          unexpected.push(
            `${key}: another user's object answers ${asOther.response.statusCode} ${asOther.response.body}, a missing one ${missing.statusCode} ${missing.body}`,
          );
        }
      }
    }

    console.info(
      `[trust] authorization matrix: ${ordered.length} routes x 4 actors = ${requests} requests, ${unexpected.length} unexpected`,
    );
    console.info(
      `[trust] authorization matrix: ${probes} owned-object routes answer another user exactly as for a missing id`,
    );
    expect(unexpected).toEqual([]);
    expect(requests).toBe(ordered.length * 4);
  }, 180_000);
});

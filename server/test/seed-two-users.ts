import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { and, desc, eq, getTableColumns, gt, is } from "drizzle-orm";
import { type PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { LightMyRequestResponse } from "fastify";
import { sandboxCards } from "../../contract/billing";
import { JOURNAL_FORMAT } from "../../contract/dreams";
import * as schema from "../db/schema/index";
import { grantAdmin } from "../modules/accounts/grant-admin";
import { createSession } from "../modules/accounts/sessions";
import { SESSION_COOKIE } from "../plugins/request-context";
import { webDistDir } from "../plugins/web-app";
import { inputRoutes, type RegisteredRoute, registeredRoutes, sampleObject, urlFor } from "./attack-surface";
import { linkIn, TEST_ORIGIN, type TestApp, TestBrowser } from "./harness";
import { waitForImport } from "./journal-imports";
import { affiliateWithDueCommission, claimableReward, pendingApplication } from "./referral-fixtures";

/**
 * A small world for the authorization suites, seeded through the real API: an owner with a dream, a personal
 * symbol, a missing-symbol report, a paid sandbox subscription and an open checkout session; another user and
 * an administrator (both with a payment customer, so the billing routes answer them too); and a valid request
 * for every route, so a refusal can only come from the authorization under test.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const PASSWORD = "correct horse battery 9";
export const DREAM = "I was swimming in a calm sea with a friendly dolphin beside me.";
export const ORACLE_CHALLENGE =
  "I keep doubting every decision at work and I feel anxious whenever my manager asks to talk.";

export interface Account {
  userId: number;
  username: string;
  email: string;
  password: string;
}

export interface World {
  t: TestApp;
  owner: Account;
  other: Account;
  admin: Account;
  /** The account a signed-out caller signs in to (login is public). */
  visitor: Account;
  /** The owner's objects, the targets of every `:id` route. */
  ids: {
    dream: number;
    personalSymbol: number;
    /** An open sandbox checkout session of the owner (the owner is premium through an earlier one). */
    checkoutSession: string;
    subscription: string;
    customer: string;
    /** A payment event the sandbox recorded for the owner's subscription. */
    event: string;
    /** A symbol an administrator added. */
    adminSymbol: number;
    /** A journal import of the owner's, finished. */
    dreamImport: number;
  };
  /** Every session token handed out so far (here and in answers' Set-Cookie): secrets for the exposure scan. */
  sessionTokens: Set<string>;
}

let uniqueCounter = 0;
/** Names no earlier request used (usernames allow letters, digits, dot, dash and underscore). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${++uniqueCounter}`;

/** The session cookies of every answer are remembered: the exposure scan looks for them everywhere. */
export function rememberSessions(world: Pick<World, "sessionTokens">, response: LightMyRequestResponse) {
  for (const cookie of response.cookies as Array<{ name: string; value: string }>) {
    if (cookie.name === SESSION_COOKIE && cookie.value) world.sessionTokens.add(cookie.value);
  }
}

/** A browser holding a brand-new session of the account (a separate session per request, as on separate devices). */
export async function signedIn(world: Pick<World, "t" | "sessionTokens">, account: Account) {
  const { t } = world;
  const { token } = await createSession({ db: t.db, config: t.config, clock: t.clock }, account.userId, {});
  world.sessionTokens.add(token);
  const browser = t.browser();
  browser.cookies.set(SESSION_COOKIE, token);
  return browser;
}

/** The first mail to `address` captured after `before` mails, waiting briefly for delivery. */
export async function mailAfter(t: TestApp, address: string, before: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = t.smtp.mails.slice(before).find((candidate) => candidate.to.includes(address.toLowerCase()));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const verificationTokenIn = (mail: Parameters<typeof linkIn>[0]) =>
  linkIn(mail, `${TEST_ORIGIN}/verify-email?token=`).searchParams.get("token")!;
export const resetTokenIn = (mail: Parameters<typeof linkIn>[0]) =>
  linkIn(mail, `${TEST_ORIGIN}/reset-password?token=`).searchParams.get("token")!;

/** Signs up through the API; the account stays unverified. Answers the token of its verification mail. */
export async function signUpPending(t: TestApp, prefix: string) {
  const username = unique(prefix);
  const email = `${username}@example.com`;
  const before = t.smtp.mails.length;
  const response = await t.browser().post("/api/signup", { username, email, password: PASSWORD });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const verificationToken = verificationTokenIn(await mailAfter(t, email, before));
  const account: Account = { userId: response.json().user.id, username, email, password: PASSWORD };
  return { account, verificationToken };
}

/** Signs up and verifies through the mailed link, like a person would. */
export async function signUpVerifiedAccount(t: TestApp, prefix: string): Promise<Account> {
  const { account, verificationToken } = await signUpPending(t, prefix);
  const verified = await t.browser().post("/api/email-verification/verify", { token: verificationToken });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return account;
}

async function expectOk(response: LightMyRequestResponse, what: string) {
  if (response.statusCode >= 300)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
  return response;
}

async function checkout(world: Pick<World, "t" | "sessionTokens">, account: Account) {
  const browser = await signedIn(world, account);
  const started = await expectOk(
    await browser.post("/api/billing/checkout", { plan: "monthly" }),
    "checkout",
  );
  const session = new URL(started.json().url, TEST_ORIGIN).searchParams.get("session")!;
  if (!session.startsWith("cs_sandbox_")) throw new Error(`unexpected checkout url ${started.json().url}`);
  return session;
}

export const adminSymbolBody = (key: string) => ({
  key,
  name: `Symbol ${key}`,
  nameEs: `Símbolo ${key}`,
  category: "object",
  description: "A test symbol added by an administrator.",
  descriptionEs: "Un símbolo de prueba añadido por un administrador.",
  variations: [key.replace(/_/g, " ")],
});

export async function seedWorld(t: TestApp): Promise<World> {
  const partial = { t, sessionTokens: new Set<string>() };
  const [owner, other, admin, visitor] = [
    await signUpVerifiedAccount(t, "owner"),
    await signUpVerifiedAccount(t, "other"),
    await signUpVerifiedAccount(t, "admin"),
    await signUpVerifiedAccount(t, "visitor"),
  ];
  // As `npm run admin:create` does.
  if (!(await grantAdmin(t.db, admin.username))) throw new Error("grantAdmin failed");

  const asOwner = () => signedIn(partial, owner);
  const dream = await expectOk(
    await (await asOwner()).post("/api/dreams", { content: DREAM, title: "Owner's dream" }),
    "save dream",
  );
  const symbol = await expectOk(
    await (await asOwner()).post("/api/personal-symbols", { name: "Owner's red bicycle" }),
    "personal symbol",
  );
  await expectOk(
    await (await asOwner()).post("/api/missing-symbols", { symbol: unique("ownerword") }),
    "missing symbol",
  );

  // Two checkouts while still free: the first is paid (premium), the second stays open.
  const paid = await checkout(partial, owner);
  const open = await checkout(partial, owner);
  const pay = await (await asOwner()).post(`/api/billing/sandbox/sessions/${paid}/pay`, {
    cardNumber: sandboxCards.succeeds,
  });
  if (pay.json().outcome !== "succeeded") throw new Error(`payment failed: ${pay.body}`);
  const [subscription] = await t.db
    .select()
    .from(schema.sandboxSubscriptions)
    .where(eq(schema.sandboxSubscriptions.userId, owner.userId));
  const [event] = await t.db.select().from(schema.sandboxEvents).limit(1);
  // The other user and the administrator become payment customers without paying.
  await checkout(partial, other);
  await checkout(partial, admin);

  const adminSymbol = await expectOk(
    await (await signedIn(partial, admin)).post(
      "/api/admin/symbols",
      adminSymbolBody(unique("seeded_").toLowerCase()),
    ),
    "admin symbol",
  );

  const importer = await asOwner();
  const started = await expectOk(
    await importer.post("/api/dreams/import", exportedJournal()),
    "journal import",
  );
  const dreamImport = (await waitForImport(importer, started.json().importId)).id;

  return {
    ...partial,
    owner,
    other,
    admin,
    visitor,
    ids: {
      dream: dream.json().dream.id,
      personalSymbol: symbol.json().id,
      checkoutSession: open,
      subscription: subscription!.id,
      customer: subscription!.customerId,
      event: event!.id,
      adminSymbol: adminSymbol.json().id,
      dreamImport,
    },
  };
}

// --- The routes under test ----------------------------------------------------------------------------

/** True for the files of the built web app (served by the web-app plugin, not by a server route). */
function isWebAppFile(routePath: string): boolean {
  const file = path.join(webDistDir, routePath);
  return file.startsWith(webDistDir) && existsSync(file) && statSync(file).isFile();
}

/** Every method + path the app serves itself: HEAD duplicates and the web app's static files left out. */
export function serverRoutes(world: Pick<World, "t">): RegisteredRoute[] {
  return registeredRoutes(world.t.app).filter(
    (route) => route.method !== "HEAD" && route.method !== "OPTIONS" && !isWebAppFile(route.path),
  );
}

export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

// --- A valid request for every route ------------------------------------------------------------------

export interface ValidRequest {
  url: string;
  body?: unknown;
  /** Raw payload instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string | undefined>;
}

/** Prepared once per route (shared objects), then asked once per caller (null: signed out). */
type Prepared = (caller: Account | null) => ValidRequest | Promise<ValidRequest>;
type Fixture = (world: World) => Prepared | Promise<Prepared>;

const just =
  (url: string, body?: unknown): Fixture =>
  () =>
  () => ({ url, body });

/** A fresh dream of the owner, for a route that may change or delete it. */
async function ownerDream(world: World) {
  const response = await (await signedIn(world, world.owner)).post("/api/dreams", { content: DREAM });
  return (await expectOk(response, "save dream")).json().dream.id as number;
}

async function ownerSymbol(world: World) {
  const response = await (await signedIn(world, world.owner)).post("/api/personal-symbols", {
    name: unique("Owner symbol "),
  });
  return (await expectOk(response, "personal symbol")).json().id as number;
}

async function ownerReport(world: World) {
  const word = unique("ownerreport");
  await expectOk(
    await (await signedIn(world, world.owner)).post("/api/missing-symbols", { symbol: word }),
    "missing symbol",
  );
  const [row] = await world.t.db
    .select()
    .from(schema.missingSymbols)
    .where(eq(schema.missingSymbols.symbol, word));
  return row!.id;
}

/** An active announcement, created by the administrator through the API. */
async function adminAnnouncement(world: World) {
  const response = await (await signedIn(world, world.admin)).post("/api/admin/announcements", {
    title: unique("Announcement "),
    message: "Seeded for the authorization suites.",
  });
  return (await expectOk(response, "announcement")).json().id as number;
}

/** A complete oracle consultation of the owner (premium, so never refused), shared when asked. */
async function ownerConsultation(world: World, options: { shared?: boolean } = {}) {
  const browser = await signedIn(world, world.owner);
  const started = await expectOk(
    await browser.post("/api/oracle/consultations", { challenge: ORACLE_CHALLENGE }),
    "oracle consultation",
  );
  await world.t.app.background.idle();
  const id = started.json().id as string;
  if (!options.shared) return { id, token: null };
  const shared = await expectOk(await browser.post(`/api/oracle/consultations/${id}/share`), "share");
  return { id, token: (shared.json().sharePath as string).split("/").at(-1)! };
}

const exportedJournal = () => ({
  format: JOURNAL_FORMAT,
  version: 1,
  exportedAt: new Date().toISOString(),
  dreams: [
    {
      title: unique("Imported dream "),
      content: DREAM,
      translation: null,
      category: null,
      tags: ["imported"],
      createdAt: new Date().toISOString(),
    },
  ],
});

/** An event about the owner's subscription, as Stripe would post it (signature added by the caller, or not). */
export const webhookPayload = (world: World) =>
  JSON.stringify({
    id: unique("evt_probe_"),
    object: "event",
    type: "customer.subscription.updated",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: world.ids.subscription,
        object: "subscription",
        customer: world.ids.customer,
        status: "canceled",
      },
    },
  });

/** A charged invoice of the owner's sandbox subscription: a paid renewal, made now. */
async function ownerPaidInvoice(world: World): Promise<string> {
  const admin = await signedIn(world, world.admin);
  await expectOk(
    await (await signedIn(world, world.owner)).post("/api/billing/subscription/resume"),
    "resume",
  );
  await expectOk(
    await admin.post(`/api/admin/billing/sandbox/subscriptions/${world.ids.subscription}/advance`, {
      renewal: "paid",
    }),
    "paid renewal",
  );
  const [invoice] = await world.t.db
    .select({ id: schema.sandboxInvoices.id })
    .from(schema.sandboxInvoices)
    .where(
      and(
        eq(schema.sandboxInvoices.subscriptionId, world.ids.subscription),
        gt(schema.sandboxInvoices.amountCents, 0),
      ),
    )
    .orderBy(desc(schema.sandboxInvoices.createdAt))
    .limit(1);
  return invoice!.id;
}

export const fixtures: Record<string, Fixture> = {
  // Public
  "GET /api/health": just("/api/health"),
  "GET /api/openapi.json": just("/api/openapi.json"),
  "GET /api/auth/providers": just("/api/auth/providers"),
  "GET /api/billing/plans": just("/api/billing/plans"),
  "GET /api/share/oracle/:token": async (world) => {
    const { token } = await ownerConsultation(world, { shared: true });
    return () => ({ url: `/api/share/oracle/${token}` });
  },
  "GET /auth": just("/auth?returnTo=/journal"),
  "GET /callback": just("/callback?code=abc&state=xyz"),
  "POST /api/signup": () => () => {
    const username = unique("newcomer");
    return { url: "/api/signup", body: { username, email: `${username}@example.com`, password: PASSWORD } };
  },
  // Signed in, one signs in to one's own account again; signed out, to the visitor's.
  "POST /api/login": (world) => (caller) => {
    const account = caller ?? world.visitor;
    return { url: "/api/login", body: { username: account.username, password: account.password } };
  },
  "POST /api/auth/logout": just("/api/auth/logout"),
  "POST /api/email-verification/verify": (world) => async () => {
    const { verificationToken } = await signUpPending(world.t, "pending");
    return { url: "/api/email-verification/verify", body: { token: verificationToken } };
  },
  "POST /api/email-verification/resend": async (world) => {
    const { account } = await signUpPending(world.t, "resend");
    return () => ({ url: "/api/email-verification/resend", body: { email: account.email } });
  },
  "POST /api/password/forgot": (world) => () => ({
    url: "/api/password/forgot",
    body: { email: world.visitor.email },
  }),
  // A fresh account and mailed token for each caller: one address gets at most one reset mail a minute.
  "POST /api/password/reset": (world) => async () => {
    const account = await signUpVerifiedAccount(world.t, "resetee");
    const before = world.t.smtp.mails.length;
    await expectOk(
      await world.t.browser().post("/api/password/forgot", { email: account.email }),
      "forgot password",
    );
    const token = resetTokenIn(await mailAfter(world.t, account.email, before));
    return { url: "/api/password/reset", body: { token, password: PASSWORD } };
  },

  // A fresh revert link for each caller (a revert ends the account's sessions): an account moves to another
  // address, and the address it left gets the link.
  "POST /api/user/email/revert": (world) => async () => {
    const account = await signUpVerifiedAccount(world.t, "reverter");
    const browser = await signedIn(world, account);
    const before = world.t.smtp.mails.length;
    await expectOk(
      await browser.request("PATCH", "/api/user", {
        email: `${unique("moved")}@example.com`,
        currentPassword: account.password,
      }),
      "email change",
    );
    const mail = await mailAfter(world.t, account.email, before);
    const token = linkIn(mail, `${TEST_ORIGIN}/email-revert?token=`).searchParams.get("token")!;
    return { url: "/api/user/email/revert", body: { token } };
  },

  // The caller's own account and data
  "GET /api/user": just("/api/user"),
  "PATCH /api/user": just("/api/user", { timezone: "Europe/Madrid" }),
  "DELETE /api/user": () => (caller) => ({
    url: "/api/user",
    body: { password: caller?.password ?? PASSWORD },
  }),
  "POST /api/user/messaging-preferences": just("/api/user/messaging-preferences", {
    emailNotifications: true,
    pushNotifications: false,
  }),
  "POST /api/user/onboarding": just("/api/user/onboarding", { step: "welcome" }),
  "POST /api/user/password": () => (caller) => ({
    url: "/api/user/password",
    body: { currentPassword: caller?.password ?? PASSWORD, newPassword: caller?.password ?? PASSWORD },
  }),
  "POST /api/auth/logout-all": just("/api/auth/logout-all"),
  "POST /api/translate-dream": just("/api/translate-dream", { content: DREAM }),
  "POST /api/dreams": just("/api/dreams", { content: DREAM, title: "A saved dream" }),
  "GET /api/dreams": just("/api/dreams?limit=5"),
  "GET /api/dreams/symbols": just("/api/dreams/symbols"),
  "GET /api/dreams/export": just("/api/dreams/export?format=json"),
  "POST /api/dreams/import": () => () => ({ url: "/api/dreams/import", body: exportedJournal() }),
  "GET /api/personal-symbols": just("/api/personal-symbols"),
  "POST /api/personal-symbols": () => () => ({
    url: "/api/personal-symbols",
    body: { name: unique("Symbol "), description: "Mine" },
  }),
  "POST /api/missing-symbols": () => () => ({
    url: "/api/missing-symbols",
    body: { symbol: unique("missingword") },
  }),
  "GET /api/billing/subscription": just("/api/billing/subscription"),
  "GET /api/billing/invoices": just("/api/billing/invoices"),
  "POST /api/billing/checkout": just("/api/billing/checkout", { plan: "monthly" }),
  "POST /api/billing/portal": just("/api/billing/portal"),
  "POST /api/billing/subscription/cancel": just("/api/billing/subscription/cancel"),
  "POST /api/billing/subscription/resume": just("/api/billing/subscription/resume"),
  "POST /api/billing/sandbox/retry-payment": just("/api/billing/sandbox/retry-payment", {
    cardNumber: sandboxCards.succeeds,
  }),
  "GET /api/reminders": just("/api/reminders"),
  "PUT /api/reminders/:kind": just("/api/reminders/dream-recall", { enabled: true, localTime: "07:30" }),
  "PUT /api/reminders/quiet-hours": just("/api/reminders/quiet-hours", {
    quietHours: { start: "22:00", end: "07:00" },
  }),
  "GET /api/oracle/places": just("/api/oracle/places?q=Londres&lang=es&limit=3"),
  "GET /api/referrals/rewards/pending": just("/api/referrals/rewards/pending"),
  "POST /api/referrals/rewards/dismiss": just("/api/referrals/rewards/dismiss", { hours: 24 }),
  // Late attribution to the visitor's code, for the caller only (the body must name the caller).
  "POST /api/referrals/signup": async (world) => {
    const [visitor] = await world.t.db
      .select({ code: schema.users.referralCode })
      .from(schema.users)
      .where(eq(schema.users.id, world.visitor.userId));
    return (caller) => ({
      url: "/api/referrals/signup",
      body: { refereeId: caller?.userId ?? world.other.userId, referralCode: visitor!.code! },
    });
  },
  "POST /api/referrals/premium-upgrade": (world) => () => ({
    url: "/api/referrals/premium-upgrade",
    body: { stripeSubscriptionId: world.ids.subscription },
  }),
  "GET /api/referrals": just("/api/referrals?limit=5"),
  "POST /api/affiliates/apply": just("/api/affiliates/apply", {
    website: "https://dreams.example.com",
    audience: "Readers of a blog about lucid dreaming and sleep.",
    channels: ["blog", "newsletter"],
    payoutEmail: "payouts@example.com",
    acceptTerms: true,
  }),
  "GET /api/affiliates/me": just("/api/affiliates/me"),
  "GET /api/affiliates/me/commissions.csv": just("/api/affiliates/me/commissions.csv"),
  "GET /api/announcements/active": just("/api/announcements/active"),
  // Each caller marks the same announcement read, for themselves only.
  "POST /api/announcements/:id/read": async (world) => {
    const id = await adminAnnouncement(world);
    return () => ({ url: `/api/announcements/${id}/read` });
  },
  "GET /api/oracle/profile": just("/api/oracle/profile"),
  "PUT /api/oracle/profile": just("/api/oracle/profile", {
    birthDate: "1990-07-24",
    birthTime: "14:30",
    birthLocation: "Nueva York",
    dailyPracticeMinutes: 20,
  }),
  "POST /api/oracle/consultations": just("/api/oracle/consultations", { challenge: ORACLE_CHALLENGE }),
  "GET /api/oracle/consultations": just("/api/oracle/consultations?limit=5"),

  // Objects of the owner (an `:id` in the path)
  "GET /api/dreams/:id": (world) => () => ({ url: `/api/dreams/${world.ids.dream}` }),
  "GET /api/dreams/imports/:id": (world) => () => ({ url: `/api/dreams/imports/${world.ids.dreamImport}` }),
  "PATCH /api/dreams/:id": async (world) => {
    const id = await ownerDream(world);
    return () => ({ url: `/api/dreams/${id}`, body: { title: "Edited title", tags: ["edited"] } });
  },
  "DELETE /api/dreams/:id": async (world) => {
    const id = await ownerDream(world);
    return () => ({ url: `/api/dreams/${id}` });
  },
  "PATCH /api/personal-symbols/:id": (world) => () => ({
    url: `/api/personal-symbols/${world.ids.personalSymbol}`,
    body: { frequency: 7, personalContext: "edited" },
  }),
  "DELETE /api/personal-symbols/:id": async (world) => {
    const id = await ownerSymbol(world);
    return () => ({ url: `/api/personal-symbols/${id}` });
  },
  "GET /api/oracle/consultations/:id": async (world) => {
    const { id } = await ownerConsultation(world);
    return () => ({ url: `/api/oracle/consultations/${id}` });
  },
  "GET /api/oracle/consultations/:id/journal": async (world) => {
    const { id } = await ownerConsultation(world);
    return () => ({ url: `/api/oracle/consultations/${id}/journal` });
  },
  "POST /api/oracle/consultations/:id/journal": async (world) => {
    const { id } = await ownerConsultation(world);
    return () => ({
      url: `/api/oracle/consultations/${id}/journal`,
      body: { journalEntry: "I took three slow breaths before the meeting.", exerciseImplemented: true },
    });
  },
  // Past day 10 with one entry: the follow-up is open.
  "POST /api/oracle/consultations/:id/follow-up": async (world) => {
    const { id } = await ownerConsultation(world);
    await expectOk(
      await (await signedIn(world, world.owner)).post(`/api/oracle/consultations/${id}/journal`, {
        journalEntry: "Practised once.",
        exerciseImplemented: true,
      }),
      "journal entry",
    );
    await world.t.db
      .update(schema.oracleConsultations)
      .set({ createdAt: new Date(world.t.clock.now().getTime() - 11 * 24 * 60 * 60 * 1000) })
      .where(eq(schema.oracleConsultations.id, id));
    return () => ({ url: `/api/oracle/consultations/${id}/follow-up` });
  },
  "POST /api/oracle/consultations/:id/share": async (world) => {
    const { id } = await ownerConsultation(world);
    return () => ({ url: `/api/oracle/consultations/${id}/share` });
  },
  "DELETE /api/oracle/consultations/:id/share": async (world) => {
    const { id } = await ownerConsultation(world, { shared: true });
    return () => ({ url: `/api/oracle/consultations/${id}/share` });
  },
  "POST /api/referrals/rewards/:id/claim": async (world) => {
    const id = await claimableReward(world.t, world.owner.userId);
    return () => ({ url: `/api/referrals/rewards/${id}/claim` });
  },
  "GET /api/billing/sandbox/sessions/:id": (world) => () => ({
    url: `/api/billing/sandbox/sessions/${world.ids.checkoutSession}`,
  }),
  // The "needs a retry" card: its first attempt only counts on the session (an attack would show in the row)
  // and answers processing_error, so the owner does not end up with a second subscription.
  "POST /api/billing/sandbox/sessions/:id/pay": (world) => () => ({
    url: `/api/billing/sandbox/sessions/${world.ids.checkoutSession}/pay`,
    body: { cardNumber: sandboxCards.needsRetry },
  }),

  // Administrators
  "GET /api/admin/symbols": just("/api/admin/symbols?q=snake&limit=5"),
  "POST /api/admin/symbols": () => () => ({
    url: "/api/admin/symbols",
    body: adminSymbolBody(unique("added_").toLowerCase()),
  }),
  "PATCH /api/admin/symbols/:id": (world) => () => ({
    url: `/api/admin/symbols/${world.ids.adminSymbol}`,
    body: { description: "Edited by an administrator." },
  }),
  "DELETE /api/admin/symbols/:id": async (world) => {
    const created = await (await signedIn(world, world.admin)).post(
      "/api/admin/symbols",
      adminSymbolBody(unique("doomed_").toLowerCase()),
    );
    const id = (await expectOk(created, "admin symbol")).json().id as number;
    return () => ({ url: `/api/admin/symbols/${id}` });
  },
  "GET /api/admin/missing-symbols": just("/api/admin/missing-symbols?status=pending"),
  "POST /api/admin/missing-symbols/:id/process": async (world) => {
    const id = await ownerReport(world);
    return () => ({ url: `/api/admin/missing-symbols/${id}/process`, body: { action: "dismiss" } });
  },
  "POST /api/admin/debug-symbols": just("/api/admin/debug-symbols", { text: DREAM }),
  "GET /api/admin/billing": just("/api/admin/billing"),
  "POST /api/admin/billing/events/:id/replay": (world) => () => ({
    url: `/api/admin/billing/events/${world.ids.event}/replay`,
  }),
  // A renewal, paid: the owner stays subscribed (resumed first, so a cancellation cannot end it here).
  "POST /api/admin/billing/sandbox/subscriptions/:id/advance": async (world) => {
    await expectOk(
      await (await signedIn(world, world.owner)).post("/api/billing/subscription/resume"),
      "resume",
    );
    return () => ({
      url: `/api/admin/billing/sandbox/subscriptions/${world.ids.subscription}/advance`,
      body: { renewal: "paid" },
    });
  },

  "POST /api/admin/billing/sandbox/invoices/:id/refund": async (world) => {
    const id = await ownerPaidInvoice(world);
    return () => ({ url: `/api/admin/billing/sandbox/invoices/${id}/refund` });
  },
  "POST /api/admin/billing/sandbox/invoices/:id/dispute": async (world) => {
    const id = await ownerPaidInvoice(world);
    return () => ({ url: `/api/admin/billing/sandbox/invoices/${id}/dispute` });
  },
  "GET /api/admin/affiliates/applications": just("/api/admin/affiliates/applications?status=pending"),
  "POST /api/admin/affiliates/applications/:id/approve": async (world) => {
    const id = await pendingApplication(world.t);
    return () => ({
      url: `/api/admin/affiliates/applications/${id}/approve`,
      body: { notes: "Welcome aboard." },
    });
  },
  "POST /api/admin/affiliates/applications/:id/reject": async (world) => {
    const id = await pendingApplication(world.t);
    return () => ({
      url: `/api/admin/affiliates/applications/${id}/reject`,
      body: { notes: "Not a fit for now." },
    });
  },
  "GET /api/admin/affiliates": just("/api/admin/affiliates?limit=5"),
  "GET /api/admin/affiliates/:userId": async (world) => {
    const id = await affiliateWithDueCommission(world.t);
    return () => ({ url: `/api/admin/affiliates/${id}` });
  },
  "PATCH /api/admin/affiliates/:userId": async (world) => {
    const id = await affiliateWithDueCommission(world.t);
    return () => ({ url: `/api/admin/affiliates/${id}`, body: { tier: "silver" } });
  },
  "POST /api/admin/affiliates/:userId/payouts": async (world) => {
    const id = await affiliateWithDueCommission(world.t);
    return () => ({ url: `/api/admin/affiliates/${id}/payouts`, body: { reference: "BANK-2026-11" } });
  },

  "GET /api/admin/announcements": just("/api/admin/announcements?limit=5"),
  "POST /api/admin/announcements": just("/api/admin/announcements", {
    title: "Scheduled maintenance",
    message: "The journal is read-only tonight from 22:00 UTC.",
    actionText: "Status",
    actionUrl: "https://status.example.com",
  }),
  "PATCH /api/admin/announcements/:id": async (world) => {
    const id = await adminAnnouncement(world);
    return () => ({ url: `/api/admin/announcements/${id}`, body: { priority: "high" } });
  },
  "DELETE /api/admin/announcements/:id": async (world) => {
    const id = await adminAnnouncement(world);
    return () => ({ url: `/api/admin/announcements/${id}` });
  },

  // The payment provider, unsigned (signed deliveries are tested apart).
  "POST /api/webhooks/stripe": (world) => () => ({ url: "/api/webhooks/stripe", raw: webhookPayload(world) }),
};

/** Routes added later without a fixture: the documented body sample and `1` for every parameter. */
function fallbackFixture(world: World, route: RegisteredRoute): Prepared {
  const input = inputRoutes(world.t.app).find((candidate) => routeKey(candidate) === routeKey(route));
  return () => ({ url: urlFor(route.path), body: input?.body ? sampleObject(input.body) : undefined });
}

export async function prepare(world: World, route: RegisteredRoute): Promise<Prepared> {
  const fixture = fixtures[routeKey(route)];
  return fixture ? fixture(world) : fallbackFixture(world, route);
}

/** A browser with a fresh session of the caller, or a signed-out one (null). */
export const browserFor = async (world: World, caller: Account | null): Promise<TestBrowser> =>
  caller ? signedIn(world, caller) : world.t.browser();

/**
 * Sends a prepared request as the caller (a fresh session unless a browser is given) or signed out,
 * remembering any new session.
 */
export async function send(
  world: World,
  route: { method: string },
  request: ValidRequest,
  caller: Account | null | TestBrowser,
  extraBody?: Record<string, unknown>,
) {
  const browser = caller instanceof TestBrowser ? caller : await browserFor(world, caller);
  let body = request.body;
  if (extraBody) {
    body = { ...(request.body && typeof request.body === "object" ? request.body : {}), ...extraBody };
  }
  const response = await browser.request(route.method as Method, request.url, body, {
    raw: extraBody ? undefined : request.raw,
    headers: request.headers,
  });
  rememberSessions(world, response);
  // A journal import answers 202 and goes on in the background: its effects are all there once it is done.
  if (request.url === "/api/dreams/import" && response.statusCode === 202) {
    await waitForImport(browser, response.json().importId);
  }
  // So does an oracle consultation, whose steps write to its row.
  if (request.url === "/api/oracle/consultations" && response.statusCode === 202) {
    await world.t.app.background.idle();
  }
  return response;
}

// --- What belongs to a user -----------------------------------------------------------------------------

const userOwnedTables = Object.entries(schema).flatMap(([name, value]) => {
  if (!is(value, PgTable)) return [];
  const columns: Record<string, PgColumn> = getTableColumns(value);
  return columns.userId ? [{ name, table: value as PgTable, userId: columns.userId }] : [];
});

/** The user's row and every row of every table with a `userId` that points at the user, as JSON. */
export async function rowsOwnedBy(
  world: Pick<World, "t">,
  userId: number,
): Promise<Record<string, string[]>> {
  const { db } = world.t;
  const snapshot: Record<string, string[]> = {};
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  snapshot.users = user ? [JSON.stringify(user)] : [];
  for (const { name, table, userId: column } of userOwnedTables) {
    const rows = await db.select().from(table).where(eq(column, userId));
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

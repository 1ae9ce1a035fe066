import { eq, gt, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../contract/billing";
import type { Database } from "../db/client";
import {
  missingSymbols,
  oracleConsultations,
  processedEvents,
  sandboxInvoices,
  sandboxSubscriptions,
  users,
} from "../db/schema/index";
import { grantAdmin } from "../modules/accounts/grant-admin";
import { isAllowedOrigin } from "../plugins/security";
import {
  inputRoutes,
  type RegisteredRoute,
  sampleObject,
  snapshotTables,
  stateChangingApiRoutes,
  urlFor,
} from "./attack-surface";
import { createTestApp, linkIn, signUpVerified, TEST_ORIGIN, type TestApp, testDrivers } from "./harness";
import { affiliateWithDueCommission, claimableReward, pendingApplication } from "./referral-fixtures";

const EVIL = "https://evil.example";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Forgery {
  label: string;
  headers: Record<string, string | undefined>;
  /** Sent as is instead of the route's JSON body. */
  raw?: string;
  status: 403 | 415;
}

/** What a hostile page can make a browser send: the victim's cookies ride along with every one. */
const forgeries: Forgery[] = [
  { label: "foreign Origin", headers: { origin: EVIL }, status: 403 },
  {
    label: "foreign Origin claiming same-origin",
    headers: { origin: EVIL, "sec-fetch-site": "same-origin" },
    status: 403,
  },
  { label: "Origin: null (sandboxed frame)", headers: { origin: "null" }, status: 403 },
  { label: "no Origin, no Sec-Fetch-Site", headers: { origin: undefined }, status: 403 },
  {
    label: "no Origin, cross-site",
    headers: { origin: undefined, "sec-fetch-site": "cross-site" },
    status: 403,
  },
  {
    label: "no Origin, same-site",
    headers: { origin: undefined, "sec-fetch-site": "same-site" },
    status: 403,
  },
  { label: "no Origin, none", headers: { origin: undefined, "sec-fetch-site": "none" }, status: 403 },
  { label: "look-alike Origin", headers: { origin: `${TEST_ORIGIN}.evil.example` }, status: 403 },
  { label: "text/plain JSON", headers: { "content-type": "text/plain" }, status: 415 },
  {
    label: "text/plain from a form",
    headers: { "content-type": "text/plain;charset=UTF-8" },
    status: 415,
  },
  {
    label: "urlencoded form",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    raw: "username=victim&password=x&email=a%40b.c",
    status: 415,
  },
  {
    label: "multipart form",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    raw: '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nvictim\r\n--x--\r\n',
    status: 415,
  },
  { label: "JSON-looking text without a content type", headers: { "content-type": undefined }, status: 415 },
];

describe.each(testDrivers)("CSRF defence on %s", (driver) => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let victim: Awaited<ReturnType<typeof signUpVerified>>;
  /** Bodies that would change something if the request got through. */
  const armed = new Map<string, unknown>();

  beforeAll(async () => {
    t = await createTestApp(driver);
    routes = stateChangingApiRoutes(t.app);
    victim = await signUpVerified(t, "victim");

    const pending = { username: "pending", email: "pending@example.com", password: "pending words 4242" };
    expect((await t.browser().post("/api/signup", pending)).statusCode).toBe(201);
    const verifyMail = await t.smtp.lastMailTo(pending.email);
    const verifyToken = linkIn(verifyMail, `${TEST_ORIGIN}/verify-email?token=`).searchParams.get("token");
    expect((await t.browser().post("/api/password/forgot", { email: victim.email })).statusCode).toBe(200);
    const resetMail = await t.smtp.lastMailTo(victim.email);
    const resetToken = linkIn(resetMail, `${TEST_ORIGIN}/reset-password?token=`).searchParams.get("token");

    armed.set("POST /api/signup", {
      username: "forged",
      email: "forged@example.com",
      password: "forged account 99",
    });
    armed.set("POST /api/login", { username: "victim", password: victim.password });
    armed.set("POST /api/auth/logout", {});
    armed.set("POST /api/email-verification/verify", { token: verifyToken });
    armed.set("POST /api/email-verification/resend", { email: pending.email });
    armed.set("POST /api/password/forgot", { email: victim.email });
    armed.set("POST /api/password/reset", { token: resetToken, password: "attacker chosen 123" });
    // Routes added later: a body their schema accepts, so only the CSRF check stands in the way.
    for (const route of inputRoutes(t.app)) {
      const key = `${route.method} ${route.path}`;
      if (!armed.has(key)) armed.set(key, route.body ? sampleObject(route.body) : {});
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** A fresh browser (own IP, so no per-IP throttle answers first) holding the victim's cookies. */
  function asVictim(route: RegisteredRoute, url: string, forgery: Forgery) {
    const browser = t.browser();
    for (const [name, value] of victim.browser.cookies) browser.cookies.set(name, value);
    const body = armed.get(`${route.method} ${route.path}`) ?? {};
    return browser.request(route.method as Method, url, undefined, {
      raw: forgery.raw ?? JSON.stringify(body),
      headers: forgery.headers,
    });
  }

  function expectRefused(response: LightMyRequestResponse, label: string, status: number) {
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(status);
    expect(response.json(), label).toEqual(
      status === 403
        ? {
            success: false,
            code: "FORBIDDEN",
            message: "Request refused: it did not come from an allowed origin.",
          }
        : { success: false, code: "UNSUPPORTED_MEDIA_TYPE", message: "Unsupported content type. Send JSON." },
    );
    expect(response.headers["set-cookie"], label).toBeUndefined();
  }

  it("covers every state-changing /api route the app registers", () => {
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        "POST /api/signup",
        "POST /api/login",
        "POST /api/auth/logout",
        "POST /api/email-verification/verify",
        "POST /api/email-verification/resend",
        "POST /api/password/forgot",
        "POST /api/password/reset",
      ]),
    );
  });

  it("refuses forged cross-site requests on every route and changes nothing", async () => {
    const before = await snapshotTables(t.db);
    const mailsBefore = t.smtp.mails.length;
    for (const route of routes) {
      for (const forgery of forgeries) {
        const label = `${route.method} ${route.path} (${forgery.label})`;
        expectRefused(await asVictim(route, urlFor(route.path), forgery), label, forgery.status);
      }
    }
    expect(await snapshotTables(t.db)).toEqual(before);
    expect(t.smtp.mails.length).toBe(mailsBefore);
    // The victim is still signed in, still has the old password, and the pending account is unverified.
    expect((await victim.browser.get("/api/user")).statusCode).toBe(200);
    const [pending] = await t.db.select().from(users).where(eq(users.username, "pending"));
    expect(pending!.emailVerified).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.username, "forged"))).toHaveLength(0);
  }, 60_000);

  it("cannot be dodged by spelling the path differently", async () => {
    const before = await snapshotTables(t.db);
    for (const route of routes) {
      const url = urlFor(route.path);
      const variants = [
        url.replace("/api/", "/%61pi/"),
        url.replace("/api/", "/%61%70%69/"),
        url.replace(/\/([a-z])/g, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`),
        `${url}/`,
        `${url}?next=/api/webhooks/x`,
      ];
      for (const variant of variants) {
        const response = await asVictim(route, variant, forgeries[0]!);
        expect([403, 404], `${route.method} ${variant}: ${response.body.slice(0, 200)}`).toContain(
          response.statusCode,
        );
      }
    }
    expect(await snapshotTables(t.db)).toEqual(before);
    expect((await victim.browser.get("/api/user")).statusCode).toBe(200);
    // However the path is spelled, an /api answer is never cacheable.
    const me = await victim.browser.get("/%61pi/user");
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
  }, 60_000);

  it("lets the same requests through from the app's own pages (so the refusals above were real)", async () => {
    // Order matters: a new reset mail replaces the armed reset token, and reset and logout end sessions.
    const order = [
      "POST /api/signup",
      "POST /api/login",
      "POST /api/email-verification/verify",
      "POST /api/email-verification/resend",
      "POST /api/password/reset",
      "POST /api/password/forgot",
      "POST /api/auth/logout",
    ];
    const [victimBefore] = await t.db.select().from(users).where(eq(users.username, "victim"));
    for (const key of order) {
      const route = routes.find((candidate) => `${candidate.method} ${candidate.path}` === key)!;
      // A same-origin fetch sends Origin; Sec-Fetch-Site: same-origin alone is accepted too.
      const headers = key.endsWith("verify") ? { origin: undefined, "sec-fetch-site": "same-origin" } : {};
      const response = await asVictim(route, urlFor(route.path), { label: "own page", headers, status: 403 });
      expect(response.statusCode, `${key}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
    }
    const [pending] = await t.db.select().from(users).where(eq(users.username, "pending"));
    expect(pending!.emailVerified).toBe(true);
    expect(await t.db.select().from(users).where(eq(users.username, "forged"))).toHaveLength(1);
    const [victimAfter] = await t.db.select().from(users).where(eq(users.username, "victim"));
    expect(victimAfter!.password).not.toBe(victimBefore!.password);
  }, 60_000);

  it("lets safe methods and body-less same-origin POSTs through", async () => {
    expect((await t.browser().get("/api/health", { headers: { origin: EVIL } })).statusCode).toBe(200);
    const logout = await t.browser().post("/api/auth/logout");
    expect(logout.statusCode).toBe(200);
    const jsonNoBody = await t.browser().post("/api/auth/logout", undefined, {
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(jsonNoBody.statusCode).toBe(200);
  });
});

describe.each(testDrivers)("allowed origin patterns on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { APP_ORIGINS: "https://chitta.app,https://*.chitta.app" } });
  });
  afterAll(async () => {
    await t.close();
  });

  const signUpFrom = (origin: string, name: string) =>
    t
      .browser()
      .post(
        "/api/signup",
        { username: name, email: `${name}@example.com`, password: "pattern origin 5150" },
        { headers: { origin } },
      );

  it("accepts the exact origin and its subdomains", async () => {
    expect((await signUpFrom("https://chitta.app", "apex")).statusCode).toBe(201);
    expect((await signUpFrom("https://es.chitta.app", "spanish")).statusCode).toBe(201);
    const logout = await t
      .browser()
      .post("/api/auth/logout", undefined, { headers: { origin: "https://es.chitta.app" } });
    expect(logout.statusCode).toBe(200);
  });

  it("refuses look-alikes, other schemes and the default origins it replaced", async () => {
    const before = await snapshotTables(t.db);
    const refused = [
      "https://chitta.app.evil.com",
      "https://evilchitta.app",
      "https://es.chitta.app.evil.com",
      "http://es.chitta.app",
      "http://chitta.app",
      "https://es.chitta.app:8443",
      TEST_ORIGIN,
    ];
    for (const [index, origin] of refused.entries()) {
      const response = await signUpFrom(origin, `refused${index}`);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().code).toBe("FORBIDDEN");
    }
    expect(await snapshotTables(t.db)).toEqual(before);
  });
});

describe("isAllowedOrigin", () => {
  const allowed = ["https://chitta.app", "https://*.chitta.app", "http://localhost:3000"];

  it.each([
    "https://chitta.app",
    "https://es.chitta.app",
    "https://www.es.chitta.app",
    "http://localhost:3000",
  ])("accepts %s", (origin) => {
    expect(isAllowedOrigin(origin, allowed)).toBe(true);
  });

  it.each([
    "https://chitta.app.evil.com",
    "https://evilchitta.app",
    "https://es.chitta.app.evil.com",
    "https://evil.com/.chitta.app",
    "http://es.chitta.app",
    "https://es.chitta.app:8443",
    "https://chitta.app:443",
    "https://chitta.app/",
    "http://localhost:3001",
    "http://localhost",
    "null",
    "",
  ])("refuses %s", (origin) => {
    expect(isAllowedOrigin(origin, allowed)).toBe(false);
  });

  it("refuses everything when nothing is allowed", () => {
    expect(isAllowedOrigin("https://chitta.app", [])).toBe(false);
  });
});

/** Every row of every table, to prove a refused request wrote nothing anywhere (dreams, symbols, billing…). */
async function snapshotDatabase(db: Database): Promise<Record<string, string[]>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const snapshot: Record<string, string[]> = {};
  for (const { table_name: name } of tables.rows) {
    const rows = (await db.execute(sql`select * from ${sql.identifier(name)}`)) as unknown as {
      rows: unknown[];
    };
    snapshot[name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** The tables whose rows differ between two snapshots. */
function changedTables(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  return Object.keys({ ...before, ...after }).filter(
    (name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
}

/**
 * The four ways a hostile page can try to reach a state-changing route with the victim's cookies, each sent to
 * EVERY state-changing /api route the router lists, with a body that would change the victim's data (dreams,
 * personal symbols, profile, password, subscription, admin lexicon: the victim is an administrator with a paid
 * subscription). The describe block above covers more spellings of each forgery on the account tables; this one
 * adds the GET/HEAD variant, watches every table, and checks the same requests do get past the check from the
 * app's own origin.
 */
describe.each(testDrivers)("CSRF: every state-changing route x 4 variants on %s", (driver) => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let victim: Awaited<ReturnType<typeof signUpVerified>>;
  /** Method + path -> the URL (the victim's own ids filled in) and a body that would change something. */
  const armed = new Map<string, { url: string; body: Record<string, unknown> }>();

  beforeAll(async () => {
    t = await createTestApp(driver);
    routes = stateChangingApiRoutes(t.app);
    victim = await signUpVerified(t, "target");
    await grantAdmin(t.db, "target");
    const { browser } = victim;

    const dream = await browser.post("/api/dreams", {
      content: "I flew over a quiet lake under a full moon.",
    });
    expect(dream.statusCode, dream.body).toBe(201);
    const symbol = await browser.post("/api/personal-symbols", { name: "lantern" });
    expect(symbol.statusCode, symbol.body).toBe(201);
    expect((await browser.post("/api/missing-symbols", { symbol: "zeppelin" })).statusCode).toBe(200);
    const [missing] = await t.db.select().from(missingSymbols);
    const adminSymbol = await browser.post("/api/admin/symbols", {
      key: "csrf_probe",
      name: "Probe",
      nameEs: "Sonda",
      category: "object",
      description: "A probe.",
      descriptionEs: "Una sonda.",
    });
    expect(adminSymbol.statusCode, adminSymbol.body).toBe(201);
    const checkout = await browser.post("/api/billing/checkout", { plan: "monthly" });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = new URL(checkout.json().url, TEST_ORIGIN).searchParams.get("session")!;
    const paid = await browser.post(`/api/billing/sandbox/sessions/${session}/pay`, {
      cardNumber: sandboxCards.succeeds,
    });
    expect(paid.json().outcome).toBe("succeeded");
    const [subscription] = await t.db.select().from(sandboxSubscriptions);
    const [event] = await t.db.select().from(processedEvents);

    const pending = { username: "pending", email: "pending@example.com", password: "pending words 4242" };
    expect((await t.browser().post("/api/signup", pending)).statusCode).toBe(201);
    const verifyMail = await t.smtp.lastMailTo(pending.email);
    const verifyToken = linkIn(verifyMail, `${TEST_ORIGIN}/verify-email?token=`).searchParams.get("token");
    expect((await t.browser().post("/api/password/forgot", { email: victim.email })).statusCode).toBe(200);
    const resetMail = await t.smtp.lastMailTo(victim.email);
    const resetToken = linkIn(resetMail, `${TEST_ORIGIN}/reset-password?token=`).searchParams.get("token");

    // Oracle consultations (the victim is premium by now): one to write today's entry and share, one whose
    // follow-up is open (an entry, then past day 10), one already shared to revoke.
    const consult = async () => {
      const asked = await browser.post("/api/oracle/consultations", {
        challenge: "I keep postponing a hard conversation with my sister about our mother's care.",
      });
      expect(asked.statusCode, asked.body).toBe(202);
      await t.app.background.idle();
      return asked.json().id as string;
    };
    const [practising, followingUp, shared] = [await consult(), await consult(), await consult()];
    const entry = await browser.post(`/api/oracle/consultations/${followingUp}/journal`, {
      journalEntry: "Practised once.",
      exerciseImplemented: true,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    await t.db
      .update(oracleConsultations)
      .set({ createdAt: new Date(t.clock.now().getTime() - 11 * 24 * 60 * 60 * 1000) })
      .where(eq(oracleConsultations.id, followingUp));
    expect((await browser.post(`/api/oracle/consultations/${shared}/share`)).statusCode).toBe(200);

    // Two charged invoices of the victim's (the checkout's, then a paid renewal), a claimable month, two
    // applications to review and an affiliate with a payout due.
    expect(
      (
        await browser.post(`/api/admin/billing/sandbox/subscriptions/${subscription!.id}/advance`, {
          renewal: "paid",
        })
      ).statusCode,
    ).toBe(200);
    const charged = await t.db
      .select({ id: sandboxInvoices.id })
      .from(sandboxInvoices)
      .where(gt(sandboxInvoices.amountCents, 0))
      .orderBy(sandboxInvoices.createdAt);
    const affiliate = String(await affiliateWithDueCommission(t));
    // Three announcements of the victim's (an administrator): one to read, one to edit, one to delete.
    const announcement = async () => {
      const created = await browser.post("/api/admin/announcements", { title: "Probe", message: "A probe." });
      expect(created.statusCode, created.body).toBe(201);
      return String(created.json().id);
    };
    const [unread, edited, doomed] = [await announcement(), await announcement(), await announcement()];

    const ids: Record<string, string> = {
      "/api/admin/billing/sandbox/invoices/:id/refund": charged[0]!.id,
      "/api/admin/billing/sandbox/invoices/:id/dispute": charged[1]!.id,
      "/api/referrals/rewards/:id/claim": String(await claimableReward(t, victim.userId)),
      "/api/admin/affiliates/applications/:id/approve": String(await pendingApplication(t)),
      "/api/admin/affiliates/applications/:id/reject": String(await pendingApplication(t)),
      "/api/admin/affiliates/:userId": affiliate,
      "/api/admin/affiliates/:userId/payouts": affiliate,
      "/api/oracle/consultations/:id/journal": practising,
      "/api/oracle/consultations/:id/share": practising,
      "/api/oracle/consultations/:id/follow-up": followingUp,
      // By method where one path has two verbs: revoking needs a shared reading.
      "DELETE /api/oracle/consultations/:id/share": shared,
      "/api/reminders/:kind": "dream-recall",
      "/api/dreams/:id": String(dream.json().dream.id),
      "/api/personal-symbols/:id": String(symbol.json().id),
      "/api/admin/symbols/:id": String(adminSymbol.json().id),
      "/api/admin/missing-symbols/:id/process": String(missing!.id),
      "/api/billing/sandbox/sessions/:id/pay": session,
      "/api/admin/billing/events/:id/replay": event!.eventId,
      "/api/admin/billing/sandbox/subscriptions/:id/advance": subscription!.id,
      "/api/announcements/:id/read": unread,
      "PATCH /api/admin/announcements/:id": edited,
      "DELETE /api/admin/announcements/:id": doomed,
    };
    const bodies: Record<string, Record<string, unknown>> = {
      "POST /api/signup": { username: "forged", email: "forged@example.com", password: "forged account 99" },
      "POST /api/login": { username: "target", password: victim.password },
      "POST /api/email-verification/verify": { token: verifyToken },
      "POST /api/email-verification/resend": { email: pending.email },
      "POST /api/password/forgot": { email: victim.email },
      "POST /api/password/reset": { token: resetToken, password: "attacker chosen 123" },
      "PATCH /api/user": { username: "hijacked", email: "attacker@example.com" },
      "POST /api/user/messaging-preferences": { emailNotifications: false, pushNotifications: true },
      "POST /api/user/password": { currentPassword: victim.password, newPassword: "attacker chosen 456" },
      "DELETE /api/user": { password: victim.password },
      "POST /api/translate-dream": { content: "A forged dream about a red door in the forest." },
      "POST /api/dreams": { content: "A forged dream about a red door in the forest." },
      "PATCH /api/dreams/:id": { title: "Forged title" },
      "POST /api/personal-symbols": { name: "forged symbol" },
      "PATCH /api/personal-symbols/:id": { name: "forged name" },
      "POST /api/missing-symbols": { symbol: "forgery" },
      "POST /api/admin/symbols": {
        key: "forged_symbol",
        name: "Forged",
        nameEs: "Falso",
        category: "object",
        description: "Forged.",
        descriptionEs: "Falso.",
      },
      "PATCH /api/admin/symbols/:id": { name: "Forged name" },
      "POST /api/admin/missing-symbols/:id/process": { action: "dismiss" },
      "POST /api/billing/checkout": { plan: "yearly" },
      "POST /api/billing/sandbox/sessions/:id/pay": { cardNumber: sandboxCards.succeeds },
      "POST /api/billing/sandbox/retry-payment": { cardNumber: sandboxCards.succeeds },
      "POST /api/admin/billing/sandbox/subscriptions/:id/advance": { renewal: "failed" },
      "PUT /api/oracle/profile": { birthDate: "1990-07-24", birthLocation: "Madrid" },
      "POST /api/affiliates/apply": {
        website: "https://forged.example.com",
        audience: "A forged application sent from another site.",
        channels: ["blog"],
        payoutEmail: "attacker@example.com",
        acceptTerms: true,
      },
      "PATCH /api/admin/affiliates/:userId": { tier: "gold" },
      "POST /api/admin/affiliates/:userId/payouts": { reference: "FORGED" },
      "POST /api/referrals/rewards/dismiss": { hours: 168 },
      "POST /api/admin/announcements": { title: "Forged", message: "Forged." },
      "PATCH /api/admin/announcements/:id": { title: "Forged title" },
      "PUT /api/reminders/:kind": { enabled: true, localTime: "06:45" },
      "PUT /api/reminders/quiet-hours": { quietHours: { start: "22:00", end: "07:00" } },
      "POST /api/oracle/consultations/:id/journal": {
        journalEntry: "A forged entry.",
        exerciseImplemented: true,
      },
    };
    // Routes added later: a body their schema accepts, and ids of 1.
    const schemas = new Map(inputRoutes(t.app).map((route) => [`${route.method} ${route.path}`, route.body]));
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const schema = schemas.get(key);
      armed.set(key, {
        url: route.path.replace(/:[^/]+/g, ids[key] ?? ids[route.path] ?? "1"),
        body: bodies[key] ?? (schema ? sampleObject(schema) : {}),
      });
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** A fresh browser (own IP, so no per-IP throttle answers first) holding the victim's cookies. */
  function withVictimCookies() {
    const browser = t.browser();
    for (const [name, value] of victim.browser.cookies) browser.cookies.set(name, value);
    return browser;
  }

  /** The body's fields as a query string, as a link or an <img> would carry them. */
  function queryOf(body: Record<string, unknown>): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(body)) {
      query.set(name, typeof value === "string" ? value : JSON.stringify(value));
    }
    return query.size > 0 ? `?${query}` : "";
  }

  const ORIGIN_REFUSED = {
    success: false,
    code: "FORBIDDEN",
    message: "Request refused: it did not come from an allowed origin.",
  };
  const MEDIA_REFUSED = {
    success: false,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Unsupported content type. Send JSON.",
  };

  it("refuses every route from a foreign Origin, without Origin or Referer, as text/plain, and as GET/HEAD", async () => {
    const before = await snapshotDatabase(t.db);
    const mailsBefore = t.smtp.mails.length;
    let requests = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const { url, body } = armed.get(key)!;
      const method = route.method as Method;
      const json = JSON.stringify(body);

      const variants: Array<[string, Record<string, string | undefined>, number, object]> = [
        ["foreign Origin", { origin: EVIL }, 403, ORIGIN_REFUSED],
        ["no Origin, no Referer", { origin: undefined, referer: undefined }, 403, ORIGIN_REFUSED],
        ["text/plain from the app's origin", { "content-type": "text/plain" }, 415, MEDIA_REFUSED],
      ];
      for (const [label, headers, status, answer] of variants) {
        const response = await withVictimCookies().request(method, url, undefined, { raw: json, headers });
        requests++;
        expect(response.statusCode, `${key} (${label}): ${response.body.slice(0, 200)}`).toBe(status);
        expect(response.json(), `${key} (${label})`).toEqual(answer);
        expect(response.headers["set-cookie"], `${key} (${label})`).toBeUndefined();
      }

      // The same request as a link would make it: GET (and HEAD) with the body in the query string.
      for (const safeMethod of ["GET", "HEAD"] as const) {
        const browser = withVictimCookies();
        const response = await t.app.inject({
          method: safeMethod,
          url: `${url}${queryOf(body)}`,
          headers: {
            origin: TEST_ORIGIN,
            cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
          },
          remoteAddress: browser.ip,
        });
        requests++;
        const label = `${key} as ${safeMethod}: ${response.body.slice(0, 200)}`;
        // Where no GET shares the path, the router does not know the request; where one does, it only reads.
        if (!t.app.findRoute({ method: "GET", url })) expect(response.statusCode, label).toBe(404);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(response.headers["set-cookie"], label).toBeUndefined();
      }
    }

    const after = await snapshotDatabase(t.db);
    const changed = changedTables(before, after);
    expect(changed).toEqual([]);
    expect(t.smtp.mails.length).toBe(mailsBefore);
    expect(Object.keys(before).length).toBeGreaterThan(10);
    // The victim is still signed in, as who they were.
    const me = await victim.browser.get("/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: "target",
      email: victim.email,
      isAdmin: true,
      isPremium: true,
    });
    expect(requests).toBe(routes.length * 5);
    console.info(
      `[trust] csrf: ${routes.length} routes x 4 variants, ${changed.length} state changes (${driver}, ${requests} requests, ${Object.keys(before).length} tables watched)`,
    );
  }, 60_000);

  it("lets each of those requests past the check from the app's own pages (so the refusals above were real)", async () => {
    // Each request in a fresh session of the victim's, since some end sessions or change the password; the
    // account's deletion goes last, as nothing can be signed in after it.
    const deletesAccount = (route: RegisteredRoute) =>
      route.method === "DELETE" && route.path === "/api/user";
    const order = [...routes].sort((a, b) => Number(deletesAccount(a)) - Number(deletesAccount(b)));
    let password = victim.password;
    let username = "target";
    const changedBy: string[] = [];
    const unchanged: string[] = [];
    for (const route of order) {
      const key = `${route.method} ${route.path}`;
      const { url, body: armedBody } = armed.get(key)!;
      const body = Object.fromEntries(
        Object.entries(armedBody).map(([name, value]) => [
          name,
          value === victim.password ? password : value,
        ]),
      );
      const browser = t.browser();
      const login = await browser.post("/api/login", { username, password });
      expect(login.statusCode, `sign-in before ${key}: ${login.body}`).toBe(200);
      const before = await snapshotDatabase(t.db);
      const response = await browser.request(route.method as Method, url, body);
      // A 204 (revoking a share) has no body to compare.
      if (response.statusCode !== 204) expect(response.json(), key).not.toEqual(ORIGIN_REFUSED);
      expect(response.statusCode, key).not.toBe(415);
      expect(response.statusCode, `${key}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (changedTables(before, await snapshotDatabase(t.db)).length > 0) changedBy.push(key);
      else unchanged.push(`${key} ${response.statusCode}`);
      if (response.statusCode < 300) {
        const chosen = body.newPassword ?? (body.token ? body.password : undefined);
        if (typeof chosen === "string") password = chosen;
        if (route.path === "/api/user" && typeof body.username === "string") username = body.username;
      }
    }
    // Most of the armed requests really write when they come from the app itself (the rest only read, or
    // meet the app's own refusals: a reset link spent by the password change, a plan already paid for).
    expect(changedBy.length).toBeGreaterThan(routes.length / 2);
    console.info(
      `[trust] csrf control: ${changedBy.length} of ${routes.length} routes changed state when sent from the app's own origin (${driver}; unchanged: ${unchanged.join(", ")})`,
    );
  }, 120_000);
});

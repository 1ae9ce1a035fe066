import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index";
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
  });
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
  });

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
  });

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
  });

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

import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { passwordResetTokens, users, verificationTokens } from "../db/schema/index";
import type { RateLimitedRoute } from "../plugins/rate-limit";
import { registeredRoutes, urlFor } from "./attack-surface";
import {
  createTestApp,
  signUpVerified,
  TEST_ORIGIN,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "./harness";

const MINUTE_MS = 60_000;
const FORGED = { "x-forwarded-for": "203.0.113.77" };

const WAIT_A_MOMENT = "Too many requests. Please wait a moment and try again.";
/** A block of half an hour says how long it lasts (no time has passed since it started). */
const HALF_AN_HOUR = "Too many requests. Try again in 30 minutes.";
const SIGNUPS_HALF_AN_HOUR = "Too many sign-up attempts. Try again in 30 minutes.";

/** 429 in the spec's shape, with a Retry-After a client can wait out (whole seconds, within the window). */
function expectThrottled(response: LightMyRequestResponse, windowSeconds: number, message = WAIT_A_MOMENT) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(429);
  expect(response.json()).toEqual({ success: false, code: "TOO_MANY_REQUESTS", message });
  const retryAfter = String(response.headers["retry-after"]);
  expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
}

/** Sends `limit` requests that must all get through (answered `expected`), from whatever browser `next` gives. */
async function underLimit(
  limit: number,
  expected: number,
  send: (attempt: number) => Promise<LightMyRequestResponse>,
) {
  for (let attempt = 1; attempt <= limit; attempt++) {
    const response = await send(attempt);
    expect(response.statusCode, `attempt ${attempt}: ${response.body.slice(0, 200)}`).toBe(expected);
  }
}

describe.each(testDrivers)("throttles on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const wrongLogin = (browser: TestBrowser, headers: Record<string, string> = {}) =>
    browser.post("/api/login", { username: "nobody-at-all", password: "not the password" }, { headers });

  it("allows 10 logins a minute per IP; the 11th is refused, other IPs are not, forged X-Forwarded-For changes nothing", async () => {
    const browser = t.browser();
    await underLimit(10, 401, () => wrongLogin(browser));
    expectThrottled(await wrongLogin(browser), 60);
    // Claiming to be someone else through a proxy header does not reset the count (trustProxy is off)...
    expectThrottled(await wrongLogin(browser, FORGED), 60);
    expectThrottled(await wrongLogin(browser, { "x-forwarded-for": t.browser().ip }), 60);
    // ...nor does spelling the path differently.
    const spelled = await browser.post("/%61pi/login", { username: "nobody-at-all", password: "x" });
    expectThrottled(spelled, 60);
    // Another address is unaffected, even when it names the throttled one in X-Forwarded-For.
    expect((await wrongLogin(t.browser())).statusCode).toBe(401);
    expect((await wrongLogin(t.browser(), { "x-forwarded-for": browser.ip })).statusCode).toBe(401);
  }, 60_000);

  it("locks an account after 25 failed logins in an hour, from any number of IPs, until the hour has passed", async () => {
    const { email, password } = await signUpVerified(t, "target");
    await signUpVerified(t, "bystander");
    // Every attempt from a new address: only the per-account limit can be what answers.
    await underLimit(25, 401, () =>
      t.browser().post("/api/login", { username: "target", password: "guess 1234" }),
    );

    const locked =
      "Too many failed sign-in attempts for this account. Reset your password to sign in right away, or try again later.";
    // The 26th is refused even with the right password, from a fresh IP, by email in other case too.
    expectThrottled(await t.browser().post("/api/login", { username: "target", password }), 3600, locked);
    expectThrottled(
      await t.browser().post("/api/login", { username: email.toUpperCase(), password }),
      3600,
      locked,
    );
    expectThrottled(
      await t.browser().post("/api/login", { username: "target", password: "guess" }),
      3600,
      locked,
    );
    // Other accounts are not affected.
    const bystander = await t
      .browser()
      .post("/api/login", { username: "bystander", password: "correct horse battery 9" });
    expect(bystander.statusCode).toBe(200);

    t.clock.advance(61 * MINUTE_MS);
    const browser = t.browser();
    const login = await browser.post("/api/login", { username: "target", password });
    expect(login.statusCode).toBe(200);
    expect((await browser.get("/api/user")).json()).toMatchObject({ username: "target" });
    // A successful sign-in starts the count afresh.
    expect((await t.browser().post("/api/login", { username: "target", password: "guess" })).statusCode).toBe(
      401,
    );
  }, 60_000);

  it("holds the per-account limit against a burst of parallel guesses from many IPs", async () => {
    const { password } = await signUpVerified(t, "burst");
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.browser().post("/api/login", { username: "burst", password: "guess 1234" }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(25);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect((await t.browser().post("/api/login", { username: "burst", password })).statusCode).toBe(429);
  }, 60_000);

  it("allows 5 sign-ups per 30 minutes per IP", async () => {
    const browser = t.browser();
    const signUp = (from: TestBrowser, name: string, headers: Record<string, string> = {}) =>
      from.post(
        "/api/signup",
        { username: name, email: `${name}@example.com`, password: "signup throttle 77" },
        { headers },
      );
    await underLimit(5, 201, (attempt) => signUp(browser, `flood${attempt}`));
    expectThrottled(await signUp(browser, "flood6"), 30 * 60, SIGNUPS_HALF_AN_HOUR);
    expectThrottled(await signUp(browser, "flood7", FORGED), 30 * 60, SIGNUPS_HALF_AN_HOUR);
    expectThrottled(
      await signUp(browser, "flood8", { "x-language": "es" }),
      30 * 60,
      "Demasiados intentos de registro. Vuelve a intentarlo en 30 minutos.",
    );
    expect(await t.db.select().from(users).where(eq(users.username, "flood6"))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.username, "flood7"))).toHaveLength(0);
    expect((await signUp(t.browser(), "elsewhere")).statusCode).toBe(201);
  }, 60_000);

  it("allows 5 password-reset requests per IP and address per 30 minutes; other requesters are not refused", async () => {
    const { email, userId } = await signUpVerified(t, "forgetful");
    const tokens = async () =>
      (await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))).length;
    const asker = t.browser();
    // Case and spaces do not make a new address.
    const spellings = [email, email.toUpperCase(), ` ${email} `, email, `Forgetful@Example.com`];
    await underLimit(5, 200, (attempt) =>
      asker.post("/api/password/forgot", { email: spellings[attempt - 1] }),
    );
    expectThrottled(await asker.post("/api/password/forgot", { email }), 30 * 60, HALF_AN_HOUR);
    expectThrottled(
      await asker.post("/api/password/forgot", { email: email.toUpperCase() }),
      30 * 60,
      HALF_AN_HOUR,
    );
    // Within a minute one link is mailed: the newest mail always holds a working one.
    await t.app.background.idle();
    expect(await tokens()).toBe(1);

    // The same IP for another address, and another IP for this one, are still answered...
    expect((await asker.post("/api/password/forgot", { email: "someone-else@example.com" })).statusCode).toBe(
      200,
    );
    t.clock.advance(2 * MINUTE_MS);
    expect((await t.browser().post("/api/password/forgot", { email })).statusCode).toBe(200);
    await t.app.background.idle();
    expect(await tokens()).toBe(2);
    // ...and this requester once the window has passed.
    t.clock.advance(29 * MINUTE_MS);
    expect((await asker.post("/api/password/forgot", { email })).statusCode).toBe(200);
    await t.app.background.idle();
    expect(await tokens()).toBe(3);
    expect((await t.smtp.lastMailTo(email)).subject).toBe("Reset your CHITTA password");
  }, 60_000);

  it("holds the per-requester mail limits, and one link a minute per address, against parallel requests", async () => {
    const { email, userId } = await signUpVerified(t, "parallel");
    const asker = t.browser();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => asker.post("/api/password/forgot", { email })),
    );
    expect(answers.filter((response) => response.statusCode === 200).length).toBe(5);
    expect(answers.filter((response) => response.statusCode === 429).length).toBe(10);
    // A burst from many IPs at once still mails one link.
    await Promise.all(Array.from({ length: 10 }, () => t.browser().post("/api/password/forgot", { email })));
    await t.app.background.idle();
    const tokens = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId));
    expect(tokens).toHaveLength(1);
  }, 60_000);

  it("allows 10 password-reset requests per 30 minutes per IP, for any addresses", async () => {
    const browser = t.browser();
    const forgot = (from: TestBrowser, n: number, headers: Record<string, string> = {}) =>
      from.post("/api/password/forgot", { email: `ip-forgot-${n}@example.com` }, { headers });
    await underLimit(10, 200, (attempt) => forgot(browser, attempt));
    expectThrottled(await forgot(browser, 11), 30 * 60, HALF_AN_HOUR);
    // Two minutes later the same block has 28 minutes left, and says so.
    t.clock.advance(2 * MINUTE_MS);
    expectThrottled(
      await forgot(browser, 12, FORGED),
      30 * 60,
      "Too many requests. Try again in 28 minutes.",
    );
    expect((await forgot(t.browser(), 13)).statusCode).toBe(200);
  }, 60_000);

  it("resends the verification mail for an address 5 times per IP per 30 minutes, one link a minute", async () => {
    const email = "unverified@example.com";
    const signup = await t
      .browser()
      .post("/api/signup", { username: "unverified", email, password: "unverified pass 31" });
    expect(signup.statusCode).toBe(201);
    const userId = signup.json().user.id as number;
    const tokens = async () =>
      (await t.db.select().from(verificationTokens).where(eq(verificationTokens.userId, userId))).length;
    expect(await tokens()).toBe(1);

    const asker = t.browser();
    const resend = (address: string) => asker.post("/api/email-verification/resend", { email: address });
    t.clock.advance(2 * MINUTE_MS);
    await underLimit(5, 200, (attempt) => resend(attempt % 2 ? email : email.toUpperCase()));
    expectThrottled(await resend(email), 30 * 60, HALF_AN_HOUR);
    await t.app.background.idle();
    expect(await tokens()).toBe(2);
    expect((await resend("other-unverified@example.com")).statusCode).toBe(200);
    t.clock.advance(31 * MINUTE_MS);
    expect((await resend(email)).statusCode).toBe(200);
    await t.app.background.idle();
    expect(await tokens()).toBe(3);
  }, 60_000);

  it("allows 10 verification resends per 30 minutes per IP", async () => {
    const browser = t.browser();
    const resend = (from: TestBrowser, n: number, headers: Record<string, string> = {}) =>
      from.post("/api/email-verification/resend", { email: `ip-resend-${n}@example.com` }, { headers });
    await underLimit(10, 200, (attempt) => resend(browser, attempt));
    expectThrottled(await resend(browser, 11), 30 * 60, HALF_AN_HOUR);
    expectThrottled(await resend(browser, 12, FORGED), 30 * 60, HALF_AN_HOUR);
    expect((await resend(t.browser(), 13)).statusCode).toBe(200);
  }, 60_000);

  it("allows 20 verification attempts and 10 password resets a minute per IP", async () => {
    const browser = t.browser();
    const token = "not-a-real-token-at-all";
    await underLimit(20, 400, () => browser.post("/api/email-verification/verify", { token }));
    expectThrottled(await browser.post("/api/email-verification/verify", { token }), 60);
    expect((await t.browser().post("/api/email-verification/verify", { token })).statusCode).toBe(400);

    const reset = (from: TestBrowser) =>
      from.post("/api/password/reset", { token, password: "a fresh password 8" });
    await underLimit(10, 400, () => reset(browser));
    expectThrottled(await reset(browser), 60);
    expect((await reset(t.browser())).statusCode).toBe(400);
  }, 60_000);
});

/**
 * Every per-IP limit the app declares (`config.rateLimit`, collected by the rate-limit plugin as routes register):
 * the list comes from the running app, so a limit added later is tested without an edit here. The tests above
 * prove the same for a few routes with real requests, and the database-kept limits (failed logins per account,
 * reset and verification requests per requester) which are not route config; this block proves every route's limit
 * with a request that reaches the limiter and nothing else: a body that is not JSON stops at the parser (400),
 * and the limited GETs only read.
 */
describe.each(testDrivers)("every declared rate limit on %s", (driver) => {
  let t: TestApp;
  /**
   * The route limiter's clock is Date.now() (not the injected clock): held still while one limit is tested, so a
   * slow machine cannot move a window, and moved forward to cross a window without waiting.
   */
  let frozenAt: number | undefined;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => frozenAt ?? realNow());
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const FORGED_IDENTITY = {
    "x-forwarded-for": "198.51.100.23, 203.0.113.9",
    "x-real-ip": "198.51.100.24",
    forwarded: "for=198.51.100.25",
  };

  function send(route: RateLimitedRoute, ip: string, headers: Record<string, string> = {}) {
    const body = route.method === "GET" || route.method === "HEAD" ? {} : { payload: "{not json" };
    return t.app.inject({
      method: route.method as "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE",
      url: urlFor(route.url),
      headers: {
        origin: TEST_ORIGIN,
        accept: "application/json",
        "content-type": "application/json",
        ...headers,
      },
      remoteAddress: ip,
      ...body,
    });
  }

  it("refuses request L+1 of every declared limit with 429 and Retry-After, per IP, until the window passes", async () => {
    const limits = t.app.rateLimitedRoutes;
    const registered = new Set(registeredRoutes(t.app).map((route) => `${route.method} ${route.path}`));
    // The collected list is the router's: every entry is a route the app answers, and the obvious ones are there.
    for (const limit of limits)
      expect(registered, `${limit.method} ${limit.url}`).toContain(`${limit.method} ${limit.url}`);
    expect(limits.map((limit) => `${limit.method} ${limit.url}`)).toEqual(
      expect.arrayContaining(["POST /api/login", "POST /api/signup", "POST /api/password/forgot"]),
    );

    // Every route counts on its own budget. The large default limits (120 or 600 a minute, on every route
    // without one of its own) are shown to apply on each route by its header, and run through to L+1 on the
    // first route of each size, so the suite does not send them thousands of times over.
    const runThrough = new Set<string>();
    let fullRuns = 0;
    for (const limit of limits) {
      const label = `${limit.method} ${limit.url} (${limit.max} per ${limit.timeWindowMs / 1000}s)`;
      expect(Number.isInteger(limit.max) && limit.max > 0, label).toBe(true);
      expect(Number.isFinite(limit.timeWindowMs) && limit.timeWindowMs > 0, label).toBe(true);
      const windowSeconds = Math.ceil(limit.timeWindowMs / 1000);
      const ip = t.browser().ip;
      const start = Date.now();
      frozenAt = start;

      const first = await send(limit, ip);
      expect(first.statusCode, `${label}: ${first.body.slice(0, 200)}`).not.toBe(429);
      expect(first.headers["x-ratelimit-limit"], label).toBe(String(limit.max));
      const size = `${limit.max}/${limit.timeWindowMs}`;
      if (limit.max > 100 && runThrough.has(size)) {
        frozenAt = undefined;
        continue;
      }
      runThrough.add(size);
      fullRuns++;
      for (let attempt = 2; attempt <= limit.max; attempt++) {
        expect((await send(limit, ip)).statusCode, `${label} attempt ${attempt}`).toBe(first.statusCode);
      }

      const refused = await send(limit, ip);
      expect(refused.statusCode, `${label} attempt ${limit.max + 1}`).toBe(429);
      // Retry-After is the whole wait, in seconds: no time has passed since the window opened.
      expect(refused.headers["retry-after"], label).toBe(String(windowSeconds));
      if (limit.method !== "HEAD") {
        expect(refused.json(), label).toEqual({
          success: false,
          code: "TOO_MANY_REQUESTS",
          message:
            limit.url === "/api/signup"
              ? SIGNUPS_HALF_AN_HOUR
              : windowSeconds > 60
                ? `Too many requests. Try again in ${windowSeconds / 60} minutes.`
                : WAIT_A_MOMENT,
        });
      }

      // Claiming another address through proxy headers does not reset the count (TRUST_PROXY is off)...
      expect((await send(limit, ip, FORGED_IDENTITY)).statusCode, `${label} forged`).toBe(429);
      // ...and another real address is not locked out, even when it names the throttled one.
      expect((await send(limit, t.browser().ip)).statusCode, `${label} other IP`).toBe(first.statusCode);
      expect(
        (await send(limit, t.browser().ip, { "x-forwarded-for": ip })).statusCode,
        `${label} other IP naming this one`,
      ).toBe(first.statusCode);

      // A second before the window ends the door is still shut, and says so; then the route answers as before.
      frozenAt = start + limit.timeWindowMs - 1_000;
      const late = await send(limit, ip);
      expect(late.statusCode, `${label} before the window ends`).toBe(429);
      expect(late.headers["retry-after"], label).toBe("1");
      frozenAt = start + limit.timeWindowMs;
      expect((await send(limit, ip)).statusCode, `${label} after the window`).toBe(first.statusCode);
      frozenAt = undefined;
    }
    console.info(
      `[trust] throttles: ${limits.length} route limits, all applied; ${fullRuns} run through to 429 with Retry-After at L+1 (${driver})`,
    );
  }, 120_000);
});

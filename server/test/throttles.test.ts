import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, users, verificationTokens } from "../db/schema/index";
import { createTestApp, signUpVerified, type TestApp, type TestBrowser, testDrivers } from "./harness";

const MINUTE_MS = 60_000;
const FORGED = { "x-forwarded-for": "203.0.113.77" };

/** 429 in the spec's shape, with a Retry-After a client can wait out (whole seconds, within the window). */
function expectThrottled(response: LightMyRequestResponse, windowSeconds: number, message?: string) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(429);
  expect(response.json()).toEqual({
    success: false,
    code: "TOO_MANY_REQUESTS",
    message: message ?? "Too many requests. Please wait a moment and try again.",
  });
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
  });
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
  });

  it("locks an account after 25 failed logins in an hour, from any number of IPs, until the hour has passed", async () => {
    const { email, password } = await signUpVerified(t, "target");
    await signUpVerified(t, "bystander");
    // Every attempt from a new address: only the per-account limit can be what answers.
    await underLimit(25, 401, () =>
      t.browser().post("/api/login", { username: "target", password: "guess 1234" }),
    );

    const locked =
      "Too many failed sign-in attempts for this account. Please try again later or reset your password.";
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
  });

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
  });

  it("allows 5 sign-ups per 30 minutes per IP", async () => {
    const browser = t.browser();
    const signUp = (from: TestBrowser, name: string, headers: Record<string, string> = {}) =>
      from.post(
        "/api/signup",
        { username: name, email: `${name}@example.com`, password: "signup throttle 77" },
        { headers },
      );
    await underLimit(5, 201, (attempt) => signUp(browser, `flood${attempt}`));
    expectThrottled(await signUp(browser, "flood6"), 30 * 60);
    expectThrottled(await signUp(browser, "flood7", FORGED), 30 * 60);
    expect(await t.db.select().from(users).where(eq(users.username, "flood6"))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.username, "flood7"))).toHaveLength(0);
    expect((await signUp(t.browser(), "elsewhere")).statusCode).toBe(201);
  });

  it("mails at most 5 password resets per address per 30 minutes, whatever the IPs", async () => {
    const { email, userId } = await signUpVerified(t, "forgetful");
    const tokens = async () =>
      (await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))).length;
    // Case and spaces do not make a new address.
    const spellings = [email, email.toUpperCase(), ` ${email} `, email, `Forgetful@Example.com`];
    await underLimit(5, 200, (attempt) =>
      t.browser().post("/api/password/forgot", { email: spellings[attempt - 1] }),
    );
    expect(await tokens()).toBe(5);

    expectThrottled(await t.browser().post("/api/password/forgot", { email }), 30 * 60);
    expectThrottled(await t.browser().post("/api/password/forgot", { email: email.toUpperCase() }), 30 * 60);
    expect(await tokens()).toBe(5);
    // Another address still works, and so does this one once the window has passed.
    expect(
      (await t.browser().post("/api/password/forgot", { email: "someone-else@example.com" })).statusCode,
    ).toBe(200);
    t.clock.advance(31 * MINUTE_MS);
    expect((await t.browser().post("/api/password/forgot", { email })).statusCode).toBe(200);
    expect(await tokens()).toBe(6);
    expect((await t.smtp.lastMailTo(email)).subject).toBe("Reset your CHITTA password");
  });

  it("holds the per-address mail limits against parallel requests", async () => {
    const { email, userId } = await signUpVerified(t, "parallel");
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => t.browser().post("/api/password/forgot", { email })),
    );
    expect(answers.filter((response) => response.statusCode === 200).length).toBe(5);
    expect(answers.filter((response) => response.statusCode === 429).length).toBe(10);
    const tokens = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId));
    expect(tokens).toHaveLength(5);
  });

  it("allows 5 password-reset requests per 30 minutes per IP, for any addresses", async () => {
    const browser = t.browser();
    const forgot = (from: TestBrowser, n: number, headers: Record<string, string> = {}) =>
      from.post("/api/password/forgot", { email: `ip-forgot-${n}@example.com` }, { headers });
    await underLimit(5, 200, (attempt) => forgot(browser, attempt));
    expectThrottled(await forgot(browser, 6), 30 * 60);
    expectThrottled(await forgot(browser, 7, FORGED), 30 * 60);
    expect((await forgot(t.browser(), 8)).statusCode).toBe(200);
  });

  it("resends the verification mail at most 5 times per address per 30 minutes", async () => {
    const email = "unverified@example.com";
    const signup = await t
      .browser()
      .post("/api/signup", { username: "unverified", email, password: "unverified pass 31" });
    expect(signup.statusCode).toBe(201);
    const userId = signup.json().user.id as number;
    const tokens = async () =>
      (await t.db.select().from(verificationTokens).where(eq(verificationTokens.userId, userId))).length;
    expect(await tokens()).toBe(1);

    await underLimit(5, 200, (attempt) =>
      t
        .browser()
        .post("/api/email-verification/resend", { email: attempt % 2 ? email : email.toUpperCase() }),
    );
    expect(await tokens()).toBe(6);
    expectThrottled(await t.browser().post("/api/email-verification/resend", { email }), 30 * 60);
    expect(await tokens()).toBe(6);
    expect(
      (await t.browser().post("/api/email-verification/resend", { email: "other-unverified@example.com" }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(31 * MINUTE_MS);
    expect((await t.browser().post("/api/email-verification/resend", { email })).statusCode).toBe(200);
    expect(await tokens()).toBe(7);
  });

  it("allows 5 verification resends per 30 minutes per IP", async () => {
    const browser = t.browser();
    const resend = (from: TestBrowser, n: number, headers: Record<string, string> = {}) =>
      from.post("/api/email-verification/resend", { email: `ip-resend-${n}@example.com` }, { headers });
    await underLimit(5, 200, (attempt) => resend(browser, attempt));
    expectThrottled(await resend(browser, 6), 30 * 60);
    expectThrottled(await resend(browser, 7, FORGED), 30 * 60);
    expect((await resend(t.browser(), 8)).statusCode).toBe(200);
  });

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
  });
});

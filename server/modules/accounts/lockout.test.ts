import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens } from "../../db/schema/index";
import { createSmtpMailer, type Mailer } from "../../integrations/email/mailer";
import {
  linkIn,
  signUpVerified,
  TEST_ORIGIN,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";
import { createAppWithProvider, type TestProvider } from "../../test/oidc-provider";

const MINUTE_MS = 60_000;
const LOCKED =
  "Too many failed sign-in attempts for this account. Reset your password to sign in right away, or try again later.";
const FORGOT_ANSWER = "If an account exists for that email, we have sent a link to reset the password.";

/**
 * Strangers can lock an account for browsers it never signed in from, never for the owner's own browser, and a
 * password reset lifts the lock; mailed links are limited per requester, so nobody spends the owner's; the answer
 * to forgot-password and resend is the same, sent before any mail, whether or not the address has an account.
 */
describe.each(testDrivers)("lockouts that cannot be aimed at the owner on %s", (driver) => {
  let t: TestApp;
  let provider: TestProvider;
  /** Mail goes to the in-process SMTP server; a test can hold it back to see the answer come first. */
  let smtp: Mailer;
  let held: Promise<void> | undefined;
  const mailer: Mailer = {
    async send(message) {
      await held;
      await smtp.send(message);
    },
    close: () => smtp.close(),
  };

  beforeAll(async () => {
    ({ t, provider } = await createAppWithProvider(driver, { mailer }));
    smtp = createSmtpMailer(t.smtp.url, t.config.mailFrom);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const login = (browser: TestBrowser, username: string, password: string) =>
    browser.post("/api/login", { username, password });

  /** The same browser (cookies kept) on another network: the per-IP route limit plays no part. */
  const elsewhere = (browser: TestBrowser) => {
    browser.ip = t.browser().ip;
    return browser;
  };

  /** 30 wrong passwords, 10 from each of 3 IPs: the first 25 fail, then the account is locked. */
  async function hammer(username: string) {
    const statuses: number[] = [];
    for (const attacker of [t.browser(), t.browser(), t.browser()]) {
      for (let guess = 0; guess < 10; guess++) {
        statuses.push((await login(attacker, username, `guess number ${guess}`)).statusCode);
      }
    }
    expect(statuses.slice(0, 25).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(25).every((status) => status === 429)).toBe(true);
  }

  function expectLocked(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toMatchObject({ code: "TOO_MANY_REQUESTS", message: LOCKED });
  }

  const mailsTo = (email: string) => t.smtp.mails.filter((mail) => mail.to === email);

  async function resetBy(browser: TestBrowser, email: string, password: string) {
    const link = linkIn(await t.smtp.lastMailTo(email), `${TEST_ORIGIN}/reset-password?token=`);
    const reset = await browser.post("/api/password/reset", {
      token: link.searchParams.get("token"),
      password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
  }

  it("locks the account for other browsers after strangers' guesses, but the owner's browser still signs in", async () => {
    const owner = await signUpVerified(t, "hammered");
    await hammer("hammered");

    // A browser that never signed in to this account is locked out, even with the right password...
    expectLocked(await login(t.browser(), "hammered", owner.password));
    // ...and so is one holding another account's device cookie, or that cookie edited to name this account.
    const stranger = await signUpVerified(t, "stranger");
    expectLocked(await login(stranger.browser, "hammered", owner.password));
    const genuine = decodeURIComponent(stranger.browser.cookies.get("chitta_device")!);
    expect(genuine).toContain(`:${stranger.userId}.`);
    const forged = t.browser();
    forged.cookies.set("chitta_device", encodeURIComponent(genuine.replace(/:\d+\./, `:${owner.userId}.`)));
    expectLocked(await login(forged, "hammered", owner.password));

    // The owner's browser, which signed in before, signs in as usual.
    expect((await owner.browser.post("/api/auth/logout")).statusCode).toBe(200);
    const back = await login(owner.browser, "hammered", owner.password);
    expect(back.statusCode, back.body).toBe(200);
    expect((await owner.browser.get("/api/user")).json()).toMatchObject({ username: "hammered" });
  }, 120_000);

  it("never stops the signed-in owner from confirming their password, and gives each session its own cap", async () => {
    const owner = await signUpVerified(t, "confirmer");
    await hammer("confirmer");
    const change = (currentPassword: string, newPassword: string) =>
      elsewhere(owner.browser).post("/api/user/password", { currentPassword, newPassword });

    // The strangers' lock on signing in does not reach a session that is already open.
    const changed = await change(owner.password, "a brand new secret 51");
    expect(changed.statusCode, changed.body).toBe(200);
    // A stolen session still cannot guess the password: 10 wrong ones an hour, then 429 even for the right one.
    for (let guess = 0; guess < 10; guess++) {
      expect((await change(`wrong guess ${guess}`, "another new secret 52")).statusCode).toBe(422);
    }
    expect((await change("a brand new secret 51", "another new secret 52")).statusCode).toBe(429);
  });

  it("gives the owner's browser a cap of its own: 10 wrong passwords an hour, whatever its networks", async () => {
    const owner = await signUpVerified(t, "laptop");
    for (let guess = 0; guess < 10; guess++) {
      expect((await login(elsewhere(owner.browser), "laptop", `wrong ${guess}`)).statusCode).toBe(401);
    }
    // A stolen laptop cannot guess on...
    expectLocked(await login(elsewhere(owner.browser), "laptop", `wrong 11`));
    expectLocked(await login(elsewhere(owner.browser), "laptop", owner.password));
    // ...and its guesses did not lock the account for the owner's other browsers.
    expect((await login(t.browser(), "laptop", owner.password)).statusCode).toBe(200);
  }, 60_000);

  it("lifts the lock with a password reset: the owner on a new browser signs in at once", async () => {
    const owner = await signUpVerified(t, "resetter");
    await hammer("resetter");
    const newBrowser = t.browser();
    expectLocked(await login(newBrowser, "resetter", owner.password));

    expect((await newBrowser.post("/api/password/forgot", { email: owner.email })).statusCode).toBe(200);
    await resetBy(newBrowser, owner.email, "a fresh start 2024");
    const signedIn = await login(newBrowser, "resetter", "a fresh start 2024");
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  }, 120_000);

  it("signing in with the identity provider marks the browser as the owner's too", async () => {
    const owner = await signUpVerified(t, "linked");
    provider.accounts.set("sub-linked", {
      email: owner.email,
      email_verified: true,
      preferred_username: "x",
    });
    await hammer("linked");
    const phone = t.browser();
    const start = await phone.get("/auth");
    const callback = new URL(await provider.signIn(start.headers.location as string, "sub-linked"));
    expect((await phone.get(`${callback.pathname}${callback.search}`)).headers.location).toBe("/dream-input");
    expect((await phone.post("/api/auth/logout")).statusCode).toBe(200);
    expect((await login(phone, "linked", owner.password)).statusCode).toBe(200);
  }, 120_000);

  it("lets an attacker spend only their own forgot-password budget, never the owner's", async () => {
    const owner = await signUpVerified(t, "targeted");
    const attacker = t.browser();
    for (let request = 1; request <= 5; request++) {
      expect((await attacker.post("/api/password/forgot", { email: owner.email })).statusCode).toBe(200);
    }
    const sixth = await attacker.post("/api/password/forgot", { email: owner.email });
    expect(sixth.statusCode).toBe(429);
    await t.app.background.idle();
    const mailedToAttack = mailsTo(owner.email).length;

    // The owner, from another IP and a browser that never signed in: answered, and a mail arrives.
    t.clock.advance(2 * MINUTE_MS);
    const newBrowser = t.browser();
    expect((await newBrowser.post("/api/password/forgot", { email: owner.email })).statusCode).toBe(200);
    await t.app.background.idle();
    expect(mailsTo(owner.email)).toHaveLength(mailedToAttack + 1);
    // The owner's own browser, even on the attacker's IP, is answered too.
    owner.browser.ip = attacker.ip;
    expect((await owner.browser.post("/api/password/forgot", { email: owner.email })).statusCode).toBe(200);
    // Within a minute of a mail no other is sent: the newest mail's link works.
    await t.app.background.idle();
    expect(mailsTo(owner.email)).toHaveLength(mailedToAttack + 1);
    await resetBy(newBrowser, owner.email, "mine again 2024");
  }, 60_000);

  /** The status, body and headers, minus those that differ from one request to the next anyway. */
  function answerOf(response: LightMyRequestResponse) {
    const { date: _date, "x-request-id": _id, ...headers } = response.headers;
    return { statusCode: response.statusCode, headers, body: response.body };
  }

  it("answers forgot-password alike for a known and an unknown address, before any mail goes", async () => {
    const { email, userId } = await signUpVerified(t, "quiet");
    await t.app.background.idle();
    const before = mailsTo(email).length;
    let release!: () => void;
    held = new Promise((resolve) => {
      release = resolve;
    });
    try {
      // With the mail held back, both answers still come.
      const known = await t.browser().post("/api/password/forgot", { email });
      const unknown = await t.browser().post("/api/password/forgot", { email: "nobody-here@example.com" });
      expect(answerOf(known)).toEqual(answerOf(unknown));
      expect(known.json()).toEqual({ success: true, message: FORGOT_ANSWER });
      expect(mailsTo(email)).toHaveLength(before);
    } finally {
      release();
      held = undefined;
    }
    await t.app.background.idle();
    expect(mailsTo(email)).toHaveLength(before + 1);
    expect(mailsTo("nobody-here@example.com")).toHaveLength(0);
    expect(
      await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    ).toHaveLength(1);
  }, 30_000);

  it("answers a signed-out resend alike for a known and an unknown address, before any mail goes", async () => {
    const email = "not-yet@example.com";
    const signup = await t
      .browser()
      .post("/api/signup", { username: "notyet", email, password: "patient one 77" });
    expect(signup.statusCode).toBe(201);
    await t.app.background.idle();
    t.clock.advance(2 * MINUTE_MS);
    const before = mailsTo(email).length;
    let release!: () => void;
    held = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const known = await t.browser().post("/api/email-verification/resend", { email });
      const unknown = await t
        .browser()
        .post("/api/email-verification/resend", { email: "ghost@example.com" });
      expect(answerOf(known)).toEqual(answerOf(unknown));
      expect(mailsTo(email)).toHaveLength(before);
    } finally {
      release();
      held = undefined;
    }
    await t.app.background.idle();
    expect(mailsTo(email)).toHaveLength(before + 1);
    expect(mailsTo(email).at(-1)!.subject).toBe("Confirm your email for CHITTA");
  }, 30_000);
});

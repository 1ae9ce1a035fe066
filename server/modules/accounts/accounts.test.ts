import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referrals, sessions, users } from "../../db/schema/index";
import { createTestApp, linkIn, signUpVerified, type TestApp, testDrivers } from "../../test/harness";
import { grantAdmin } from "./grant-admin";

describe.each(testDrivers)("accounts on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it("signs up, mails a verification link, and the link verifies the address once", async () => {
    const browser = t.browser();
    const response = await browser.post("/api/signup", {
      username: "luna",
      email: "Luna@Example.com",
      password: "moonlit garden 42",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      requiresVerification: true,
      verificationEmailSent: true,
      nextStep: "EMAIL_VERIFICATION",
      user: { username: "luna", email: "luna@example.com", emailVerified: false, accountStatus: "pending" },
    });
    expect(body.user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(JSON.stringify(body)).not.toMatch(/argon2/i);
    expect(body.user).not.toHaveProperty("password");
    // Signing up does not sign in while verification is required.
    expect((await browser.get("/api/user")).statusCode).toBe(401);

    const mail = await t.smtp.lastMailTo("luna@example.com");
    expect(mail.subject).toBe("Confirm your email for CHITTA");
    const link = linkIn(mail, "http://localhost:3000/verify-email?token=");
    const token = link.searchParams.get("token");
    const verify = await browser.post("/api/email-verification/verify", { token });
    expect(verify.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.username, "luna"));
    expect(row).toMatchObject({ emailVerified: true, accountStatus: "active" });
    expect(row!.password).toMatch(/^\$argon2id\$/);

    const again = await browser.post("/api/email-verification/verify", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: "BAD_REQUEST" });
  });

  it("mails in Spanish to a user who signed up in Spanish", async () => {
    const response = await t
      .browser()
      .post(
        "/api/signup",
        { username: "sol", email: "sol@example.com", password: "girasol amarillo 7" },
        { headers: { "accept-language": "es-MX,es;q=0.9" } },
      );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toContain("Hemos enviado");
    const mail = await t.smtp.lastMailTo("sol@example.com");
    expect(mail.subject).toBe("Confirma tu correo para CHITTA");
  });

  it("refuses a duplicate username or email, whatever the case, with CONFLICT", async () => {
    const base = { password: "another good pass 1" };
    const first = await t
      .browser()
      .post("/api/signup", { ...base, username: "River", email: "river@example.com" });
    expect(first.statusCode).toBe(201);
    const sameName = await t
      .browser()
      .post("/api/signup", { ...base, username: "river", email: "other@example.com" });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      success: false,
      code: "CONFLICT",
      message: "That username is already taken",
      errors: [{ path: "username", message: "That username is already taken" }],
    });
    const sameEmail = await t
      .browser()
      .post("/api/signup", { ...base, username: "brook", email: "RIVER@example.com" });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe("An account with that email already exists");
    expect(await t.db.select().from(users).where(eq(users.username, "brook"))).toHaveLength(0);
  });

  it("refuses short, long and common passwords", async () => {
    const attempt = (password: string) =>
      t.browser().post("/api/signup", { username: "weak", email: "weak@example.com", password });
    const short = await attempt("abc123");
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe("password: String must contain at least 8 character(s)");
    expect((await attempt("x".repeat(129))).statusCode).toBe(422);
    const common = await attempt("password123");
    expect(common.statusCode).toBe(422);
    expect(common.json().message).toMatch(/too common/);
    expect(await t.db.select().from(users).where(eq(users.username, "weak"))).toHaveLength(0);
  });

  it("logs in by username or email, checks the session, and logout kills the cookie server-side", async () => {
    const { browser, email, password, userId } = await signUpVerified(t, "orion");
    const me = await browser.get("/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: userId, username: "orion", emailVerified: true, isPremium: false });
    expect(me.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
    expect(me.headers.pragma).toBe("no-cache");

    const byEmail = await t.browser().post("/api/login", { username: email.toUpperCase(), password });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ success: true, id: userId, message: "Login successful" });
    const cookies = [byEmail.headers["set-cookie"]].flat().map(String);
    const cookie = cookies.find((line) => line.startsWith("chitta_session="))!;
    // The hint cookie tells scripts a session may exist; it carries no secret.
    expect(cookies.find((line) => line.startsWith("chitta_auth_hint="))).toMatch(/^chitta_auth_hint=1;/);
    expect(cookie).toMatch(/chitta_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const stolenCookie = browser.cookies.get("chitta_session")!;
    const logout = await browser.post("/api/auth/logout");
    expect(logout.statusCode).toBe(200);
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    // Replaying the old cookie after logout finds nothing: the session row is gone.
    const replay = t.browser();
    replay.cookies.set("chitta_session", stolenCookie);
    expect((await replay.get("/api/user")).statusCode).toBe(401);
  });

  it("answers a wrong password and an unknown user alike", async () => {
    await signUpVerified(t, "vega");
    const wrong = await t.browser().post("/api/login", { username: "vega", password: "not the password" });
    const unknown = await t
      .browser()
      .post("/api/login", { username: "nobody-here", password: "whatever123" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      success: false,
      code: "UNAUTHORIZED",
      message: "Invalid username or password",
    });
  });

  it("expires sessions after idle time and after the absolute lifetime", async () => {
    const { browser, userId } = await signUpVerified(t, "idle");
    t.clock.advance(t.config.sessionIdleMs - 60_000);
    expect((await browser.get("/api/user")).statusCode).toBe(200);
    t.clock.advance(t.config.sessionIdleMs + 1);
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);

    const login = await t
      .browser()
      .post("/api/login", { username: "idle", password: "correct horse battery 9" });
    const active = t.browser();
    active.cookies.set("chitta_session", login.cookies[0]!.value);
    const dayMs = 24 * 60 * 60 * 1000;
    for (let elapsed = 0; elapsed + dayMs < t.config.sessionAbsoluteMs; elapsed += dayMs) {
      t.clock.advance(dayMs);
      expect((await active.get("/api/user")).statusCode).toBe(200);
    }
    t.clock.advance(dayMs);
    expect((await active.get("/api/user")).statusCode).toBe(401);
  });

  it("resets a forgotten password by mailed link, once, ending every session", async () => {
    const { browser, email } = await signUpVerified(t, "nova");
    const unknown = await t.browser().post("/api/password/forgot", { email: "ghost@example.com" });
    const known = await t.browser().post("/api/password/forgot", { email });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    const mail = await t.smtp.lastMailTo(email);
    expect(mail.subject).toBe("Reset your CHITTA password");
    const token = linkIn(mail, "http://localhost:3000/reset-password?token=").searchParams.get("token");
    const reset = await t.browser().post("/api/password/reset", { token, password: "a brand new secret 5" });
    expect(reset.statusCode).toBe(200);
    expect((await browser.get("/api/user")).statusCode).toBe(401);

    const reused = await t.browser().post("/api/password/reset", { token, password: "yet another secret 6" });
    expect(reused.statusCode).toBe(400);
    expect(
      (await t.browser().post("/api/login", { username: "nova", password: "correct horse battery 9" }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.browser().post("/api/login", { username: "nova", password: "a brand new secret 5" }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses an expired reset link", async () => {
    const { email } = await signUpVerified(t, "expired");
    await t.browser().post("/api/password/forgot", { email });
    const token = linkIn(
      await t.smtp.lastMailTo(email),
      "http://localhost:3000/reset-password",
    ).searchParams.get("token");
    t.clock.advance(61 * 60 * 1000);
    const reset = await t.browser().post("/api/password/reset", { token, password: "too late for this 1" });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe("This link is invalid or has expired. Please request a new one.");
  });

  it("resends the verification mail to a signed-in unverified user", async () => {
    const browser = t.browser();
    await browser.post("/api/signup", {
      username: "pending",
      email: "pending@example.com",
      password: "patience is key 3",
    });
    await browser.post("/api/login", { username: "pending", password: "patience is key 3" });
    const before = t.smtp.mails.filter((mail) => mail.to === "pending@example.com").length;
    const resend = await browser.request("POST", "/api/email-verification/resend", undefined, {
      headers: { "content-type": "application/json" },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe("Verification email sent! Check your inbox.");
    await expect
      .poll(() => t.smtp.mails.filter((mail) => mail.to === "pending@example.com").length)
      .toBe(before + 1);
  });

  it("attributes a sign-up to a valid referral code given as ?ref", async () => {
    const referrer = await signUpVerified(t, "guide");
    const code = (await referrer.browser.get("/api/user")).json().referralCode as string;
    const response = await t.browser().post(`/api/signup?ref=${code.toLowerCase()}`, {
      username: "guided",
      email: "guided@example.com",
      password: "following the guide 8",
    });
    expect(response.statusCode).toBe(201);
    const [guided] = await t.db.select().from(users).where(eq(users.username, "guided"));
    expect(guided!.referredBy).toBe(referrer.userId);
    const rows = await t.db.select().from(referrals).where(eq(referrals.refereeId, guided!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.referrerId).toBe(referrer.userId);

    const bogus = await t.browser().post("/api/signup?ref=NOTACODE", {
      username: "lost",
      email: "lost@example.com",
      password: "wandering alone 12",
    });
    expect(bogus.statusCode).toBe(201);
    const [lost] = await t.db.select().from(users).where(eq(users.username, "lost"));
    expect(lost!.referredBy).toBeNull();
  });

  it("makes an administrator by username or email (npm run admin:create)", async () => {
    const { browser, email } = await signUpVerified(t, "keeper");
    expect((await browser.get("/api/user")).json().isAdmin).toBe(false);
    expect(await grantAdmin(t.db, "no-such-person")).toBeNull();
    expect((await grantAdmin(t.db, email.toUpperCase()))?.isAdmin).toBe(true);
    expect((await browser.get("/api/user")).json().isAdmin).toBe(true);
  });
});

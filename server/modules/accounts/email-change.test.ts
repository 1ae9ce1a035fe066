import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, userIdentities, users } from "../../db/schema/index";
import {
  linkIn,
  signUpVerified,
  TEST_ORIGIN,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";
import { createAppWithProvider, type TestProvider } from "../../test/oidc-provider";
import { mailAfter } from "../../test/seed-two-users";

const PASSWORD = "correct horse battery 9";
const DREAM = "I dreamt of a red door in the forest, and behind it my grandmother's kitchen.";
const TOKEN_INVALID = "This link is invalid or has expired. Please request a new one.";

const tokenIn = (mail: Parameters<typeof linkIn>[0], page: string) =>
  linkIn(mail, `${TEST_ORIGIN}/${page}?token=`).searchParams.get("token")!;

describe.each(testDrivers)("email changes on %s", (driver) => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    ({ t, provider } = await createAppWithProvider(driver));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  /** The app's /auth, the provider's pages and back to the app's /callback, in one browser: the callback. */
  async function signInWithProvider(browser: TestBrowser, accountId: string, authPath = "/auth") {
    const start = await browser.get(authPath);
    const callbackUrl = await provider.signIn(start.headers.location as string, accountId);
    return browser.get(`${callbackUrl.pathname}${callbackUrl.search}`);
  }

  /** Asks for a reset link as a signed-out visitor would, and reads it from the inbox. */
  async function resetLinkFor(email: string) {
    const before = t.smtp.mails.length;
    expect((await t.browser().post("/api/password/forgot", { email })).statusCode).toBe(200);
    return tokenIn(await mailAfter(t, email, before), "reset-password");
  }

  it("takeover chain: a reset link, then a move to the victim's address, gives the mover nothing of the victim's", async () => {
    const attacker = await signUpVerified(t, "mallory");
    const saved = await attacker.browser.post("/api/dreams", {
      content: DREAM,
      title: "Mallory's own dream",
    });
    expect(saved.statusCode).toBe(201);
    const resetToken = await resetLinkFor(attacker.email);

    // The move itself is allowed (with the password): the address is only claimed, not proven.
    const victimEmail = "victim.person@example.com";
    const before = t.smtp.mails.length;
    const moved = await attacker.browser.request("PATCH", "/api/user", {
      email: victimEmail,
      currentPassword: attacker.password,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ email: victimEmail, emailVerified: false });
    // What the victim's inbox gets warns rather than welcomes.
    const toVictim = await mailAfter(t, victimEmail, before);
    expect(toVictim.subject).toBe("Confirm the new email address of your CHITTA account");
    expect(toVictim.text).toContain("If you did not ask for this, do not open it");

    // The reset link from the attacker's inbox was for the attacker's address: it no longer opens anything.
    const reset = await t.browser().post("/api/password/reset", {
      token: resetToken,
      password: "attacker chosen 123",
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ success: false, code: "BAD_REQUEST", message: TOKEN_INVALID });
    const account = await attacker.browser.get("/api/user");
    expect(account.json()).toMatchObject({ email: victimEmail, emailVerified: false });
    expect(
      (await t.browser().post("/api/login", { username: "mallory", password: "attacker chosen 123" }))
        .statusCode,
    ).toBe(401);

    // The victim signs in with the identity provider, whose address is verified: never into the attacker's account.
    provider.accounts.set("sub-victim", {
      email: victimEmail,
      email_verified: true,
      preferred_username: "victim",
    });
    const victim = t.browser();
    const callback = await signInWithProvider(victim, "sub-victim");
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/login?error=oidc_account_unverified");
    expect(victim.cookies.has("chitta_session")).toBe(false);
    expect((await victim.get("/api/user")).statusCode).toBe(401);
    expect((await victim.get("/api/dreams")).statusCode).toBe(401);
    expect(
      await t.db.select().from(userIdentities).where(eq(userIdentities.userId, attacker.userId)),
    ).toEqual([]);
    expect(await rowOf(attacker.userId)).toMatchObject({ email: victimEmail, emailVerified: false });
  });

  it("asks for the current password before an email change, and refuses a wrong one as elsewhere", async () => {
    const { browser, userId, password } = await signUpVerified(t, "quill");
    const before = t.smtp.mails.length;

    const missing = await browser.request("PATCH", "/api/user", {
      email: "quill.new@example.com",
      username: "quill2",
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      success: false,
      code: "VALIDATION",
      message: "Enter your current password to change your email address",
      errors: [
        { path: "currentPassword", message: "Enter your current password to change your email address" },
      ],
    });

    const wrong = await browser.request("PATCH", "/api/user", {
      email: "quill.new@example.com",
      currentPassword: "not the password 1",
    });
    const wrongForPassword = await browser.post("/api/user/password", {
      currentPassword: "not the password 1",
      newPassword: "another good password 2",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(wrongForPassword.json());
    expect(wrong.json().errors).toEqual([{ path: "currentPassword", message: "The password is incorrect" }]);

    // Nothing changed, nothing was mailed.
    expect(await rowOf(userId)).toMatchObject({
      email: "quill@example.com",
      username: "quill",
      emailVerified: true,
    });
    expect(t.smtp.mails.length).toBe(before);
    // Other fields still need no password.
    expect((await browser.request("PATCH", "/api/user", { timezone: "Europe/Madrid" })).statusCode).toBe(200);

    const right = await browser.request("PATCH", "/api/user", {
      email: "quill.new@example.com",
      currentPassword: password,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ email: "quill.new@example.com", emailVerified: false });
  });

  it("accounts without a password confirm by a provider sign-in of the last 10 minutes", async () => {
    provider.accounts.set("sub-wren", {
      email: "wren@example.com",
      email_verified: true,
      preferred_username: "wren",
    });
    const browser = t.browser();
    expect((await signInWithProvider(browser, "sub-wren")).headers.location).toBe("/dream-input");
    const { id: userId } = (await browser.get("/api/user")).json();

    t.clock.advance(11 * 60 * 1000);
    const stale = await browser.request("PATCH", "/api/user", {
      email: "wren.new@example.com",
      currentPassword: "anything at all",
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      success: false,
      code: "FORBIDDEN",
      message:
        "Please confirm it is you first: sign in again with Auth0, then make the change within 10 minutes.",
    });
    // Nor can an old session give the account a first password, and pass the password check with it.
    const firstPassword = await browser.post("/api/user/password", { newPassword: "a password of my own 3" });
    expect(firstPassword.statusCode).toBe(403);
    expect(await rowOf(userId)).toMatchObject({ email: "wren@example.com", password: null });

    // Signing in again with the provider, back to the account page, makes the change possible.
    const again = await signInWithProvider(browser, "sub-wren", "/auth?returnTo=%2Faccount");
    expect(again.headers.location).toBe("/account");
    const fresh = await browser.request("PATCH", "/api/user", { email: "wren.new@example.com" });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ id: userId, email: "wren.new@example.com", emailVerified: false });
  });

  it("voids links mailed before a change, tells the old address, and its link puts it back and signs everyone out", async () => {
    const laptop = t.browser();
    const signup = await laptop.post("/api/signup", {
      username: "ember",
      email: "ember@example.com",
      password: PASSWORD,
    });
    expect(signup.statusCode).toBe(201);
    const userId = signup.json().user.id as number;
    const earlyVerification = tokenIn(await t.smtp.lastMailTo("ember@example.com"), "verify-email");
    expect((await laptop.post("/api/login", { username: "ember", password: PASSWORD })).statusCode).toBe(200);
    const phone = t.browser();
    expect((await phone.post("/api/login", { username: "ember", password: PASSWORD })).statusCode).toBe(200);

    const before = t.smtp.mails.length;
    const moved = await laptop.request("PATCH", "/api/user", {
      email: "ember.new@example.com",
      currentPassword: PASSWORD,
    });
    expect(moved.statusCode).toBe(200);

    // The link mailed to the old address before the change confirms nothing now.
    const early = await t.browser().post("/api/email-verification/verify", { token: earlyVerification });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(TOKEN_INVALID);
    expect((await rowOf(userId)).emailVerified).toBe(false);

    const notice = await mailAfter(t, "ember@example.com", before);
    expect(notice.subject).toBe("The email address of your CHITTA account was changed");
    expect(notice.text).toContain("changed to em***@example.com");
    expect(notice.text).not.toContain("ember.new");
    const revertToken = tokenIn(notice, "email-revert");
    const newVerification = tokenIn(await mailAfter(t, "ember.new@example.com", before), "verify-email");

    const reverted = await t.browser().post("/api/user/email/revert", { token: revertToken });
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json()).toEqual({
      success: true,
      message:
        "Your email address is back to ember@example.com. We signed out every session and removed the password, in case someone else knew it: choose a new one to sign in again.",
    });
    expect(await rowOf(userId)).toMatchObject({
      email: "ember@example.com",
      emailVerified: true,
      accountStatus: "active",
      password: null,
    });
    for (const browser of [laptop, phone]) expect((await browser.get("/api/user")).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect((await t.browser().post("/api/login", { username: "ember", password: PASSWORD })).statusCode).toBe(
      401,
    );
    // The link to the address that was left behind is void too, and the revert link works once.
    const late = await t.browser().post("/api/email-verification/verify", { token: newVerification });
    expect(late.statusCode).toBe(400);
    const replay = await t.browser().post("/api/user/email/revert", { token: revertToken });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(TOKEN_INVALID);

    // The owner chooses a new password through the restored address.
    const resetToken = await resetLinkFor("ember@example.com");
    const reset = await t
      .browser()
      .post("/api/password/reset", { token: resetToken, password: "mine again 4567" });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.browser().post("/api/login", { username: "ember", password: "mine again 4567" })).statusCode,
    ).toBe(200);
  });

  it("a second change does not void the owner's way back, which then voids the mover's", async () => {
    const { browser, userId, password } = await signUpVerified(t, "sable");
    expect((await browser.request("PATCH", "/api/user", { language: "es" })).statusCode).toBe(200);
    let before = t.smtp.mails.length;
    await browser.request("PATCH", "/api/user", {
      email: "sable.two@example.com",
      currentPassword: password,
    });
    const first = await mailAfter(t, "sable@example.com", before);
    expect(first.subject).toBe("Se ha cambiado el correo de tu cuenta de CHITTA");
    before = t.smtp.mails.length;
    await browser.request("PATCH", "/api/user", {
      email: "sable.three@example.com",
      currentPassword: password,
    });
    const second = await mailAfter(t, "sable.two@example.com", before);

    const owner = await t.browser().post("/api/user/email/revert", { token: tokenIn(first, "email-revert") });
    expect(owner.statusCode).toBe(200);
    expect(await rowOf(userId)).toMatchObject({ email: "sable@example.com", emailVerified: true });
    const mover = await t
      .browser()
      .post("/api/user/email/revert", { token: tokenIn(second, "email-revert") });
    expect(mover.statusCode).toBe(400);
    expect((await rowOf(userId)).email).toBe("sable@example.com");
  });

  it("refuses to restore an address someone else holds now, and changes nothing", async () => {
    const { browser, userId, password } = await signUpVerified(t, "onyx");
    const before = t.smtp.mails.length;
    await browser.request("PATCH", "/api/user", {
      email: "onyx.moved@example.com",
      currentPassword: password,
    });
    const revertToken = tokenIn(await mailAfter(t, "onyx@example.com", before), "email-revert");
    const newcomer = await t.browser().post("/api/signup", {
      username: "newcomer",
      email: "onyx@example.com",
      password: PASSWORD,
    });
    expect(newcomer.statusCode).toBe(201);

    const refused = await t.browser().post("/api/user/email/revert", { token: revertToken });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      code: "CONFLICT",
      message:
        "Your previous email address now belongs to another account, so it cannot be restored. Please contact support.",
    });
    expect(await rowOf(userId)).toMatchObject({ email: "onyx.moved@example.com" });
    expect((await browser.get("/api/user")).statusCode).toBe(200);
  });
});

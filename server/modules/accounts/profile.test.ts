import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAttempts, sessions, users, verificationTokens } from "../../db/schema/index";
import {
  createTestApp,
  linkIn,
  signUpVerified,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";

const SESSION = "chitta_session";

/** A second browser signed in to the same account (another device). */
async function secondDevice(t: TestApp, username: string, password: string) {
  const browser = t.browser();
  const login = await browser.post("/api/login", { username, password });
  expect(login.statusCode).toBe(200);
  return browser;
}

/** A browser holding a copy of another browser's session cookie, to replay it after the session ended. */
function replayOf(t: TestApp, browser: TestBrowser) {
  const replay = t.browser();
  replay.cookies.set(SESSION, browser.cookies.get(SESSION)!);
  return replay;
}

function expectCookieCleared(response: { headers: Record<string, unknown> }) {
  const header = String(response.headers["set-cookie"] ?? "");
  expect(header).toMatch(/chitta_session=;/);
  expect(header).toMatch(/Expires=Thu, 01 Jan 1970/);
}

describe.each(testDrivers)("own account on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  it("answers 401 on every route when signed out, and changes nothing", async () => {
    const guest = t.browser();
    const calls = [
      guest.request("PATCH", "/api/user", { username: "intruder" }),
      guest.post("/api/user/messaging-preferences", { emailNotifications: false, pushNotifications: false }),
      guest.post("/api/user/password", { currentPassword: "whatever123", newPassword: "a fresh secret 42" }),
      guest.post("/api/auth/logout-all"),
      guest.request("DELETE", "/api/user", { password: "whatever123" }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: "UNAUTHORIZED",
        message: "Authentication required",
      });
    }
    expect(await t.db.select().from(users).where(eq(users.username, "intruder"))).toHaveLength(0);
  });

  describe("PATCH /api/user", () => {
    it("updates username, language, time zone and picture, and answers the public user", async () => {
      const { browser, userId } = await signUpVerified(t, "aurora");
      const response = await browser.request("PATCH", "/api/user", {
        username: "Aurora_B",
        language: "es",
        timezone: "america/mexico_city",
        pictureUrl: "https://images.example.com/me.png",
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        id: userId,
        username: "Aurora_B",
        language: "es",
        // Stored under its canonical IANA spelling.
        timezone: "America/Mexico_City",
        pictureUrl: "https://images.example.com/me.png",
        emailVerified: true,
        hasPassword: true,
      });
      expect(JSON.stringify(body)).not.toMatch(/argon2|"password"/);
      expect((await browser.get("/api/user")).json()).toMatchObject({ username: "Aurora_B", language: "es" });
      // The new language is the user's language: server messages follow it.
      const spanish = await browser.request("PATCH", "/api/user", { timezone: "Nowhere/Atlantis" });
      expect(spanish.json().errors).toEqual([
        { path: "timezone", message: "Zona horaria desconocida. Usa un nombre IANA, como Europe/Madrid." },
      ]);

      const cleared = await browser.request("PATCH", "/api/user", { pictureUrl: null });
      expect(cleared.json().pictureUrl).toBeNull();
      // An empty update changes nothing and still answers the user.
      const empty = await browser.request("PATCH", "/api/user", {});
      expect(empty.statusCode).toBe(200);
      expect(empty.json().username).toBe("Aurora_B");
    });

    it("refuses invalid values with 422 VALIDATION naming the field", async () => {
      const { browser, userId } = await signUpVerified(t, "borealis");
      const before = await rowOf(userId);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ pictureUrl: "http://images.example.com/me.png" }, "pictureUrl"],
        [{ pictureUrl: "javascript:alert(1)" }, "pictureUrl"],
        [{ timezone: "Mars/Olympus_Mons" }, "timezone"],
        [{ timezone: "../../etc/passwd" }, "timezone"],
        [{ username: "no spaces allowed" }, "username"],
        [{ username: "ab" }, "username"],
        [{ email: "not-an-email" }, "email"],
        [{ language: "fr" }, "language"],
      ];
      for (const [body, path] of cases) {
        const response = await browser.request("PATCH", "/api/user", body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json()).toMatchObject({ success: false, code: "VALIDATION" });
        expect(response.json().errors.map((issue: { path: string }) => issue.path)).toEqual([path]);
      }
      const http = await browser.request("PATCH", "/api/user", { pictureUrl: "http://x.example.com/a.png" });
      expect(http.json().message).toBe("pictureUrl: The address must start with https://");
      expect(await rowOf(userId)).toEqual(before);
    });

    it("refuses mass assignment: ids, flags and unknown fields are never accepted", async () => {
      const a = await signUpVerified(t, "castor");
      const b = await signUpVerified(t, "pollux");
      const aBefore = await rowOf(a.userId);
      const bBefore = await rowOf(b.userId);
      const attempts = [
        { id: b.userId, username: "hijacked" },
        { userId: b.userId, username: "hijacked" },
        { isAdmin: true },
        { emailVerified: true },
        { subscriptionTier: "premium", hasUnlimitedAccess: true },
        { password: "chosen by attacker 1" },
      ];
      for (const body of attempts) {
        const response = await a.browser.request("PATCH", "/api/user", body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json().code).toBe("VALIDATION");
        expect(response.json().message).toMatch(/Unrecognized key/);
      }
      // Only the caller's own row changes, whatever the body says.
      const own = await a.browser.request("PATCH", "/api/user", { username: "castor2" });
      expect(own.json().id).toBe(a.userId);
      expect(await rowOf(b.userId)).toEqual(bBefore);
      expect(await rowOf(a.userId)).toEqual({ ...aBefore, username: "castor2", usernameSkeleton: "castor2" });
      // There is no route that takes a user id from the URL.
      const byId = await a.browser.request("PATCH", `/api/user/${b.userId}`, { username: "hijacked" });
      expect(byId.statusCode).toBe(404);
    });

    it("accepts the custom-domain fields the spec's client adds to /api/user bodies", async () => {
      const { browser } = await signUpVerified(t, "vesper");
      const response = await browser.request("PATCH", "/api/user", {
        language: "es",
        useCustomDomain: true,
        hostname: "www.chitta.app",
        origin: "https://www.chitta.app",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().language).toBe("es");
    });

    it("answers 409 CONFLICT when another account holds the username or email, whatever the case", async () => {
      await signUpVerified(t, "taken");
      const { browser, userId, password } = await signUpVerified(t, "seeker");
      const before = await rowOf(userId);
      const name = await browser.request("PATCH", "/api/user", { username: "TAKEN" });
      expect(name.statusCode).toBe(409);
      expect(name.json()).toEqual({
        success: false,
        code: "CONFLICT",
        message: "That username is already taken",
        errors: [{ path: "username", message: "That username is already taken" }],
      });
      const email = await browser.request("PATCH", "/api/user", {
        email: "Taken@Example.com",
        currentPassword: password,
      });
      expect(email.statusCode).toBe(409);
      expect(email.json().errors).toEqual([
        { path: "email", message: "An account with that email already exists" },
      ]);
      expect(await rowOf(userId)).toEqual(before);
      // Changing only the case of one's own name is not a conflict with oneself.
      const recased = await browser.request("PATCH", "/api/user", { username: "Seeker" });
      expect(recased.statusCode).toBe(200);
      expect(recased.json().username).toBe("Seeker");
    });

    it("a new email address must be confirmed again: unverified, and a link goes to the new address", async () => {
      const { browser, userId, email, password } = await signUpVerified(t, "mover");
      const mailsToOld = t.smtp.mails.filter((mail) => mail.to === email).length;
      const response = await browser.request("PATCH", "/api/user", {
        email: "Mover.New@Example.com",
        currentPassword: password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: "mover.new@example.com", emailVerified: false });

      const mail = await t.smtp.lastMailTo("mover.new@example.com");
      expect(mail.subject).toBe("Confirm the new email address of your CHITTA account");
      // The old address only hears that it was replaced (email-change.test.ts follows that notice further).
      const toOld = t.smtp.mails.filter((m) => m.to === email);
      expect(toOld).toHaveLength(mailsToOld + 1);
      expect(toOld.at(-1)!.subject).toBe("The email address of your CHITTA account was changed");
      const token = linkIn(mail, "http://localhost:3000/verify-email?token=").searchParams.get("token");
      const verify = await t.browser().post("/api/email-verification/verify", { token });
      expect(verify.statusCode).toBe(200);
      expect((await rowOf(userId))!.emailVerified).toBe(true);

      // The same address (in another case) is no change: still verified, no mail.
      const unverifiedTokens = async () =>
        (
          await t.db
            .select()
            .from(verificationTokens)
            .where(and(eq(verificationTokens.userId, userId), eq(verificationTokens.used, false)))
        ).length;
      const same = await browser.request("PATCH", "/api/user", { email: "MOVER.NEW@example.com" });
      expect(same.json().emailVerified).toBe(true);
      expect(await unverifiedTokens()).toBe(0);
    });
  });

  it("mails in the language the header chose (PATCH /api/user), whatever language asks for the mail", async () => {
    const { browser, email } = await signUpVerified(t, "bilingue");
    expect((await browser.request("PATCH", "/api/user", { language: "es" })).json().language).toBe("es");
    const forgot = await t.browser().post("/api/password/forgot", { email });
    expect(forgot.statusCode).toBe(200);
    expect((await t.smtp.lastMailTo(email)).subject).toBe("Restablece tu contraseña de CHITTA");
  });

  describe("POST /api/user/onboarding", () => {
    it("remembers the welcome modal and the tutorial on the account, across a logout and another login", async () => {
      const { browser, password } = await signUpVerified(t, "newcomer");
      expect((await browser.get("/api/user")).json()).toMatchObject({
        welcomeSeen: false,
        tutorialSeen: false,
      });

      const welcome = await browser.post("/api/user/onboarding", { step: "welcome" });
      expect(welcome.statusCode).toBe(200);
      expect(welcome.json()).toMatchObject({ username: "newcomer", welcomeSeen: true, tutorialSeen: false });
      expect((await browser.post("/api/user/onboarding", { step: "tutorial" })).json()).toMatchObject({
        welcomeSeen: true,
        tutorialSeen: true,
      });

      await browser.post("/api/auth/logout");
      const again = await secondDevice(t, "newcomer", password);
      expect((await again.get("/api/user")).json()).toMatchObject({ welcomeSeen: true, tutorialSeen: true });
    });

    it("keeps the first time and refuses an unknown step", async () => {
      const { browser, userId } = await signUpVerified(t, "onlyonce");
      await browser.post("/api/user/onboarding", { step: "tutorial" });
      const first = (await rowOf(userId))!.tutorialSeenAt;
      t.clock.advance(60_000);
      expect((await browser.post("/api/user/onboarding", { step: "tutorial" })).statusCode).toBe(200);
      expect((await rowOf(userId))!.tutorialSeenAt).toEqual(first);

      const unknown = await browser.post("/api/user/onboarding", { step: "oracle" });
      expect(unknown.statusCode).toBe(422);
      expect((await rowOf(userId))!.welcomeSeenAt).toBeNull();
    });

    it("answers 401 to a guest", async () => {
      expect((await t.browser().post("/api/user/onboarding", { step: "welcome" })).statusCode).toBe(401);
    });
  });

  describe("POST /api/user/messaging-preferences", () => {
    it("stores both channels, and messagingOptIn follows either being on", async () => {
      const { browser, userId } = await signUpVerified(t, "herald");
      const off = await browser.post("/api/user/messaging-preferences", {
        emailNotifications: false,
        pushNotifications: false,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({
        success: true,
        message: "Your notification preferences have been saved.",
        emailNotifications: false,
        pushNotifications: false,
        messagingOptIn: false,
      });
      expect(await rowOf(userId)).toMatchObject({
        emailNotifications: false,
        pushNotifications: false,
        messagingOptIn: false,
      });
      const push = await browser.post("/api/user/messaging-preferences", {
        emailNotifications: false,
        pushNotifications: true,
      });
      expect(push.json().messagingOptIn).toBe(true);
      expect((await browser.get("/api/user")).json()).toMatchObject({
        emailNotifications: false,
        pushNotifications: true,
        messagingOptIn: true,
      });
    });

    it("refuses missing, non-boolean and unknown fields", async () => {
      const { browser, userId } = await signUpVerified(t, "crier");
      const before = await rowOf(userId);
      const missing = await browser.post("/api/user/messaging-preferences", { emailNotifications: true });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual([{ path: "pushNotifications", message: "Required" }]);
      const text = await browser.post("/api/user/messaging-preferences", {
        emailNotifications: "yes",
        pushNotifications: false,
      });
      expect(text.statusCode).toBe(422);
      expect(text.json().errors).toEqual([
        { path: "emailNotifications", message: "Expected boolean, received string" },
      ]);
      const extra = await browser.post("/api/user/messaging-preferences", {
        emailNotifications: true,
        pushNotifications: true,
        userId: 1,
      });
      expect(extra.statusCode).toBe(422);
      expect(await rowOf(userId)).toEqual(before);
    });
  });

  describe("POST /api/user/password", () => {
    it("changes the password and ends every other session, keeping this one", async () => {
      const { browser, password, userId } = await signUpVerified(t, "keymaker");
      const phone = await secondDevice(t, "keymaker", password);
      const tablet = await secondDevice(t, "keymaker", password);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(3);

      const response = await browser.post("/api/user/password", {
        currentPassword: password,
        newPassword: "a whole new secret 77",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: "Your password has been changed. Your other sessions have been signed out.",
      });
      expect((await browser.get("/api/user")).statusCode).toBe(200);
      expect((await phone.get("/api/user")).statusCode).toBe(401);
      expect((await tablet.get("/api/user")).statusCode).toBe(401);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);

      const old = await t.browser().post("/api/login", { username: "keymaker", password });
      expect(old.statusCode).toBe(401);
      const fresh = await t
        .browser()
        .post("/api/login", { username: "keymaker", password: "a whole new secret 77" });
      expect(fresh.statusCode).toBe(200);
    });

    it("refuses a wrong or missing current password, and short or common new ones", async () => {
      const { browser, password, userId } = await signUpVerified(t, "guardian");
      const phone = await secondDevice(t, "guardian", password);
      const before = await rowOf(userId);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { currentPassword: "not my password", newPassword: "a whole new secret 77" },
          "currentPassword",
          "The password is incorrect",
        ],
        [{ newPassword: "a whole new secret 77" }, "currentPassword", "Required"],
        [
          { currentPassword: password, newPassword: "short" },
          "newPassword",
          "String must contain at least 8 character(s)",
        ],
        [
          { currentPassword: password, newPassword: "password123" },
          "newPassword",
          "That password is too common. Please choose a less predictable one.",
        ],
        [{ currentPassword: password }, "newPassword", "Required"],
      ];
      for (const [body, path, message] of cases) {
        const response = await browser.post("/api/user/password", body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json()).toMatchObject({ success: false, code: "VALIDATION" });
        expect(response.json().errors).toEqual([{ path, message }]);
      }
      expect(await rowOf(userId)).toEqual(before);
      expect((await phone.get("/api/user")).statusCode).toBe(200);
      // A wrong guess counts against this session's own budget, not the account's sign-in lock.
      const failures = await t.db
        .select({ kind: authAttempts.kind })
        .from(authAttempts)
        .where(like(authAttempts.subject, `user:${userId}%`));
      expect(failures).toEqual([{ kind: "password-confirmation:session" }]);
    });

    it("lets an account opened through an identity provider set a first password without a current one", async () => {
      const { browser, userId } = await signUpVerified(t, "sso_user");
      await t.db.update(users).set({ password: null, authProvider: "oidc" }).where(eq(users.id, userId));
      expect((await browser.get("/api/user")).json().hasPassword).toBe(false);
      const response = await browser.post("/api/user/password", { newPassword: "my first password 9" });
      expect(response.statusCode).toBe(200);
      expect((await browser.get("/api/user")).json().hasPassword).toBe(true);
      const login = await t
        .browser()
        .post("/api/login", { username: "sso_user", password: "my first password 9" });
      expect(login.statusCode).toBe(200);
    });
  });

  describe("POST /api/auth/logout-all", () => {
    it("ends every session of the user, this one included, and clears the cookie", async () => {
      const { browser, password, userId } = await signUpVerified(t, "wanderer");
      const phone = await secondDevice(t, "wanderer", password);
      const other = await signUpVerified(t, "bystander");
      const replay = replayOf(t, browser);

      const response = await browser.post("/api/auth/logout-all");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: "You have been signed out on every device.",
      });
      expectCookieCleared(response);
      expect(browser.cookies.has(SESSION)).toBe(false);
      expect((await replay.get("/api/user")).statusCode).toBe(401);
      expect((await phone.get("/api/user")).statusCode).toBe(401);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
      // Someone else's sessions are none of this user's business.
      expect((await other.browser.get("/api/user")).statusCode).toBe(200);
    });
  });

  describe("DELETE /api/user", () => {
    it("deletes the account with its password: row and sessions go, the cookie stops working", async () => {
      const { browser, password, userId, email } = await signUpVerified(t, "leaver");
      const phone = await secondDevice(t, "leaver", password);
      const replay = replayOf(t, browser);

      const wrong = await browser.request("DELETE", "/api/user", { password: "not the password" });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual([{ path: "password", message: "The password is incorrect" }]);
      const missing = await browser.request("DELETE", "/api/user", {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual([{ path: "password", message: "Required" }]);
      // The word DELETE is only for accounts without a password.
      const wordOnly = await browser.request("DELETE", "/api/user", { confirm: "DELETE" });
      expect(wordOnly.statusCode).toBe(422);
      expect(await rowOf(userId)).toBeDefined();

      const response = await browser.request("DELETE", "/api/user", { password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: "Your account and all its data have been deleted.",
      });
      expectCookieCleared(response);
      expect(await rowOf(userId)).toBeUndefined();
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
      expect((await replay.get("/api/user")).statusCode).toBe(401);
      expect((await phone.get("/api/user")).statusCode).toBe(401);
      expect((await t.browser().post("/api/login", { username: "leaver", password })).statusCode).toBe(401);
      // The name and address are free again.
      const again = await t.browser().post("/api/signup", { username: "leaver", email, password });
      expect(again.statusCode).toBe(201);
    });

    it("deletes only the caller's account, whatever the body says", async () => {
      const a = await signUpVerified(t, "solo");
      const b = await signUpVerified(t, "neighbour");
      const withId = await a.browser.request("DELETE", "/api/user", { password: a.password, id: b.userId });
      expect(withId.statusCode).toBe(422);
      expect(await rowOf(a.userId)).toBeDefined();
      const response = await a.browser.request("DELETE", "/api/user", { password: a.password });
      expect(response.statusCode).toBe(200);
      expect(await rowOf(a.userId)).toBeUndefined();
      expect(await rowOf(b.userId)).toBeDefined();
      expect((await b.browser.get("/api/user")).statusCode).toBe(200);
    });

    it("asks an account without a password to confirm with the word DELETE", async () => {
      const { browser, userId } = await signUpVerified(t, "sso_leaver");
      await t.db.update(users).set({ password: null, authProvider: "oidc" }).where(eq(users.id, userId));
      const missing = await browser.request("DELETE", "/api/user", {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual([{ path: "confirm", message: "Type DELETE to confirm" }]);
      const wrongWord = await browser.request("DELETE", "/api/user", { confirm: "delete" });
      expect(wrongWord.statusCode).toBe(422);
      expect(await rowOf(userId)).toBeDefined();
      const response = await browser.request("DELETE", "/api/user", { confirm: "DELETE" });
      expect(response.statusCode).toBe(200);
      expect(await rowOf(userId)).toBeUndefined();
    });
  });
});

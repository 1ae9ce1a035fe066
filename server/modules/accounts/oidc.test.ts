import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralCodes, userIdentities, users } from "../../db/schema/index";
import { createOidcClient, oidcClientOptions } from "../../integrations/oidc/oidc-client";
import {
  createTestApp,
  signUpVerified,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";
import {
  CALLBACK,
  CLIENT_ID,
  CLIENT_SECRET,
  createAppWithProvider,
  type TestProvider,
} from "../../test/oidc-provider";
import { DEFAULT_RETURN_TO, safeReturnTo } from "./oidc.routes";
import { sanitizeUsername, usernameBase } from "./oidc-sign-in";

describe("return paths after sign-in", () => {
  it("keeps same-site paths and replaces anything else with the default page", () => {
    const base = "http://localhost:3000";
    expect(safeReturnTo("/journal?day=3#top", base)).toBe("/journal?day=3#top");
    expect(safeReturnTo(undefined, base)).toBe(DEFAULT_RETURN_TO);
    for (const unsafe of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "journal",
      "/a\nb",
      "/callback?code=x",
      "/auth",
    ]) {
      expect(safeReturnTo(unsafe, base)).toBe(DEFAULT_RETURN_TO);
    }
  });
});

describe("usernames for provider accounts", () => {
  it("takes preferred_username, then nickname, then the email's local part, within the sign-up rules", () => {
    expect(usernameBase({ preferredUsername: "Star Gazer!", nickname: "x", email: "a@b.c" })).toBe(
      "Star_Gazer",
    );
    expect(usernameBase({ preferredUsername: "!!", nickname: "Noche", email: "a@b.c" })).toBe("Noche");
    expect(usernameBase({ preferredUsername: undefined, nickname: undefined, email: "josé.m+x@b.c" })).toBe(
      "josé.mx",
    );
    expect(usernameBase({ preferredUsername: "ab", nickname: undefined, email: "cd@x.y" })).toBe("dreamer");
    expect(sanitizeUsername("x".repeat(40))).toHaveLength(30);
    expect(sanitizeUsername(`${"a".repeat(29)}😀`)).toBe("a".repeat(29));
  });
});

describe.each(testDrivers)("OIDC sign-in on %s", (driver) => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    ({ t, provider } = await createAppWithProvider(driver));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** /auth on the app, the provider's pages, and back to the app's /callback, all in one browser. */
  async function signInWithProvider(browser: TestBrowser, accountId: string, authPath = "/auth") {
    const start = await browser.get(authPath);
    expect(start.statusCode).toBe(302);
    const callbackUrl = await provider.signIn(start.headers.location as string, accountId);
    return { start, callbackUrl };
  }

  async function identityRows(subject: string) {
    return t.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, provider.issuer), eq(userIdentities.subject, subject)));
  }

  it("discovers the provider lazily, again after a failure, and over http only outside production", async () => {
    const options = {
      issuer: provider.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: CALLBACK,
      allowInsecure: true,
    };
    const client = createOidcClient(options);
    provider.setDown(true);
    try {
      await expect(client.startAuthorization()).rejects.toThrow();
    } finally {
      provider.setDown(false);
    }
    const { url } = await client.startAuthorization();
    expect(url.origin).toBe(provider.issuer);

    await expect(createOidcClient({ ...options, allowInsecure: false }).startAuthorization()).rejects.toThrow(
      /https/i,
    );
    expect(oidcClientOptions({ ...t.config, env: "production" })?.allowInsecure).toBe(false);
    expect(oidcClientOptions(t.config)).toMatchObject({ allowInsecure: true, redirectUri: CALLBACK });
  });

  it("tells the sign-in page which provider is offered", async () => {
    const response = await t.browser().get("/api/auth/providers");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ oidc: { name: "Auth0" } });
  });

  it("creates an account on first sign-in and opens a session", async () => {
    provider.accounts.set("sub-nova", {
      email: "Nova@Example.com",
      email_verified: true,
      preferred_username: "nova",
    });
    const browser = t.browser();
    const { start, callbackUrl } = await signInWithProvider(browser, "sub-nova");

    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: CALLBACK,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    for (const key of ["state", "nonce", "code_challenge"]) {
      expect(authorization.searchParams.get(key)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const stateCookie = String(start.headers["set-cookie"]);
    expect(stateCookie).toMatch(/^chitta_oidc=/);
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/SameSite=Lax/);
    expect(stateCookie).toMatch(/Path=\//);
    expect(stateCookie).toMatch(/Max-Age=600/);
    // The cookie carries no readable secret: it is signed, and its payload is not the state in clear.
    expect(stateCookie).not.toContain(authorization.searchParams.get("state"));

    const callback = await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/dream-input");
    expect(browser.cookies.has("chitta_oidc")).toBe(false);
    expect(browser.cookies.get("chitta_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await browser.get("/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: "nova",
      email: "nova@example.com",
      emailVerified: true,
      accountStatus: "active",
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.json().id));
    expect(row).toMatchObject({ password: null, authProvider: "oidc", emailVerified: true });
    const codes = await t.db.select().from(referralCodes).where(eq(referralCodes.userId, row!.id));
    expect(codes).toEqual([expect.objectContaining({ code: row!.referralCode, type: "standard" })]);
    expect(await identityRows("sub-nova")).toEqual([
      expect.objectContaining({ userId: row!.id, email: "nova@example.com" }),
    ]);
  });

  it("signs the same subject in to the same account, to the page asked for", async () => {
    const first = t.browser();
    await signInWithProvider(first, "sub-nova").then(({ callbackUrl }) =>
      first.get(`${callbackUrl.pathname}${callbackUrl.search}`),
    );
    const firstId = (await first.get("/api/user")).json().id;

    const second = t.browser();
    const { callbackUrl } = await signInWithProvider(
      second,
      "sub-nova",
      `/auth?returnTo=${encodeURIComponent("/journal?view=week")}`,
    );
    const callback = await second.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    expect(callback.headers.location).toBe("/journal?view=week");
    expect((await second.get("/api/user")).json().id).toBe(firstId);
    expect(await identityRows("sub-nova")).toHaveLength(1);

    const offsite = t.browser();
    const attempt = await signInWithProvider(offsite, "sub-nova", "/auth?returnTo=//evil.example/steal");
    const offsiteCallback = await offsite.get(`${attempt.callbackUrl.pathname}${attempt.callbackUrl.search}`);
    expect(offsiteCallback.headers.location).toBe("/dream-input");
  });

  it("gives a new account a free username when the preferred one is taken", async () => {
    provider.accounts.set("sub-other-nova", {
      email: "another.nova@example.com",
      email_verified: false,
      preferred_username: "NOVA",
    });
    const browser = t.browser();
    const { callbackUrl } = await signInWithProvider(browser, "sub-other-nova");
    expect((await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`)).headers.location).toBe(
      "/dream-input",
    );
    expect((await browser.get("/api/user")).json()).toMatchObject({
      username: "NOVA2",
      emailVerified: false,
      accountStatus: "pending",
    });
  });

  it("links a verified provider email to the existing password account", async () => {
    const { userId, password } = await signUpVerified(t, "orion");
    provider.accounts.set("sub-orion", { email: "ORION@example.com", email_verified: true });
    const browser = t.browser();
    const { callbackUrl } = await signInWithProvider(browser, "sub-orion");
    const callback = await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    expect(callback.headers.location).toBe("/dream-input");
    expect((await browser.get("/api/user")).json()).toMatchObject({ id: userId, username: "orion" });
    expect(await identityRows("sub-orion")).toEqual([expect.objectContaining({ userId })]);
    // The password keeps working: the account gained a way in, it lost none.
    const login = await t.browser().post("/api/login", { username: "orion", password });
    expect(login.statusCode).toBe(200);
  });

  it("never links an account that did not confirm its address: whoever opened it keeps it, the address's owner is told", async () => {
    const squatter = t.browser();
    const signup = await squatter.post("/api/signup", {
      username: "lyra",
      email: "lyra@example.com",
      password: "chosen by someone else 1",
    });
    expect(signup.statusCode).toBe(201);
    const squatterLogin = await squatter.post("/api/login", {
      username: "lyra",
      password: "chosen by someone else 1",
    });
    expect(squatterLogin.statusCode).toBe(200);
    const userId = signup.json().user.id;
    const [before] = await t.db.select().from(users).where(eq(users.id, userId));

    provider.accounts.set("sub-lyra", { email: "lyra@example.com", email_verified: true });
    const browser = t.browser();
    const { callbackUrl } = await signInWithProvider(browser, "sub-lyra");
    const callback = await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    expect(callback.headers.location).toBe("/login?error=oidc_account_unverified");
    // Signed in nowhere: sharing the account would show each the other's journal.
    expect(browser.cookies.has("chitta_session")).toBe(false);
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    expect(await identityRows("sub-lyra")).toHaveLength(0);
    const [after] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(after).toEqual(before);
    expect((await squatter.get("/api/user")).statusCode).toBe(200);
  });

  it("refuses to link an unverified provider email to an existing account", async () => {
    const { userId } = await signUpVerified(t, "vega");
    provider.accounts.set("sub-vega", { email: "vega@example.com", email_verified: false });
    const browser = t.browser();
    const { callbackUrl } = await signInWithProvider(browser, "sub-vega");
    const callback = await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/login?error=oidc_email_unverified");
    expect(browser.cookies.has("chitta_session")).toBe(false);
    expect(await identityRows("sub-vega")).toHaveLength(0);
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, userId))).toHaveLength(0);
  });

  it("refuses a tampered state, a missing or replayed cookie, and a provider error", async () => {
    provider.accounts.set("sub-mira", { email: "mira@example.com", email_verified: true });

    const tampered = t.browser();
    const { callbackUrl } = await signInWithProvider(tampered, "sub-mira");
    const forged = new URL(callbackUrl);
    forged.searchParams.set("state", `${forged.searchParams.get("state")!.slice(0, -1)}x`);
    const refused = await tampered.get(`${forged.pathname}${forged.search}`);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe("/login?error=oidc_failed");
    expect(tampered.cookies.has("chitta_session")).toBe(false);
    // The attempt is spent: the genuine callback no longer works without a new /auth.
    const replay = await tampered.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    expect(replay.headers.location).toBe("/login?error=oidc_failed");

    const forgedCookie = t.browser();
    const attempt = await signInWithProvider(forgedCookie, "sub-mira");
    const genuine = forgedCookie.cookies.get("chitta_oidc")!;
    forgedCookie.cookies.set("chitta_oidc", `x${genuine.slice(1)}`);
    const badSignature = await forgedCookie.get(
      `${attempt.callbackUrl.pathname}${attempt.callbackUrl.search}`,
    );
    expect(badSignature.headers.location).toBe("/login?error=oidc_failed");

    const denied = await t.browser().get("/callback?error=access_denied&state=abc");
    expect(denied.statusCode).toBe(302);
    expect(denied.headers.location).toBe("/login?error=oidc_failed");
    const repeated = await t.browser().get("/callback?state=a&state=b");
    expect(repeated.headers.location).toBe("/login?error=oidc_failed");
    expect(await identityRows("sub-mira")).toHaveLength(0);
  });

  it("refuses a suspended account", async () => {
    const { userId } = await signUpVerified(t, "draco");
    provider.accounts.set("sub-draco", { email: "draco@example.com", email_verified: true });
    const browser = t.browser();
    const first = await signInWithProvider(browser, "sub-draco");
    await browser.get(`${first.callbackUrl.pathname}${first.callbackUrl.search}`);
    expect((await browser.get("/api/user")).json().id).toBe(userId);

    await t.db.update(users).set({ accountStatus: "suspended" }).where(eq(users.id, userId));
    const again = t.browser();
    const second = await signInWithProvider(again, "sub-draco");
    const refused = await again.get(`${second.callbackUrl.pathname}${second.callbackUrl.search}`);
    expect(refused.headers.location).toBe("/login?error=oidc_failed");
    expect(again.cookies.has("chitta_session")).toBe(false);
  });
});

describe.each(testDrivers)("OIDC not configured on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends /auth and /callback back to the login page", async () => {
    for (const path of ["/auth", "/auth?returnTo=/journal", "/callback?code=x&state=y"]) {
      const response = await t.browser().get(path);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/login?error=oidc_unavailable");
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("offers no provider to the sign-in page", async () => {
    expect((await t.browser().get("/api/auth/providers")).json()).toEqual({ oidc: null });
  });
});

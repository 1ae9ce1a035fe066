import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../contract/billing";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema/index";
import { hashToken } from "../lib/tokens";
import { SESSION_COOKIE } from "../plugins/request-context";
import {
  createTestApp,
  linkIn,
  signUpVerified,
  TEST_ORIGIN,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "./harness";

/**
 * The life of a session cookie as an attacker sees it: can a cookie be planted before sign-in, replayed after
 * sign-out, kept past a password change, reset or deletion, or kept forever? Points already proven elsewhere are
 * referenced, not repeated:
 * - accounts.test.ts: logout ends the session server-side (a copied cookie gets 401 on /api/user); idle and
 *   absolute expiry with daily use; a reset ends the resetting user's session; HttpOnly and SameSite=Lax.
 * - profile.test.ts: password change ends the other sessions and keeps this one; logout-all ends every session and
 *   clears the cookie; deletion removes the row and sessions and a copied cookie gets 401.
 * This file adds what those leave open: fixation, replay against writes, reset mailed links, every row of a
 * deleted user, the exact expiry boundaries and the configured lifetimes, and every attribute of the cookie.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const PASSWORD = "correct horse battery 9";

/** Cookie dates have whole seconds. */
const toSeconds = (ms: number) => Math.floor(ms / 1000) * 1000;

interface SetCookie {
  name: string;
  value: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

function setCookies(response: LightMyRequestResponse): SetCookie[] {
  return response.cookies as SetCookie[];
}

function sessionCookieOf(response: LightMyRequestResponse): SetCookie | undefined {
  return setCookies(response).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** A browser that never signed in, holding a copy of a session cookie (stolen, or kept from before). */
function holding(t: TestApp, token: string): TestBrowser {
  const browser = t.browser();
  browser.cookies.set(SESSION_COOKIE, token);
  return browser;
}

async function signIn(t: TestApp, username: string, password = PASSWORD) {
  const browser = t.browser();
  const login = await browser.post("/api/login", { username, password });
  expect(login.statusCode, login.body).toBe(200);
  return { browser, token: browser.cookies.get(SESSION_COOKIE)! };
}

async function sessionCount(db: Database, userId: number) {
  return (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

/**
 * What an attacker holding a dead cookie would try: read the account, and write to it (a dream, the profile, the
 * password, the account itself). Every one must be 401 and leave the account as it was.
 */
async function expectCookieDead(t: TestApp, token: string, userId: number, label: string) {
  const thief = holding(t, token);
  const before = await t.db.select().from(users).where(eq(users.id, userId));
  const attempts = [
    await thief.get("/api/user"),
    await thief.get("/api/dreams"),
    await thief.post("/api/dreams", { content: "Written with a cookie that should be dead by now." }),
    await thief.request("PATCH", "/api/user", { username: "taken_over" }),
    await thief.post("/api/user/password", { currentPassword: PASSWORD, newPassword: "the thief's own 77" }),
    await thief.request("DELETE", "/api/user", { password: PASSWORD }),
  ];
  for (const response of attempts) {
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(401);
    expect(response.json(), label).toMatchObject({ success: false, code: "UNAUTHORIZED" });
  }
  expect(await t.db.select().from(users).where(eq(users.id, userId)), label).toEqual(before);
}

/** Every column of the database that references users.id (read from the catalog, so new tables are included). */
async function userReferences(db: Database): Promise<Array<{ table: string; column: string }>> {
  const result = (await db.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    order by 1, 2`)) as unknown as { rows: Array<{ table: string; column: string }> };
  return result.rows;
}

async function rowsNaming(db: Database, table: string, column: string, userId: number): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

/** Tables in which some row mentions `text` anywhere (any column, as text). */
async function tablesMentioning(db: Database, text: string): Promise<string[]> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const found: string[] = [];
  for (const { table_name: name } of tables.rows) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} t where position(lower(${text}) in lower(t::text)) > 0`,
    )) as unknown as { rows: Array<{ n: number }> };
    if (result.rows[0]!.n > 0) found.push(name);
  }
  return found;
}

describe.each(testDrivers)("session lifecycle on %s", (driver) => {
  let t: TestApp;
  let scenarios = 0;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 60_000);
  afterAll(async () => {
    console.info(`[trust] session lifecycle: ${scenarios} scenarios (${driver})`);
    await t.close();
  });

  it("fixation: a cookie planted before sign-in is never the session after it", async () => {
    const { userId } = await signUpVerified(t, "fixated");
    const planted = "attacker-value";
    const victim = holding(t, planted);
    expect((await victim.get("/api/user")).statusCode).toBe(401);

    const login = await victim.post("/api/login", { username: "fixated", password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const issued = sessionCookieOf(login)!;
    expect(issued.value).not.toBe(planted);
    expect(issued.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(victim.cookies.get(SESSION_COOKIE)).toBe(issued.value);
    expect((await victim.get("/api/user")).json()).toMatchObject({ id: userId });
    // The attacker's copy of the planted value opens nothing, and no session was ever stored under it.
    expect((await holding(t, planted).get("/api/user")).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(planted))),
    ).toEqual([]);

    // Planting a real session of the attacker's own account (so the victim writes into it) fails the same way:
    // signing in replaces it with a new token of the victim's, and the planted session ends.
    const attacker = await signUpVerified(t, "planter");
    const attackerToken = attacker.browser.cookies.get(SESSION_COOKIE)!;
    const swapped = holding(t, attackerToken);
    expect((await swapped.get("/api/user")).json()).toMatchObject({ username: "planter" });
    const again = await swapped.post("/api/login", { username: "fixated", password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(sessionCookieOf(again)!.value).not.toBe(attackerToken);
    expect((await swapped.get("/api/user")).json()).toMatchObject({ username: "fixated" });
    expect((await attacker.browser.get("/api/user")).statusCode).toBe(401);
    scenarios++;
  }, 60_000);

  it("fixation: only a sign-in issues a session; sign-up, verification and reset never set one", async () => {
    const browser = t.browser();
    browser.cookies.set(SESSION_COOKIE, "attacker-value");
    const signup = await browser.post("/api/signup", {
      username: "newcomer",
      email: "newcomer@example.com",
      password: PASSWORD,
    });
    expect(signup.statusCode).toBe(201);
    const verifyToken = linkIn(
      await t.smtp.lastMailTo("newcomer@example.com"),
      `${TEST_ORIGIN}/verify-email?token=`,
    ).searchParams.get("token");
    const verify = await browser.post("/api/email-verification/verify", { token: verifyToken });
    expect(verify.statusCode).toBe(200);
    expect(
      (await t.browser().post("/api/password/forgot", { email: "newcomer@example.com" })).statusCode,
    ).toBe(200);
    const resetToken = linkIn(
      await t.smtp.lastMailTo("newcomer@example.com"),
      `${TEST_ORIGIN}/reset-password?token=`,
    ).searchParams.get("token");
    const reset = await browser.post("/api/password/reset", {
      token: resetToken,
      password: "reset by link 4242",
    });
    expect(reset.statusCode).toBe(200);
    for (const [label, response] of [
      ["signup", signup],
      ["verify", verify],
      ["reset", reset],
    ] as const) {
      const cookie = sessionCookieOf(response);
      // Nothing, or the reset's clearing of the cookie: never a value that would be a session.
      expect(cookie === undefined || cookie.value === "", `${label} set ${JSON.stringify(cookie)}`).toBe(
        true,
      );
    }
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.username, "newcomer"));
    expect(await sessionCount(t.db, row!.id)).toBe(0);
    scenarios++;
  }, 60_000);

  it("replay after logout and after logout-all: copied cookies open nothing, for reads or writes", async () => {
    const { browser, userId } = await signUpVerified(t, "replayed");
    const laptop = browser.cookies.get(SESSION_COOKIE)!;
    const phone = await signIn(t, "replayed");
    const tablet = await signIn(t, "replayed");
    expect(await sessionCount(t.db, userId)).toBe(3);

    // Logout (the GET /api/user replay is in accounts.test.ts): the copy is refused for writes too,
    // and only this browser's session ended.
    expect((await browser.post("/api/auth/logout")).statusCode).toBe(200);
    await expectCookieDead(t, laptop, userId, "after logout");
    expect(await sessionCount(t.db, userId)).toBe(2);
    expect((await phone.browser.get("/api/user")).statusCode).toBe(200);

    // Logout everywhere from the phone: the tablet's cookie, copied before, is dead as well as the phone's own.
    expect((await phone.browser.post("/api/auth/logout-all")).statusCode).toBe(200);
    await expectCookieDead(t, tablet.token, userId, "tablet after logout-all");
    await expectCookieDead(t, phone.token, userId, "phone after logout-all");
    expect(await sessionCount(t.db, userId)).toBe(0);
    // Signing in again gives a token never seen before.
    const fresh = await signIn(t, "replayed");
    expect([laptop, phone.token, tablet.token]).not.toContain(fresh.token);
    scenarios++;
  }, 60_000);

  it("password change: every other session ends and mailed reset links die; this browser stays signed in", async () => {
    const { browser, email, userId } = await signUpVerified(t, "changer");
    const stolen = await signIn(t, "changer");
    expect((await t.browser().post("/api/password/forgot", { email })).statusCode).toBe(200);
    const resetToken = linkIn(
      await t.smtp.lastMailTo(email),
      `${TEST_ORIGIN}/reset-password?token=`,
    ).searchParams.get("token");

    const change = await browser.post("/api/user/password", {
      currentPassword: PASSWORD,
      newPassword: "changed in time 2024",
    });
    expect(change.statusCode).toBe(200);
    // The app's decision (profile.test.ts): the browser that changed it keeps its session...
    expect((await browser.get("/api/user")).statusCode).toBe(200);
    expect(await sessionCount(t.db, userId)).toBe(1);
    // ...and a thief's session is over, for writes too, as is a reset link the thief might hold.
    await expectCookieDead(t, stolen.token, userId, "other session after password change");
    const reset = await t
      .browser()
      .post("/api/password/reset", { token: resetToken, password: "the thief's pick 55" });
    expect(reset.statusCode).toBe(400);
    expect(
      (await t.browser().post("/api/login", { username: "changer", password: "changed in time 2024" }))
        .statusCode,
    ).toBe(200);
    scenarios++;
  }, 60_000);

  it("password reset by mailed link: every session of the user ends, on every device, and none begins", async () => {
    const { browser, email, userId } = await signUpVerified(t, "resetter");
    const laptop = browser.cookies.get(SESSION_COOKIE)!;
    const phone = await signIn(t, "resetter");
    const bystander = await signUpVerified(t, "untouched");
    expect(await sessionCount(t.db, userId)).toBe(2);

    expect((await t.browser().post("/api/password/forgot", { email })).statusCode).toBe(200);
    const token = linkIn(
      await t.smtp.lastMailTo(email),
      `${TEST_ORIGIN}/reset-password?token=`,
    ).searchParams.get("token");
    // Reset from the phone: even the browser that used the link is signed out.
    const reset = await phone.browser.post("/api/password/reset", { token, password: "a reset secret 6060" });
    expect(reset.statusCode).toBe(200);
    expect(sessionCookieOf(reset)?.value).toBe("");
    expect(await sessionCount(t.db, userId)).toBe(0);
    await expectCookieDead(t, laptop, userId, "laptop after reset");
    await expectCookieDead(t, phone.token, userId, "phone after reset");
    // Another account's sessions are not touched.
    expect((await bystander.browser.get("/api/user")).statusCode).toBe(200);
    scenarios++;
  }, 60_000);

  it("account deletion: the cookie gives 401 and no row of the user's is left anywhere", async () => {
    const referrer = await signUpVerified(t, "referrer");
    const code = (await referrer.browser.get("/api/user")).json().referralCode as string;
    const signup = await t.browser().post(`/api/signup?ref=${code}`, {
      username: "vanishing",
      email: "vanishing.person@example.com",
      password: PASSWORD,
    });
    expect(signup.statusCode).toBe(201);
    const verifyToken = linkIn(
      await t.smtp.lastMailTo("vanishing.person@example.com"),
      `${TEST_ORIGIN}/verify-email?token=`,
    ).searchParams.get("token");
    expect(
      (await t.browser().post("/api/email-verification/verify", { token: verifyToken })).statusCode,
    ).toBe(200);
    const { browser, token } = await signIn(t, "vanishing");
    const userId = signup.json().user.id as number;
    const phone = await signIn(t, "vanishing");

    // A life in the app: dreams, a personal symbol, a report, a paid subscription, a pending reset link.
    const dream = await browser.post("/api/dreams", {
      content: "A tall ship sailed through a field of sunflowers.",
    });
    expect(dream.statusCode).toBe(201);
    expect((await browser.post("/api/personal-symbols", { name: "sunflower" })).statusCode).toBe(201);
    expect((await browser.post("/api/missing-symbols", { symbol: "galleon" })).statusCode).toBe(200);
    const checkout = await browser.post("/api/billing/checkout", { plan: "monthly" });
    expect(checkout.statusCode).toBe(200);
    const session = new URL(checkout.json().url, TEST_ORIGIN).searchParams.get("session")!;
    const paid = await browser.post(`/api/billing/sandbox/sessions/${session}/pay`, {
      cardNumber: sandboxCards.succeeds,
    });
    expect(paid.json().outcome).toBe("succeeded");
    expect(
      (await t.browser().post("/api/password/forgot", { email: "vanishing.person@example.com" })).statusCode,
    ).toBe(200);

    const references = await userReferences(t.db);
    const holdingBefore: string[] = [];
    for (const { table, column } of references) {
      if ((await rowsNaming(t.db, table, column, userId)) > 0) holdingBefore.push(`${table}.${column}`);
    }
    // The check below is not vacuous: the user's rows were spread over many tables.
    expect(holdingBefore.length).toBeGreaterThanOrEqual(8);

    const deletion = await browser.request("DELETE", "/api/user", { password: PASSWORD });
    expect(deletion.statusCode).toBe(200);
    expect(sessionCookieOf(deletion)?.value).toBe("");
    await expectCookieDead(t, token, userId, "deleted account's cookie");
    await expectCookieDead(t, phone.token, userId, "deleted account's other device");
    expect(await t.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    for (const { table, column } of references) {
      expect(await rowsNaming(t.db, table, column, userId), `${table}.${column}`).toBe(0);
    }
    // Nor does any row anywhere still carry the person's address or name.
    expect(await tablesMentioning(t.db, "vanishing.person@example.com")).toEqual([]);
    expect(await tablesMentioning(t.db, "vanishing")).toEqual([]);
    // The referrer's own account goes on.
    expect((await referrer.browser.get("/api/user")).statusCode).toBe(200);
    console.info(
      `[trust] session lifecycle: deletion cleared ${holdingBefore.length} of ${references.length} columns referencing users (${driver})`,
    );
    scenarios++;
  }, 60_000);

  it("idle expiry: 14 days without a request ends the session, to the minute; any request restarts the count", async () => {
    expect(t.config.sessionIdleMs).toBe(14 * DAY_MS);
    const { browser, userId } = await signUpVerified(t, "dozer");
    const token = browser.cookies.get(SESSION_COOKIE)!;
    t.clock.advance(t.config.sessionIdleMs - MINUTE_MS);
    expect((await browser.get("/api/user")).statusCode).toBe(200);
    // That request counted as use: another 14 days minus a minute is fine again.
    t.clock.advance(t.config.sessionIdleMs - MINUTE_MS);
    expect((await browser.get("/api/user")).statusCode).toBe(200);
    t.clock.advance(t.config.sessionIdleMs);
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    // The expired row is gone, so no later clock change can bring it back.
    expect(await sessionCount(t.db, userId)).toBe(0);
    t.clock.set(new Date(t.clock.now().getTime() - 30 * DAY_MS));
    expect((await holding(t, token).get("/api/user")).statusCode).toBe(401);
    t.clock.advance(30 * DAY_MS);
    scenarios++;
  }, 60_000);

  it("absolute expiry: used every 13 days, a session still ends 60 days after sign-in, when the cookie does", async () => {
    expect(t.config.sessionAbsoluteMs).toBe(60 * DAY_MS);
    await signUpVerified(t, "regular");
    const signedInAt = t.clock.now().getTime();
    const { browser } = await signIn(t, "regular");
    const login = await t.browser().post("/api/login", { username: "regular", password: PASSWORD });
    const cookie = sessionCookieOf(login)!;
    // The cookie's own expiry is the absolute limit: the browser drops it when the server stops honouring it.
    expect(cookie.expires!.getTime()).toBe(toSeconds(signedInAt + t.config.sessionAbsoluteMs));

    let elapsed = 0;
    const step = 13 * DAY_MS;
    while (elapsed + step < t.config.sessionAbsoluteMs) {
      t.clock.advance(step);
      elapsed += step;
      expect(
        (await browser.post("/api/dreams", { content: `Day ${elapsed / DAY_MS}: still dreaming here.` }))
          .statusCode,
      ).toBe(201);
    }
    t.clock.set(new Date(signedInAt + t.config.sessionAbsoluteMs - MINUTE_MS));
    expect((await browser.get("/api/user")).statusCode).toBe(200);
    t.clock.set(new Date(signedInAt + t.config.sessionAbsoluteMs));
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    expect(
      (await browser.post("/api/dreams", { content: "Past the limit, this must not be saved." })).statusCode,
    ).toBe(401);
    scenarios++;
  }, 60_000);

  it("cookie attributes: HttpOnly, SameSite=Lax, Path=/, expiring, not Secure on plain HTTP; no token in any body", async () => {
    await signUpVerified(t, "crumbs");
    const browser = t.browser();
    const login = await browser.post("/api/login", { username: "crumbs", password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookieOf(login)!;
    expect(cookie).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" });
    expect(cookie.secure).toBeUndefined();
    expect(cookie.expires!.getTime()).toBe(toSeconds(t.clock.now().getTime() + t.config.sessionAbsoluteMs));
    const hint = setCookies(login).find((entry) => entry.name === "chitta_auth_hint")!;
    expect(hint.value).toBe("1");
    expect(hint.httpOnly).toBeUndefined();

    // The token travels in Set-Cookie only: not in the body of the sign-in, nor of any later answer.
    const token = cookie.value;
    const answers = [
      login,
      await browser.get("/api/user"),
      await browser.get("/api/billing/subscription"),
      await browser.post("/api/dreams", { content: "A quiet dream about a lighthouse and a cat." }),
      await browser.get("/api/dreams"),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBeLessThan(300);
      expect(response.body).not.toContain(token);
      const headers = { ...response.headers, "set-cookie": undefined };
      expect(JSON.stringify(headers)).not.toContain(token);
    }
    // Only the digest is stored: a copy of the sessions table gives no usable cookie.
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    // Sign-out clears the cookie on the same path, so the browser really drops it.
    const logout = await browser.post("/api/auth/logout");
    const cleared = sessionCookieOf(logout)!;
    expect(cleared).toMatchObject({ value: "", path: "/", httpOnly: true });
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    scenarios++;
  }, 60_000);

  describe("with COOKIE_SECURE=true and shorter configured lifetimes", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver, {
        env: { COOKIE_SECURE: "true", SESSION_IDLE_DAYS: "2", SESSION_ABSOLUTE_DAYS: "5" },
      });
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    it("marks both cookies Secure, on sign-in and on sign-out, and honours the configured lifetimes", async () => {
      await signUpVerified(t, "secure");
      const browser = t.browser();
      const signedInAt = t.clock.now().getTime();
      const login = await browser.post("/api/login", { username: "secure", password: PASSWORD });
      expect(login.statusCode).toBe(200);
      for (const cookie of setCookies(login)) {
        expect(cookie, cookie.name).toMatchObject({ secure: true, path: "/", sameSite: "Lax" });
      }
      expect(String(login.headers["set-cookie"])).toMatch(/chitta_session=[^;]+;.*Secure/);
      expect(sessionCookieOf(login)!.expires!.getTime()).toBe(toSeconds(signedInAt + 5 * DAY_MS));

      // Idle for the configured 2 days: over.
      t.clock.advance(2 * DAY_MS - MINUTE_MS);
      expect((await browser.get("/api/user")).statusCode).toBe(200);
      t.clock.advance(2 * DAY_MS);
      expect((await browser.get("/api/user")).statusCode).toBe(401);

      // Used every day, still over at the configured 5.
      const { browser: daily } = await signIn(t, "secure");
      const start = t.clock.now().getTime();
      for (let day = 1; day < 5; day++) {
        t.clock.set(new Date(start + day * DAY_MS));
        expect((await daily.get("/api/user")).statusCode).toBe(200);
      }
      t.clock.set(new Date(start + 5 * DAY_MS));
      expect((await daily.get("/api/user")).statusCode).toBe(401);

      const again = await signIn(t, "secure");
      const logout = await again.browser.post("/api/auth/logout");
      for (const cookie of setCookies(logout)) {
        expect(cookie, `cleared ${cookie.name}`).toMatchObject({ value: "", secure: true, path: "/" });
      }
      scenarios++;
    }, 60_000);
  });
});

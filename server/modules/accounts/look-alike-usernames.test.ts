import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { backfillUsernameSkeletons } from "../../db/seed/username-skeletons";
import { signUpVerified, type TestApp, testDrivers } from "../../test/harness";
import { createAppWithProvider, type TestProvider } from "../../test/oidc-provider";
import { usernameSkeleton } from "./username-skeleton";

/**
 * Issue 12, Low items: look-alike usernames (`Ａlice`, Cyrillic `аlice` beside `alice`) and the sign-up
 * `timezone`. Names are stored NFKC and compared by their UTS #39 confusable skeleton, case-folded.
 */

const PASSWORD = "correct horse battery 9";
const TAKEN = { code: "CONFLICT", message: "That username is already taken" };

describe("username skeletons", () => {
  it("gives look-alikes one skeleton and different names different ones", () => {
    const alice = usernameSkeleton("alice");
    // Fullwidth A, Cyrillic а, Greek Α with Cyrillic і, capitals.
    for (const twin of ["Ａlice", "\u0430lice", "\u0391l\u0456ce", "ALICE"]) {
      expect(usernameSkeleton(twin), twin).toBe(alice);
    }
    expect(usernameSkeleton("rnary")).toBe(usernameSkeleton("mary"));
    expect(usernameSkeleton("b0b")).toBe(usernameSkeleton("bob"));
    expect(usernameSkeleton("straße")).toBe(usernameSkeleton("STRASSE"));
    expect(usernameSkeleton("alicia")).not.toBe(alice);
    expect(usernameSkeleton("josé")).not.toBe(usernameSkeleton("jose"));
  });
});

describe.each(testDrivers)("look-alike usernames and the sign-up time zone on %s", (driver) => {
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    ({ t, provider } = await createAppWithProvider(driver));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const signUp = (username: string, extra: Record<string, unknown> = {}) =>
    t.browser().post("/api/signup", {
      username,
      email: `${Math.random().toString(36).slice(2)}@example.com`,
      password: PASSWORD,
      ...extra,
    });

  it("refuses Ａlice and Cyrillic аlice beside alice, and stores names NFKC", async () => {
    expect((await signUp("alice")).statusCode).toBe(201);
    for (const twin of ["Ａlice", "\u0430lice", "ALICE", "a\u217Cice"]) {
      const refused = await signUp(twin);
      expect(refused.statusCode, twin).toBe(409);
      expect(refused.json(), twin).toMatchObject(TAKEN);
    }
    // In Spanish too, through the same message.
    const spanish = await t
      .browser()
      .post(
        "/api/signup",
        { username: "\u0430lice", email: "es-twin@example.com", password: PASSWORD },
        { headers: { "accept-language": "es" } },
      );
    expect(spanish.json().message).toBe("Ese nombre de usuario ya está en uso");

    // Fullwidth letters are stored as their plain forms (NFKC), with the skeleton beside them.
    const created = await signUp("Ｍｏｏｎ_ｒａｂｂｉｔ");
    expect(created.statusCode).toBe(201);
    expect(created.json().user.username).toBe("Moon_rabbit");
    const [row] = await t.db.select().from(users).where(eq(users.username, "Moon_rabbit"));
    expect(row!.usernameSkeleton).toBe(usernameSkeleton("moon_rabbit"));
    expect((await signUp("M00n_rabbit")).statusCode).toBe(409);
  });

  it("refuses renaming oneself to a look-alike of someone else's name", async () => {
    await signUpVerified(t, "selene");
    const other = await signUpVerified(t, "helios");
    const renamed = await other.browser.request("PATCH", "/api/user", { username: "\u0455elene" });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject(TAKEN);
    const fine = await other.browser.request("PATCH", "/api/user", { username: "Ｈelios_2" });
    expect(fine.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, other.userId));
    expect(row).toMatchObject({ username: "Helios_2", usernameSkeleton: usernameSkeleton("helios_2") });
  });

  it("gives an account opened through the identity provider a name that is no look-alike", async () => {
    await signUpVerified(t, "orpheus");
    provider.accounts.set("sub-orpheus-twin", {
      email: "twin.orpheus@example.com",
      email_verified: false,
      preferred_username: "\u043Erpheus", // Cyrillic о
    });
    const browser = t.browser();
    const start = await browser.get("/auth");
    const callbackUrl = await provider.signIn(start.headers.location as string, "sub-orpheus-twin");
    await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    const user = (await browser.get("/api/user")).json();
    expect(user.username).toBe("\u043Erpheus2");
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.usernameSkeleton).toBe(usernameSkeleton("orpheus2"));
  });

  it("backfills true skeletons over the migration's lower(username), without failing on old look-alikes", async () => {
    // As the migration left existing accounts: lower(username) as the skeleton.
    const legacy = ["tom", "T\u043Em", "zed", "Ｋim"];
    await t.db.insert(users).values(
      legacy.map((username, index) => ({
        username,
        usernameSkeleton: username.toLowerCase(),
        email: `legacy${index}@example.com`,
      })),
    );
    await backfillUsernameSkeletons(t.db);
    const rows = await t.db
      .select({ username: users.username, skeleton: users.usernameSkeleton })
      .from(users)
      .where(inArray(users.username, legacy));
    const byName = new Map(rows.map((row) => [row.username, row.skeleton]));
    expect(byName.get("tom")).toBe("torn");
    // The younger of two old look-alikes keeps its name but not the skeleton.
    expect(byName.get("T\u043Em")).toBeNull();
    expect(byName.get("zed")).toBe("zed");
    expect(byName.get("Ｋim")).toBe(usernameSkeleton("kim"));
    // Run again: nothing changes, nothing fails.
    await backfillUsernameSkeletons(t.db);
    // New look-alikes of the old names are refused.
    expect((await signUp("torn")).statusCode).toBe(409);
    expect((await signUp("KIM")).statusCode).toBe(409);
  });

  it("validates the time zone at sign-up and stores its canonical name", async () => {
    for (const timezone of ["Mars/Olympus_Mons", "Europe/Nowhere", "<script>"]) {
      const refused = await signUp(`tz_${Math.random().toString(36).slice(2, 8)}`, { timezone });
      expect(refused.statusCode, timezone).toBe(422);
      expect(refused.json().message, timezone).toContain(
        "Unknown time zone. Use an IANA name such as Europe/Madrid.",
      );
    }
    const accepted = await signUp("tz_madrid", { timezone: "europe/madrid" });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().user.timezone).toBe("Europe/Madrid");
  });
});

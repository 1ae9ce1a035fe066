import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes, snapshotTables, urlFor } from "./attack-surface";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "./harness";

/**
 * Issue 12, item 2: what a request can make the server do before it is refused. A stranger's body is never
 * parsed or validated on a route that needs a user; a user's invalid body costs a short answer; every route
 * has a rate limit and a body limit.
 */
const DREAM = "I was walking along a quiet beach at night under a full moon.";

describe.each(testDrivers)("the cost of bad input on %s", (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a stranger's 80 KB import of 27,000 empty objects with a short 401, storing nothing", async () => {
    const before = await snapshotTables(t.db);
    const body = { format: "chitta-journal", version: 1, exportedAt: "x", dreams: Array(27_000).fill({}) };
    expect(JSON.stringify(body).length).toBeGreaterThan(80_000);
    const response = await t.browser().post("/api/dreams/import", body);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: "UNAUTHORIZED",
      message: "Authentication required",
    });
    expect(await snapshotTables(t.db)).toEqual(before);
  });

  it("refuses strangers on every route that needs a user before reading the body", async () => {
    // Malformed JSON: a route that parsed it would answer 400; one that validated it, 422.
    const guarded = registeredRoutes(t.app).filter(
      (route) =>
        ["POST", "PATCH", "PUT", "DELETE"].includes(route.method) &&
        t.app.routeGuards.get(`${route.method} ${route.path}`)?.access !== "public",
    );
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      const response = await t
        .browser()
        .request(route.method as "POST", urlFor(route.path), undefined, { raw: "{not json" });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it("lists at most 20 issues for a user's body of 100,000 bad tags, in a short answer", async () => {
    const { browser } = await signUpVerified(t, "tagflood");
    const tags = Array(100_000).fill("");
    const response = await browser.post("/api/dreams", { content: DREAM, tags });
    expect(response.statusCode).toBe(422);
    const body = response.json() as { code: string; errors: Array<{ path: string }> };
    expect(body.code).toBe("VALIDATION");
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.errors.length).toBeLessThanOrEqual(20);
    expect(body.errors.every((issue) => issue.path.startsWith("tags"))).toBe(true);
    expect(response.body.length).toBeLessThan(4096);
  });

  it("cuts a longer list of issues at the first 20", async () => {
    const { browser } = await signUpVerified(t, "issueflood");
    // 21 tags of the wrong type: "too many" and 21 type errors, 22 issues in all.
    const response = await browser.post("/api/dreams", { content: DREAM, tags: Array(21).fill(7) });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { errors: unknown[] }).errors).toHaveLength(20);
  });

  it("gives every route a rate limit, the sign-out included", () => {
    const limited = new Set(t.app.rateLimitedRoutes.map((limit) => `${limit.method} ${limit.url}`));
    const unlimited = registeredRoutes(t.app)
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !limited.has(route));
    expect(unlimited).toEqual([]);
  });

  it("refuses a large body on the sign-out, which takes none", async () => {
    const unknownKeys = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`key${i}`, i]));
    const response = await t.browser().post("/api/auth/logout", unknownKeys);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "./harness";

describe.each(testDrivers)("application frame on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it("reports health with the database driver and version", async () => {
    const response = await t.browser().get("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "ok",
      version: expect.any(String),
      database: { ok: true, driver },
    });
  });

  it("answers unknown API routes with the spec's error shape and no-cache headers", async () => {
    const response = await t.browser().get("/api/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: "NOT_FOUND",
      message: "Route GET /api/no-such-thing not found",
    });
    expect(response.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
    expect(response.headers.expires).toBe("0");
  });

  it("sends security headers", async () => {
    const response = await t.browser().get("/api/health");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-frame-options"]).toBeDefined();
  });

  it("publishes an OpenAPI document generated from the route schemas", async () => {
    const response = await t.browser().get("/api/openapi.json");
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(["/api/signup", "/api/login", "/api/user", "/api/health"]));
  });
});

describe("failures inside a handler", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    // The database is closed by the test itself.
    await t.app.close();
    await t.smtp.close();
  });

  it("never leak internals: a database failure is a 500 DATABASE with a generic message", async () => {
    await t.database.close();
    const response = await t.browser().post("/api/login", { username: "someone", password: "something1" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: expect.stringMatching(/^(DATABASE|INTERNAL)$/),
      message: "An unexpected error occurred",
    });
    const health = await t.browser().get("/api/health");
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "degraded", database: { ok: false } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorReasons } from "../../contract/errors";
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

  it("documents every domain reason, optional beside the code, in each error answer of the OpenAPI document", async () => {
    type Schema = { properties?: Record<string, { enum?: string[] } | undefined>; required?: string[] };
    type Operation = { responses?: Record<string, { content?: Record<string, { schema: Schema }> }> };
    const document: { paths: Record<string, Record<string, Operation>> } = (
      await t.browser().get("/api/openapi.json")
    ).json();
    const errorAnswers = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.entries(operation.responses ?? {})
          .map(([status, answer]) => ({
            status: Number(status),
            answer: `${method.toUpperCase()} ${path} ${status}`,
            schema: answer.content?.["application/json"]?.schema,
          }))
          // The spec's error shape; a degraded health report (503) is an answer of its own.
          .filter(({ status, schema }) => status >= 400 && schema?.properties?.code),
      ),
    );
    // Among them the refusals that carry a reason: the daily translation limit, a full journal.
    expect(errorAnswers.map(({ answer }) => answer)).toEqual(
      expect.arrayContaining(["POST /api/translate-dream 403", "POST /api/dreams 409"]),
    );
    const undocumented = errorAnswers.filter(
      ({ schema }) =>
        JSON.stringify(schema?.properties?.reason?.enum) !== JSON.stringify(errorReasons) ||
        schema?.required?.includes("reason") !== false ||
        !["success", "message", "code"].every((field) => schema?.required?.includes(field)),
    );
    expect(undocumented.map(({ answer, schema }) => `${answer}: ${JSON.stringify(schema)}`)).toEqual([]);
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

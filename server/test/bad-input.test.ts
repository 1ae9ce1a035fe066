import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_BODY_LIMIT } from "../../contract/dreams";
import { grantAdmin } from "../modules/accounts/grant-admin";
import { SESSION_COOKIE } from "../plugins/request-context";
import {
  acceptsNull,
  type InputRoute,
  inputRoutes,
  registeredRoutes,
  sampleObject,
  sampleValue,
  snapshotTables,
  stringFields,
  urlFor,
  withValue,
} from "./attack-surface";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "./harness";

const ONE_MB = 1024 * 1024;
const HUGE = "x".repeat(ONE_MB);

const CODE_BY_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  413: "PAYLOAD_TOO_LARGE",
  422: "VALIDATION",
};

/** Stack frames, file positions, driver names and SQL: nothing of the inside may reach the caller. */
const INTERNALS = /\bat \S+ \(|node_modules|\.[cm]?[jt]s:\d+|\bpostgres|pglite|drizzle|SQLSTATE/i;
const SQL = /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|WHERE|RETURNING)\b/;

interface Attack {
  label: string;
  route: InputRoute;
  url?: string;
  body?: unknown;
  raw?: string;
  /** Every field issue must name this path (the one field the attack broke). */
  onlyPath?: string;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

describe.each(testDrivers)("bad input on %s", (driver) => {
  let t: TestApp;
  let routes: InputRoute[];
  /** An administrator's session: routes that need a user refuse strangers before reading input (tested below). */
  let adminSession: string;

  beforeAll(async () => {
    // Every attack comes from one administrator: per-user limits (oracle writes) would answer instead of
    // validation. Limits have their own suite (throttles.test.ts).
    t = await createTestApp(driver, { env: { RATE_LIMITS: "off" } });
    routes = inputRoutes(t.app);
    const admin = await signUpVerified(t, "inputadmin");
    await grantAdmin(t.db, "inputadmin");
    adminSession = admin.browser.cookies.get(SESSION_COOKIE)!;
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * A fresh browser (own IP) per request, so per-IP throttles never answer instead of validation; signed in as
   * the administrator where the route needs a user, so it is the input that is judged.
   */
  function send(attack: Attack, headers: Record<string, string> = {}) {
    const url = attack.url ?? urlFor(attack.route.path, attack.route.params);
    const browser = t.browser();
    if (t.app.routeGuards.get(`${attack.route.method} ${attack.route.path}`)?.access !== "public") {
      browser.cookies.set(SESSION_COOKIE, adminSession);
    }
    return browser.request(attack.route.method as Method, url, attack.body, { raw: attack.raw, headers });
  }

  function expectRefused(response: LightMyRequestResponse, attack: Attack, statuses = [400, 422]) {
    const label = `${attack.route.method} ${attack.route.path} ${attack.label}`;
    expect(statuses, `${label} answered ${response.statusCode}: ${response.body.slice(0, 300)}`).toContain(
      response.statusCode,
    );
    expect(response.headers["content-type"], label).toMatch(/^application\/json/);
    const body = response.json();
    expect(body, label).toMatchObject({
      success: false,
      message: expect.stringMatching(/\S/),
      code: CODE_BY_STATUS[response.statusCode],
    });
    expect(
      Object.keys(body).filter((key) => !["success", "message", "code", "errors"].includes(key)),
    ).toEqual([]);
    expect(response.body, label).not.toMatch(INTERNALS);
    expect(response.body, label).not.toMatch(SQL);
    // The answer does not echo a huge payload back (no reflection / amplification).
    expect(response.body.length, label).toBeLessThan(4096);
    if (attack.onlyPath !== undefined && response.statusCode === 422) {
      expect(body.errors?.length, label).toBeGreaterThan(0);
      for (const issue of body.errors) expect(issue.path, label).toBe(attack.onlyPath);
    }
    return body as { message: string; code: string; errors?: Array<{ path: string; message: string }> };
  }

  /** Sends every attack (each from a new browser) and proves the database did not change. */
  async function attackAll(attacks: Attack[], statuses?: number[]) {
    expect(attacks.length).toBeGreaterThan(0);
    const before = await snapshotTables(t.db);
    for (const attack of attacks) expectRefused(await send(attack), attack, statuses);
    expect(await snapshotTables(t.db)).toEqual(before);
  }

  const bodyRoutes = () => routes.filter((route) => route.body);
  const baseline = (route: InputRoute) => (route.body ? sampleObject(route.body) : undefined);

  it("derives the attack surface from the app itself", () => {
    const listed = routes.map((route) => `${route.method} ${route.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        "POST /api/signup",
        "POST /api/login",
        "POST /api/auth/logout",
        "POST /api/email-verification/verify",
        "POST /api/email-verification/resend",
        "POST /api/password/forgot",
        "POST /api/password/reset",
      ]),
    );
    // Nothing under /api escapes the OpenAPI document (a hidden route would escape this suite).
    const documented = new Set(
      Object.keys((t.app.swagger() as { paths?: object }).paths ?? {}).map((path) =>
        path.replace(/\{([^}]+)\}/g, ":$1"),
      ),
    );
    const undocumented = registeredRoutes(t.app)
      .filter((route) => route.path.startsWith("/api/") && route.path !== "/api/openapi.json")
      .filter((route) => !documented.has(route.path));
    expect(undocumented).toEqual([]);
  });

  it("refuses missing required fields, naming each one", async () => {
    const attacks = bodyRoutes()
      .filter((route) => !route.bodyOptional && (route.body!.required ?? []).length > 0)
      .flatMap((route): Attack[] => [
        { label: "{}", route, body: {} },
        { label: "no body", route },
        { label: "null", route, body: null },
      ]);
    const before = await snapshotTables(t.db);
    for (const attack of attacks) {
      const body = expectRefused(await send(attack), attack);
      if (attack.label === "{}") {
        for (const field of attack.route.body!.required!) {
          expect(body.errors, `${attack.route.path} ${field}`).toContainEqual({
            path: field,
            message: "Required",
          });
        }
      }
    }
    expect(await snapshotTables(t.db)).toEqual(before);
  });

  it("refuses numbers, booleans, arrays, objects and null where strings are expected", async () => {
    const attacks = bodyRoutes().flatMap((route) =>
      stringFields(route.body!).flatMap(({ path, schema }) =>
        [42, true, ["a"], { a: "b" }, ...(acceptsNull(schema) ? [] : [null])].map(
          (value): Attack => ({
            label: `${path.join(".")}=${JSON.stringify(value)}`,
            route,
            body: withValue(baseline(route)!, path, value),
            onlyPath: path.join("."),
          }),
        ),
      ),
    );
    await attackAll(attacks);
  });

  // Over the route's body limit (64 KB for most) the parser refuses it (413) before validation would (422).
  it("refuses a 1 MB string in every string field with a short answer", async () => {
    const attacks = bodyRoutes().flatMap((route) =>
      stringFields(route.body!).map(
        ({ path }): Attack => ({
          label: `${path.join(".")}=<1 MB>`,
          route,
          body: withValue(baseline(route)!, path, HUGE),
          onlyPath: path.join("."),
        }),
      ),
    );
    await attackAll(attacks, [413, 422]);
  });

  it("refuses unknown extra fields and prototype tricks", async () => {
    const attacks = bodyRoutes().flatMap((route): Attack[] => [
      { label: "isAdmin", route, body: { ...baseline(route), isAdmin: true }, onlyPath: "" },
      { label: "role", route, body: { ...baseline(route), role: "admin", isPremium: true }, onlyPath: "" },
      { label: "1 MB key", route, body: { ...baseline(route), [HUGE]: 1 }, onlyPath: "" },
      {
        label: "20,000 keys",
        route,
        body: {
          ...baseline(route),
          ...Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])),
        },
        onlyPath: "",
      },
      { label: "__proto__", route, raw: `{"__proto__":{"isAdmin":true}}` },
      { label: "constructor.prototype", route, raw: `{"constructor":{"prototype":{"isAdmin":true}}}` },
    ]);
    await attackAll(attacks, [400, 413, 422]);
  });

  it("refuses JSON bodies that are not objects", async () => {
    const attacks = bodyRoutes().flatMap((route): Attack[] => [
      { label: "[]", route, body: [] },
      { label: "[{...}]", route, body: [baseline(route)] },
      { label: '"x"', route, body: "x" },
      { label: "42", route, body: 42 },
      { label: "true", route, body: true },
    ]);
    await attackAll(attacks);
  });

  it("refuses malformed JSON text with 400 BAD_REQUEST", async () => {
    const attacks = bodyRoutes().flatMap((route): Attack[] =>
      ["{bad", '{"username":', '{"a":1}}', "nul", "{'a':1}", "\u0000"].map((raw) => ({
        label: `raw ${JSON.stringify(raw)}`,
        route,
        raw,
      })),
    );
    await attackAll(attacks, [400]);
    const response = await send(attacks[0]!);
    expect(response.json()).toEqual({
      success: false,
      code: "BAD_REQUEST",
      message: "The request body is not valid JSON",
    });
  });

  it("refuses unknown, repeated and 1 MB query parameters", async () => {
    const attacks = routes
      .filter((route) => route.query.length > 0)
      .flatMap((route) => {
        const url = urlFor(route.path, route.params);
        const required = route.query.filter((param) => param.required);
        const base = required.map(
          (param) => `${param.name}=${encodeURIComponent(String(sampleValue(param.schema)))}`,
        );
        const query = (...parts: string[]) => `${url}?${[...base, ...parts].join("&")}`;
        return [
          { label: "?isAdmin", route, url: query("isAdmin=true"), body: baseline(route) },
          ...route.query.flatMap((param): Attack[] => [
            {
              label: `?${param.name} twice`,
              route,
              url: query(`${param.name}=a`, `${param.name}=b`),
              body: baseline(route),
              onlyPath: param.name,
            },
            {
              label: `?${param.name}=<1 MB>`,
              route,
              url: query(`${param.name}=${HUGE}`),
              body: baseline(route),
              onlyPath: param.name,
            },
          ]),
        ];
      });
    await attackAll(attacks);
  });

  it("refuses bodies over the route's limit with 413 PAYLOAD_TOO_LARGE before reading them", async () => {
    const raw = JSON.stringify({ padding: "x".repeat(3 * ONE_MB) });
    // The journal import takes whole journals: it has its own, larger limit, tested just above it.
    const rawOverImportLimit = JSON.stringify({ padding: "x".repeat(IMPORT_BODY_LIMIT + ONE_MB) });
    const before = await snapshotTables(t.db);
    for (const route of bodyRoutes()) {
      const isImport = route.path === "/api/dreams/import";
      const attack: Attack = {
        label: isImport ? "65 MB" : "3 MB",
        route,
        raw: isImport ? rawOverImportLimit : raw,
      };
      const body = expectRefused(await send(attack), attack, [413]);
      expect(body).toEqual({
        success: false,
        code: "PAYLOAD_TOO_LARGE",
        message: "Request body is too large",
      });
    }
    expect(await snapshotTables(t.db)).toEqual(before);
  });

  it("uses the spec's generic messages, in the caller's language", async () => {
    const valid = { email: "gen@example.com", password: "generic words 77" };
    const missing = await t.browser().post("/api/signup", valid);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      success: false,
      code: "VALIDATION",
      message: "username: Required",
      errors: [{ path: "username", message: "Required" }],
    });

    const number = await t.browser().post("/api/signup", { ...valid, username: 12345 });
    expect(number.statusCode).toBe(422);
    expect(number.json().errors).toContainEqual({
      path: "username",
      message: "Expected string, received number",
    });

    const spanish = await t.browser().post("/api/signup", valid, { headers: { "x-language": "es" } });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json()).toEqual({
      success: false,
      code: "VALIDATION",
      message: "username: Obligatorio",
      errors: [{ path: "username", message: "Obligatorio" }],
    });
    const spanishType = await t
      .browser()
      .post("/api/login", { username: ["a"], password: "x" }, { headers: { "x-language": "es" } });
    expect(spanishType.json().errors).toContainEqual({
      path: "username",
      message: "Se esperaba string y se recibió array",
    });
    const spanishJson = await t
      .browser()
      .post("/api/login", undefined, { raw: "{bad", headers: { "x-language": "es" } });
    expect(spanishJson.json()).toEqual({
      success: false,
      code: "BAD_REQUEST",
      message: "El cuerpo de la solicitud no es JSON válido",
    });
  });
});

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { HTTPMethods, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webDistDir } from "../plugins/web-app";
import { registeredRoutes, urlFor } from "./attack-surface";
import { createTestApp, signUpVerified, TEST_ORIGIN, type TestApp } from "./harness";

/**
 * Every answer the server gives carries the headers that keep stored text from becoming a script, the pages
 * from being framed, and responses from being sniffed into HTML: every route the router knows (hidden ones
 * too), signed out and signed in, plus the web pages, a built asset and not-found answers. HTTPS-only
 * transport (HSTS) is asked for exactly when the deployment says it is behind TLS (secure cookies).
 */

/** Six months: the least max-age HSTS preload lists and scanners accept. */
const HSTS_MIN_AGE = 15_552_000;

/** `script-src 'self'; object-src 'none'` -> { "script-src": ["'self'"], "object-src": ["'none'"] }. */
function directives(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

/** The sources a directive really has: its own, or default-src's when it is not given. */
function effective(policy: Map<string, string[]>, name: string, fallbacks: string[] = []): string[] {
  for (const candidate of [name, ...fallbacks, "default-src"]) {
    const sources = policy.get(candidate);
    if (sources) return sources;
  }
  return ["*"];
}

/** What is wrong with one answer's headers, one line each (empty when it is right). */
function problems(response: LightMyRequestResponse, expectHsts: boolean, api: boolean): string[] {
  const found: string[] = [];
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(", ") : value === undefined ? undefined : String(value);
  };
  const csp = header("content-security-policy");
  if (!csp) {
    found.push("no Content-Security-Policy");
  } else {
    const policy = directives(csp);
    for (const [name, fallbacks] of [
      ["script-src", []],
      ["script-src-elem", ["script-src"]],
      ["script-src-attr", ["script-src"]],
    ] as const) {
      const sources = effective(policy, name, [...fallbacks]);
      // Anything that lets markup written into a page run: inline code, eval, any host, data: or blob: URLs.
      const unsafe = sources.filter((source) =>
        [
          "'unsafe-inline'",
          "'unsafe-eval'",
          "'unsafe-hashes'",
          "*",
          "data:",
          "blob:",
          "http:",
          "https:",
        ].includes(source.toLowerCase()),
      );
      if (unsafe.length > 0) found.push(`${name} allows ${unsafe.join(" ")}`);
    }
    const ancestors = policy.get("frame-ancestors");
    if (!ancestors || !["'none'", "'self'"].includes(ancestors.join(" "))) {
      found.push(`frame-ancestors is ${ancestors?.join(" ") ?? "missing"}`);
    }
    const objects = effective(policy, "object-src");
    if (objects.join(" ") !== "'none'") found.push(`object-src is ${objects.join(" ")}`);
    const base = policy.get("base-uri");
    if (!base || !["'none'", "'self'"].includes(base.join(" ")))
      found.push(`base-uri is ${base?.join(" ") ?? "missing"}`);
    const forms = effective(policy, "form-action");
    if (forms.some((source) => !["'self'", "'none'"].includes(source)))
      found.push(`form-action is ${forms.join(" ")}`);
    if (policy.has("upgrade-insecure-requests") !== expectHsts) {
      found.push(`upgrade-insecure-requests ${expectHsts ? "missing behind TLS" : "sent on plain http"}`);
    }
  }
  if (header("x-content-type-options") !== "nosniff")
    found.push(`X-Content-Type-Options is ${header("x-content-type-options")}`);
  const referrer = header("referrer-policy");
  if (!referrer || /\b(unsafe-url|no-referrer-when-downgrade)\b/.test(referrer))
    found.push(`Referrer-Policy is ${referrer}`);
  if (header("x-powered-by") !== undefined) found.push(`X-Powered-By is ${header("x-powered-by")}`);
  const hsts = header("strict-transport-security");
  if (expectHsts) {
    const maxAge = Number(/max-age=(\d+)/i.exec(hsts ?? "")?.[1] ?? 0);
    if (maxAge < HSTS_MIN_AGE) found.push(`Strict-Transport-Security is ${hsts}`);
  } else if (hsts !== undefined) {
    found.push(`Strict-Transport-Security on plain http: ${hsts}`);
  }
  // An API answer typed as HTML would let reflected or stored text run in the app's origin.
  const type = header("content-type") ?? "";
  if (api && response.payload.length > 0 && /html|xml/i.test(type)) found.push(`API answer typed ${type}`);
  return found;
}

/** A built asset under /assets/ (a script when there is one), or null when the web app is not built. */
function builtAsset(): string | null {
  const dir = path.join(webDistDir, "assets");
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).sort((a, b) => Number(b.endsWith(".js")) - Number(a.endsWith(".js")));
  return files[0] ? `/assets/${files[0]}` : null;
}

interface Checked {
  label: string;
  /** An /api answer: JSON (or a download), never a document. */
  api: boolean;
  response: LightMyRequestResponse;
}

/** Every route the router knows (signed out: all methods; signed in: the reads), then the pages. */
async function answers(t: TestApp): Promise<Checked[]> {
  const checked: Checked[] = [];
  const routes = registeredRoutes(t.app);
  const send = async (method: string, url: string, cookie?: string) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, accept: "application/json" };
    if (cookie) headers.cookie = cookie;
    const withBody = !["GET", "HEAD", "OPTIONS"].includes(method);
    if (withBody) headers["content-type"] = "application/json";
    const response = await t.app.inject({
      method: method as HTTPMethods,
      url,
      headers,
      payload: withBody ? "{}" : undefined,
    });
    checked.push({
      label: `${method} ${url}${cookie ? " (signed in)" : ""} -> ${response.statusCode}`,
      api: url.startsWith("/api/"),
      response,
    });
  };
  for (const route of routes) await send(route.method, urlFor(route.path).replace(/\*/g, "x"));

  const { browser } = await signUpVerified(t, "header_reader");
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  for (const route of routes.filter((candidate) => ["GET", "HEAD"].includes(candidate.method))) {
    await send(route.method, urlFor(route.path).replace(/\*/g, "x"), cookie);
  }

  // The web pages a browser opens, a built asset, and not-found answers (page, API, asset).
  const pages = ["/", "/journal", "/journal?dream=1", "/admin/symbol-management", "/no-such-page"];
  const built = existsSync(path.join(webDistDir, "index.html"));
  for (const url of pages) {
    const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
    if (built) expect(response.headers["content-type"], `${url} is the app's page`).toMatch(/^text\/html/);
    checked.push({ label: `GET ${url} (page) -> ${response.statusCode}`, api: false, response });
  }
  const asset = builtAsset();
  for (const url of [asset, "/assets/no-such-file.js", "/api/no-such-route"]) {
    if (!url) continue;
    const response = await t.app.inject({ method: "GET", url });
    checked.push({ label: `GET ${url} -> ${response.statusCode}`, api: url.startsWith("/api/"), response });
  }
  const assetAnswer = checked.find((entry) => entry.label.startsWith(`GET ${asset} `));
  if (asset) expect(assetAnswer?.response.statusCode, "the built asset is served").toBe(200);
  expect(
    checked.find((entry) => entry.label.startsWith("GET /api/no-such-route "))?.response.statusCode,
  ).toBe(404);
  return checked;
}

/** security.ts asks for HTTPS exactly when cookies are secure: COOKIE_SECURE, by default NODE_ENV=production. */
const deployments: Array<{ deployment: string; env: Record<string, string>; hsts: boolean }> = [
  { deployment: "plain http (development and tests)", env: {}, hsts: false },
  {
    deployment: "production (secure cookies by default)",
    env: { NODE_ENV: "production", PUBLIC_URL: "https://chitta.example" },
    hsts: true,
  },
  { deployment: "behind a TLS proxy (COOKIE_SECURE=true)", env: { COOKIE_SECURE: "true" }, hsts: true },
];

describe.each(deployments)("security headers, $deployment", ({ deployment, env, hsts }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { env: { RATE_LIMITS: "off", ...env } });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`every answer carries the CSP, nosniff, a referrer policy, no X-Powered-By, and ${hsts ? "HSTS" : "no HSTS"}`, async () => {
    const checked = await answers(t);
    const wrong = checked.flatMap(({ label, api, response }) =>
      problems(response, hsts, api).map((problem) => `${label}: ${problem}`),
    );
    expect(wrong).toEqual([]);
    // The check is live: an answer stripped of its headers, or with a weakened policy, is reported.
    const real = await t.app.inject({ method: "GET", url: "/api/health" });
    const altered = (headers: Record<string, string>) =>
      ({ ...real, headers: { ...real.headers, ...headers } }) as unknown as LightMyRequestResponse;
    const stripped = { ...real, headers: { "x-powered-by": "Express" } } as unknown as LightMyRequestResponse;
    expect(problems(stripped, hsts, true)).toEqual([
      "no Content-Security-Policy",
      "X-Content-Type-Options is undefined",
      "Referrer-Policy is undefined",
      "X-Powered-By is Express",
      ...(hsts ? ["Strict-Transport-Security is undefined"] : []),
    ]);
    const weakened = String(real.headers["content-security-policy"])
      .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
      .replace("frame-ancestors 'none'", "frame-ancestors *");
    expect(problems(altered({ "content-security-policy": weakened }), hsts, true)).toEqual([
      "script-src allows 'unsafe-inline'",
      "script-src-elem allows 'unsafe-inline'",
      "frame-ancestors is *",
    ]);
    expect(problems(altered({ "content-type": "text/html; charset=utf-8" }), hsts, true)).toEqual([
      "API answer typed text/html; charset=utf-8",
    ]);
    const statuses = [...new Set(checked.map(({ response }) => response.statusCode))].sort((a, b) => a - b);
    console.info(
      `[trust] security headers (${deployment}, HSTS ${hsts ? "on" : "off"}): ${checked.length} responses checked (${registeredRoutes(t.app).length} registered routes; statuses ${statuses.join(", ")})`,
    );
  });
});

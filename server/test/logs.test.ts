import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index";
import { createTestApp, linkIn, signUpVerified, TEST_ORIGIN, type TestApp, testDrivers } from "./harness";

/**
 * Issue 6, item 11: what the logs may hold. The app logs at its most verbose level into memory while a
 * representative flow runs with canary values (passwords, session and mailed tokens, dream and symbol texts,
 * credential headers); none may reach the log. Security events are logged as audit lines with UTC time and the
 * request id, and input with CR/LF cannot forge a log line.
 */

const unique = () => randomBytes(6).toString("hex");

/** Canaries are letters, digits and hyphens: neither JSON nor URL encoding changes them, so a text search finds them. */
const canary = (label: string) => `${label}-canary-${unique()}`;

const FORGED = `\r\n{"level":30,"time":"2020-01-01T00:00:00.000Z","reqId":"forged","msg":"forged"}\r\n`;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  time: string;
  msg?: string;
  reqId?: string;
  event?: string;
  outcome?: string;
  route?: string | null;
  method?: string;
  statusCode?: number;
  userId?: number | null;
  targetId?: number | string;
  loginRef?: string;
  req?: { url?: string };
  err?: { message?: string; type?: string };
}

interface LogInspection {
  lines: LogLine[];
  /** Lines that are not one JSON object each. */
  invalid: string[];
  /** Lines whose message is the attacker's. */
  forged: LogLine[];
  /** Canary labels found, with the line holding them. */
  leaks: Array<{ label: string; line: string }>;
}

/** The checks every line of the captured log must pass. */
function inspectLog(text: string, canaries: Map<string, string>): LogInspection {
  const result: LogInspection = { lines: [], invalid: [], forged: [], leaks: [] };
  for (const raw of text.split("\n")) {
    if (raw === "") continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      result.invalid.push(raw);
      continue;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      result.invalid.push(raw);
      continue;
    }
    const line = parsed as LogLine;
    result.lines.push(line);
    if (line.msg === "forged" || line.reqId === "forged") result.forged.push(line);
    for (const [label, value] of canaries) {
      if (raw.includes(value) || raw.includes(encodeURIComponent(value)))
        result.leaks.push({ label, line: raw });
    }
  }
  return result;
}

const requestId = (response: LightMyRequestResponse) => String(response.headers["x-request-id"]);

describe.each(testDrivers)("logs on %s", (driver) => {
  let t: TestApp;
  let captured = "";
  const canaries = new Map<string, string>();
  const remember = (label: string, value: string) => {
    canaries.set(label, value);
    return value;
  };
  /** Request ids of the flow's answers, by what they were, for the audit checks. */
  const ids = new Map<string, string>();
  const note = (label: string, response: LightMyRequestResponse) => {
    ids.set(label, requestId(response));
    return response;
  };
  const logLines = () => inspectLog(captured, new Map()).lines;
  const linesOf = (label: string) => logLines().filter((line) => line.reqId === ids.get(label));
  const auditOf = (label: string) => {
    const found = linesOf(label).filter((line) => line.msg === "audit");
    expect(found, `one audit line for ${label}`).toHaveLength(1);
    expect(found[0]!.level, "audit lines are info").toBe(30);
    return found[0]!;
  };
  const people = { userId: 0, adminId: 0, plainId: 0, symbolId: 0 };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: { LOG_LEVEL: "trace" },
      logStream: {
        write(chunk: string) {
          captured += chunk;
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("runs sign-up, sign-in, reset, dreams, symbols and admin work with canaries", async () => {
    const username = `canary_${unique()}`;
    const email = `${username}@example.com`;
    const browser = t.browser();

    // Sign up with a canary password; the verification token comes from the mail.
    const password = remember("signup password", `Pw-${canary("signup")}`);
    const signup = note("signup", await browser.post("/api/signup", { username, email, password }));
    expect(signup.statusCode).toBe(201);
    const verifyLink = linkIn(await t.smtp.lastMailTo(email), `${TEST_ORIGIN}/verify-email`);
    const verifyToken = remember("verification token", verifyLink.searchParams.get("token")!);
    // The mailed link opened in a browser: a GET whose URL holds the token.
    note("open verify link", await browser.get(`${verifyLink.pathname}${verifyLink.search}`));
    const verified = note(
      "verify",
      await browser.post("/api/email-verification/verify", { token: verifyToken }),
    );
    expect(verified.statusCode).toBe(200);

    // Sign in: the session cookie's token is a canary too.
    const login = note("login", await browser.post("/api/login", { username, password }));
    expect(login.statusCode).toBe(200);
    people.userId = login.json().id;
    remember("session token (first)", browser.cookies.get("chitta_session")!);

    // A wrong password: an audited failure that must not name the password or what was typed as the name.
    const wrong = remember("wrong password", `Pw-${canary("wrong")}`);
    const typedName = remember("typed login name", canary("typedname"));
    note("login wrong password", await t.browser().post("/api/login", { username, password: wrong }));
    note(
      "login unknown name",
      await t.browser().post("/api/login", { username: typedName, password: wrong }),
    );

    // Password reset: the mailed token, opened as a page and then used.
    expect((await t.browser().post("/api/password/forgot", { email })).statusCode).toBe(200);
    const resetLink = linkIn(await t.smtp.lastMailTo(email), `${TEST_ORIGIN}/reset-password`);
    const resetToken = remember("reset token", resetLink.searchParams.get("token")!);
    note("open reset link", await t.browser().get(`${resetLink.pathname}${resetLink.search}`));
    const newPassword = remember("new password", `Pw-${canary("reset")}`);
    note(
      "reset",
      await t.browser().post("/api/password/reset", { token: resetToken, password: newPassword }),
    );
    expect(linesOf("reset")).not.toHaveLength(0);

    // Sign in again (the reset ended every session).
    const dreamer = t.browser();
    expect((await dreamer.post("/api/login", { username: email, password: newPassword })).statusCode).toBe(
      200,
    );
    remember("session token (after reset)", dreamer.cookies.get("chitta_session")!);

    // A dream with a canary phrase: translated, then saved.
    const phrase = remember("dream text", canary("dreamtext"));
    const content = `I walked through a flooded house and found a key marked ${phrase} under the stairs.`;
    expect((await dreamer.post("/api/translate-dream", { content })).statusCode).toBe(200);
    const title = remember("dream title", canary("dreamtitle"));
    expect((await dreamer.post("/api/dreams", { title, content })).statusCode).toBe(201);

    // A personal symbol with canary texts.
    const symbolText = remember("personal symbol text", canary("symboltext"));
    const symbolName = remember("personal symbol name", canary("symbolname"));
    const context = remember("personal symbol context", canary("symbolcontext"));
    expect(
      (
        await dreamer.post("/api/personal-symbols", {
          name: symbolName,
          description: symbolText,
          personalContext: context,
        })
      ).statusCode,
    ).toBe(201);

    // Failing requests that carry canaries: validation errors (unknown key, wrong enum, too long) and bad JSON.
    const rejected = remember("rejected input", canary("rejected"));
    for (const body of [
      { name: rejected, [rejected]: rejected },
      { name: "fine", category: rejected, frequency: rejected },
    ]) {
      expect((await dreamer.post("/api/personal-symbols", body)).statusCode).toBe(422);
    }
    expect(
      (await dreamer.post("/api/dreams", { content: `${rejected} `.repeat(400), category: rejected }))
        .statusCode,
    ).toBe(422);
    expect(
      (await dreamer.post("/api/login", undefined, { raw: `{"username":"${rejected}","password":` }))
        .statusCode,
    ).toBe(400);

    // A database failure while saving a dream: the failed query's parameters are the dream's text.
    const faulted = remember("dream text (failed save)", canary("faultdream"));
    await t.db.execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION trust_logs_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`,
      ),
    );
    await t.db.execute(
      sql.raw(
        "CREATE TRIGGER trust_logs_fault BEFORE INSERT ON dreams FOR EACH ROW EXECUTE FUNCTION trust_logs_fault()",
      ),
    );
    const failedSave = note(
      "failed save",
      await dreamer.post("/api/dreams", {
        content: `Again the corridor, and the word ${faulted} on the wall.`,
      }),
    );
    await t.db.execute(sql.raw("DROP TRIGGER trust_logs_fault ON dreams"));
    expect(failedSave.statusCode).toBe(500);
    // The failure was logged, with its cause but not its parameters (and the canary check covers this line).
    const errorLine = linesOf("failed save").find((line) => line.level >= 50 && line.err !== undefined);
    expect(errorLine?.err?.message).toContain("injected fault");
    expect(errorLine?.err?.message).toContain("redacted]");

    // Credential headers: a stray cookie, an Authorization header, a webhook signature.
    const cookieValue = remember("Cookie header value", canary("cookie"));
    const bearer = remember("Authorization header value", canary("bearer"));
    const signature = remember("Stripe-Signature header value", canary("stripesig"));
    const apiKey = remember("X-Api-Key header value", canary("apikey"));
    await dreamer.get("/api/user", {
      headers: { cookie: `tracker=${cookieValue}`, authorization: `Bearer ${bearer}`, "x-api-key": apiKey },
    });
    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": `t=1,v1=${signature}` },
      payload: JSON.stringify({ id: "evt_x", type: "checkout.session.completed" }),
    });
    expect(webhook.statusCode).toBeGreaterThanOrEqual(400);

    // A careless future log call that dumps headers or a body: the logger's redaction still holds.
    const dumped = remember("dumped credential", canary("dumped"));
    const credentials = {
      cookie: `chitta_session=${dumped}`,
      authorization: `Bearer ${dumped}`,
      "stripe-signature": `v1=${dumped}`,
      "set-cookie": [`chitta_session=${dumped}`],
    };
    t.app.log.info(
      { headers: credentials, request: { headers: credentials }, body: { password: dumped, token: dumped } },
      "careless dump",
    );
    const dump = logLines().find((line) => line.msg === "careless dump");
    expect(JSON.stringify(dump)).toContain("[redacted]");

    // Administrators: a lexicon symbol (created, edited, deleted), a processed report, a matcher trace.
    const boss = await signUpVerified(t, `boss_${unique()}`);
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.userId));
    people.adminId = boss.userId;
    const lexiconText = remember("admin symbol text", canary("lexicon"));
    const created = note(
      "admin create",
      await boss.browser.post("/api/admin/symbols", {
        key: `lantern_${unique()}`,
        name: "Lantern",
        nameEs: "Linterna",
        category: "object",
        description: lexiconText,
        descriptionEs: lexiconText,
        variations: ["lantern"],
      }),
    );
    expect(created.statusCode).toBe(201);
    people.symbolId = created.json().id;
    const editText = remember("admin edit text", canary("lexiconedit"));
    expect(
      note(
        "admin edit",
        await boss.browser.request("PATCH", `/api/admin/symbols/${people.symbolId}`, {
          description: editText,
        }),
      ).statusCode,
    ).toBe(200);
    await dreamer.post("/api/missing-symbols", { symbol: "hovercraft" });
    const report = (await boss.browser.get("/api/admin/missing-symbols")).json()[0];
    expect(
      note(
        "admin process",
        await boss.browser.post(`/api/admin/missing-symbols/${report.id}/process`, { action: "dismiss" }),
      ).statusCode,
    ).toBe(200);
    const traced = remember("admin trace text", canary("tracetext"));
    expect(
      (await boss.browser.post("/api/admin/debug-symbols", { text: `a snake and ${traced}` })).statusCode,
    ).toBe(200);
    note(
      "admin replay missing",
      await boss.browser.post("/api/admin/billing/events/evt_missing_0001/replay", undefined),
    );
    expect(
      note("admin delete", await boss.browser.request("DELETE", `/api/admin/symbols/${people.symbolId}`))
        .statusCode,
    ).toBe(200);

    // Denials: a signed-in non-administrator and a guest.
    const plain = await signUpVerified(t, `plain_${unique()}`);
    people.plainId = plain.userId;
    expect(
      note("non-admin write", await plain.browser.request("DELETE", `/api/admin/symbols/${people.symbolId}`))
        .statusCode,
    ).toBe(403);
    expect(note("non-admin read", await plain.browser.get("/api/admin/billing")).statusCode).toBe(403);
    expect(note("guest read", await t.browser().get("/api/dreams")).statusCode).toBe(401);

    // Sign out.
    expect(note("logout", await dreamer.post("/api/auth/logout")).statusCode).toBe(200);
  }, 60_000);

  it("logs sign-ins, sign-outs, denials and admin writes as audit events with UTC time and request id", () => {
    const userId = people.userId;
    expect(auditOf("signup")).toMatchObject({ event: "auth.signup", outcome: "success", userId });
    expect(auditOf("verify")).toMatchObject({ event: "auth.email_verify", outcome: "success", userId });
    const success = auditOf("login");
    expect(success).toMatchObject({ event: "auth.login", outcome: "success", userId: people.userId });
    expect(success.time).toMatch(ISO_UTC);
    expect(success.reqId).toMatch(UUID);

    for (const label of ["login wrong password", "login unknown name"]) {
      const failure = auditOf(label);
      expect(failure).toMatchObject({
        event: "auth.login",
        outcome: "failure",
        statusCode: 401,
        userId: null,
      });
      expect(failure.loginRef).toMatch(/^[0-9a-f]{16}$/);
      expect(Object.keys(failure)).not.toContain("username");
    }
    // The same name typed twice gives the same reference, different names different ones.
    expect(auditOf("login wrong password").loginRef).not.toBe(auditOf("login unknown name").loginRef);

    expect(auditOf("reset")).toMatchObject({ event: "auth.password_reset", outcome: "success" });
    expect(auditOf("logout")).toMatchObject({
      event: "auth.logout",
      outcome: "success",
      userId: people.userId,
    });

    const admin = { event: "admin.action", userId: people.adminId };
    expect(auditOf("admin create")).toMatchObject({
      ...admin,
      outcome: "success",
      method: "POST",
      route: "/api/admin/symbols",
      targetId: people.symbolId,
    });
    expect(auditOf("admin edit")).toMatchObject({ ...admin, outcome: "success", targetId: people.symbolId });
    expect(auditOf("admin process")).toMatchObject({ ...admin, outcome: "success" });
    expect(auditOf("admin replay missing")).toMatchObject({
      ...admin,
      outcome: "failure",
      statusCode: 404,
      targetId: "evt_missing_0001",
    });
    expect(auditOf("admin delete")).toMatchObject({ ...admin, outcome: "success", method: "DELETE" });

    expect(auditOf("non-admin write")).toMatchObject({
      event: "admin.action",
      outcome: "denied",
      statusCode: 403,
      userId: people.plainId,
      route: "/api/admin/symbols/:id",
      // Refused before validation: the id as sent (it passed the log's own safety check), not yet a number.
      targetId: String(people.symbolId),
    });
    expect(auditOf("non-admin read")).toMatchObject({
      event: "access.denied",
      outcome: "denied",
      statusCode: 403,
      userId: people.plainId,
      route: "/api/admin/billing",
    });
    expect(auditOf("guest read")).toMatchObject({
      event: "access.denied",
      outcome: "denied",
      statusCode: 401,
      userId: null,
      route: "/api/dreams",
    });

    // Opening a mailed link is logged with its URL, the token redacted.
    const opened = linesOf("open reset link").find((line) => line.req?.url);
    expect(opened?.req?.url).toBe("/reset-password?token=[redacted]");
  });

  it("takes a safe X-Request-Id from the caller, replaces any other, and echoes it", async () => {
    const chosen = `trust-logs-${unique()}`;
    const kept = await t.browser().get("/api/health", { headers: { "x-request-id": chosen } });
    expect(requestId(kept)).toBe(chosen);
    expect(logLines().filter((line) => line.reqId === chosen).length).toBeGreaterThan(0);

    for (const hostile of [`abc${FORGED}`, "short", "x".repeat(65), "semi;colon-12345", "../../etc/passwd"]) {
      const replaced = await t.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": hostile },
      });
      expect(requestId(replaced)).toMatch(UUID);
    }
  });

  it("keeps CR/LF input from forging log lines (username, header, path, query, host)", async () => {
    const forger = t.browser();
    await forger.post("/api/login", { username: `mallory${FORGED}`, password: `x${FORGED}` });
    await forger.post("/api/signup", { username: `mallory${FORGED}`, email: "m@example.com", password: "x" });
    await forger.get(`/api/dreams/${encodeURIComponent(FORGED)}`);
    await forger.get(`/nowhere/${encodeURIComponent(FORGED)}?q=${encodeURIComponent(FORGED)}`);
    await forger.get(`/api/admin/symbols?q=${encodeURIComponent(FORGED)}`);
    await t.app.inject({ method: "GET", url: "/api/health", headers: { "user-agent": FORGED } });
    // Raw CR/LF where the HTTP layer lets them through untouched in tests: the Host header and the URL.
    await t.app.inject({ method: "GET", url: "/api/health", headers: { host: `evil${FORGED}` } });
    await t.app.inject({ method: "GET", url: `/api/health?x=${FORGED}` });
    // The raw-CR/LF requests above were logged (so the host / URL fields really carried the attacker's text).
    expect(captured).toContain(String.raw`\r\n{\"level\":30`);
  }, 30_000);

  it("holds every line of the captured log to the rules, and would catch a forged line or a canary", () => {
    const inspection = inspectLog(captured, canaries);
    expect(inspection.lines.length).toBeGreaterThan(100);
    expect(inspection.invalid).toEqual([]);
    expect(inspection.forged).toEqual([]);
    expect(inspection.leaks.map((leak) => `${leak.label}: ${leak.line.slice(0, 300)}`)).toEqual([]);
    // Verbose logging really was on (trace and debug allowed), so silence is not why nothing leaked.
    expect(inspection.lines.some((line) => line.msg === "incoming request")).toBe(true);

    for (const line of inspection.lines) expect(line.time, JSON.stringify(line)).toMatch(ISO_UTC);
    const audits = inspection.lines.filter((line) => line.msg === "audit");
    for (const line of audits) {
      expect(line.level).toBe(30);
      expect(typeof line.reqId).toBe("string");
      expect(typeof line.event).toBe("string");
      expect(typeof line.outcome).toBe("string");
    }

    // The checker itself: a forged line, a broken line and a leaked canary are all caught.
    const [label, value] = [...canaries][0]!;
    const tampered = `${captured}{"level":30,"time":"2020-01-01T00:00:00.000Z","msg":"forged"}\nnot json\n{"level":30,"msg":"${value}"}\n`;
    const caught = inspectLog(tampered, canaries);
    expect(caught.forged).toHaveLength(1);
    expect(caught.invalid).toEqual(["not json"]);
    expect(caught.leaks.map((leak) => leak.label)).toEqual([label]);

    if (process.env.TRUST_LOGS_DUMP) writeFileSync(process.env.TRUST_LOGS_DUMP, captured);
    console.info(
      `[trust] logs (${driver}): ${inspection.lines.length} lines checked, ${inspection.leaks.length} canaries ` +
        `(${canaries.size} canary values), ${audits.length} audit events with UTC time and request id, ` +
        `${inspection.forged.length} forged lines`,
    );
  });
});

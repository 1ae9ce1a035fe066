import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp, testDrivers } from "./harness";

/**
 * Issue 12, item 8: without SMTP_URL mails go to the outbox folder. In production the log says only that a mail
 * went there and which file: no link (a live token), no address, and the file name holds no address either.
 * Outside production the links are still logged, so a laptop user can follow them (decisions, "Notifications").
 * Item 6 rides along: a caller's X-Request-Id that is not a short plain token never reaches the log.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const unique = () => randomBytes(5).toString("hex");

interface OutboxMail {
  file: string;
  to: string[];
  links: string[];
}

/** Every mail in the outbox, waiting (bounded) until `count` are there: a mail may be sent by a background job. */
async function outboxMails(dir: string, count: number): Promise<OutboxMail[]> {
  const deadline = Date.now() + 10_000;
  const files = () => (existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".eml")) : []);
  while (files().length < count && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
  const mails: OutboxMail[] = [];
  for (const file of files().sort()) {
    const mail = await simpleParser(readFileSync(path.join(dir, file)));
    mails.push({
      file,
      to: [mail.to ?? []].flat().flatMap((to) => to.value.map((each) => each.address ?? "")),
      links: (mail.text ?? "").match(/https?:\/\/\S+/g) ?? [],
    });
  }
  return mails;
}

async function outboxApp(driver: (typeof testDrivers)[number], env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chitta-outbox-logs-"));
  let log = "";
  const t = await createTestApp(driver, {
    outbox: true,
    env: { DATA_DIR: dataDir, LOG_LEVEL: "trace", ...env },
    logStream: {
      write(chunk: string) {
        log += chunk;
      },
    },
  });
  return {
    t,
    outboxDir: path.join(dataDir, "outbox"),
    log: () => log,
    lines: () =>
      log
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up (verification mail), then asks for a password reset (reset mail); the address differs from the name. */
async function signUpAndForget(t: TestApp) {
  const username = `outbox_${unique()}`;
  const email = `addr-${unique()}@example.com`;
  const signup = await t
    .browser()
    .post("/api/signup", { username, email, password: "correct horse battery 9" });
  expect(signup.statusCode).toBe(201);
  expect((await t.browser().post("/api/password/forgot", { email })).statusCode).toBe(200);
  return { username, email };
}

describe.each(testDrivers)("outbox mail in the logs on %s", (driver) => {
  let production: Awaited<ReturnType<typeof outboxApp>>;
  const opened: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    production = await outboxApp(driver, { NODE_ENV: "production", COOKIE_SECURE: "false" });
    opened.push(production);
  });
  afterAll(async () => {
    for (const app of opened) await app.close();
  });

  it("in production logs only the outbox file: no token, link or address in any line or file name", async () => {
    const local = production;
    const { email } = await signUpAndForget(local.t);

    const mails = await outboxMails(local.outboxDir, 2);
    expect(mails.map((mail) => mail.to)).toEqual([[email], [email]]);
    const links = mails.flatMap((mail) => mail.links);
    const tokens = links.map((link) => new URL(link).searchParams.get("token")).filter(Boolean) as string[];
    expect(links.some((link) => link.startsWith(`${TEST_ORIGIN}/verify-email?token=`))).toBe(true);
    expect(links.some((link) => link.startsWith(`${TEST_ORIGIN}/reset-password?token=`))).toBe(true);
    expect(tokens).toHaveLength(2);

    // The file names hold neither the address nor its local part.
    const localPart = email.split("@")[0]!;
    for (const mail of mails) expect(mail.file).not.toContain(localPart);

    // Each mail was logged, by its file only.
    const outboxLines = local.lines().filter((line) => line.msg === "mail written to outbox");
    expect(outboxLines).toHaveLength(2);
    for (const line of outboxLines) {
      expect(Object.keys(line).sort()).toEqual(["file", "level", "msg", "pid", "hostname", "time"].sort());
      expect(mails.map((mail) => mail.file)).toContain(path.basename(String(line.file)));
    }

    // No line anywhere holds a token, a mailed link or the address (in plain or URL-encoded form).
    const secrets = [...tokens, ...links, email, localPart];
    for (const line of local.log().split("\n")) {
      for (const secret of secrets) {
        expect(line.includes(secret) || line.includes(encodeURIComponent(secret)), line).toBe(false);
      }
    }
  });

  it("outside production still logs the recipient and the links, so a laptop user can follow them", async () => {
    const local = await outboxApp(driver, { NODE_ENV: "development" });
    opened.push(local);
    const { email } = await signUpAndForget(local.t);
    const mails = await outboxMails(local.outboxDir, 2);
    const outboxLines = local.lines().filter((line) => line.msg === "mail written to outbox");
    expect(outboxLines.map((line) => line.to)).toEqual([email, email]);
    expect(outboxLines.flatMap((line) => line.links as string[]).sort()).toEqual(
      mails.flatMap((mail) => mail.links).sort(),
    );
  });

  it("replaces a long or odd X-Request-Id and never writes it to the log", async () => {
    const local = production;
    const marker = `rid${unique()}`;
    const hostile = [
      `${marker}-${"a".repeat(64)}`, // too long
      `${marker}<script>`, // odd characters
      `${marker} spaced`,
      `${marker}%0d%0a`,
      `${marker}/../..`,
    ];
    for (const id of hostile) {
      const response = await local.t.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": id },
      });
      expect(String(response.headers["x-request-id"])).toMatch(UUID);
    }
    expect(local.lines().some((line) => line.msg === "incoming request")).toBe(true);
    expect(local.log()).not.toContain(marker);
  });
});

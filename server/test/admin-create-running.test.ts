import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type ApiClient, freePort, signUpVerified } from "../../scripts/lib/local-app";

/**
 * Issue 12, item 9, as a person runs it: `npm start` on the embedded database, then `npm run admin:create` while
 * it runs. The command asks the running server, the grant shows at once, a second server on the same data
 * folder refuses to start and touches nothing, and the grant survives a restart.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PASSWORD = "correct horse battery 9";

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node --import tsx <script>` (what tsx runs, without its wrapper process), its output kept. */
function run(script: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

async function waitForHealth(url: string, server: Run): Promise<void> {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  for (let tries = 0; tries < 600; tries++) {
    if (exited) throw new Error(`the server exited while starting:\n${server.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not start:\n${server.output()}`);
}

describe("npm run admin:create while the server runs on the embedded database", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chitta-admin-running-"));
  const running: Run[] = [];
  afterAll(async () => {
    for (const each of running) {
      if (each.child.exitCode === null && each.child.signalCode === null) {
        each.child.kill("SIGKILL");
        await each.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("grants through the running server at once, refuses a second server, and the grant survives a restart", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The embedded database and the outbox, whatever the test run was given.
    const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
    const env = {
      ...inherited,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMITS: "off",
    };
    const start = () => {
      const server = run("server/main.ts", [], env);
      running.push(server);
      return server;
    };
    const local = { url, origin: url, outboxDir: path.join(dataDir, "outbox") };
    const isAdmin = async (client: ApiClient) =>
      ((await client.expect(200, "GET", "/api/user")).body as { isAdmin: boolean }).isAdmin;

    const server = start();
    await waitForHealth(url, server);
    const keeper = await signUpVerified(local, "keeper", PASSWORD);
    const later = await signUpVerified(local, "later", PASSWORD);
    expect(await isAdmin(keeper)).toBe(false);

    // admin:create while the server runs: success, and the running server sees it on the next request.
    const grant = run("scripts/admin-create.ts", ["keeper"], env);
    expect(await grant.exited, grant.output()).toBe(0);
    expect(grant.output()).toContain("keeper (keeper@example.com) is now an administrator.");
    expect(await isAdmin(keeper)).toBe(true);
    const unknown = run("scripts/admin-create.ts", ["nobody-here"], env);
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('No account "nobody-here"');

    // A second server on the same data folder refuses, naming the process that holds it; the first one serves on.
    const second = run("server/main.ts", [], { ...env, PORT: String(await freePort()) });
    running.push(second);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`is in use by another process (pid ${server.child.pid},`);
    expect(second.output()).not.toContain("CHITTA is running");
    expect(await isAdmin(keeper)).toBe(true);

    // Stopped: the lock and the socket go; admin:create then opens the database itself.
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    expect(existsSync(path.join(dataDir, "admin.sock"))).toBe(false);
    const direct = run("scripts/admin-create.ts", ["later@example.com"], env);
    expect(await direct.exited, direct.output()).toBe(0);

    // Restarted: both grants are there (the sessions too).
    const restarted = start();
    await waitForHealth(url, restarted);
    expect(await isAdmin(keeper)).toBe(true);
    expect(await isAdmin(later)).toBe(true);
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
  }, 600_000);
});

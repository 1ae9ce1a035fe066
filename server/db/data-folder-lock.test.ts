import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./client";

/**
 * Issue 12, item 9: one process per embedded data folder. A second open of a folder in use is refused at once,
 * with who holds it and what to do, and leaves the first one's data alone; a lock left by a dead process is
 * taken over. (The two-process case, server and admin:create, is in server/test/admin-create-running.test.ts.)
 */

const folders: string[] = [];
const newDataDir = () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "chitta-lock-"));
  folders.push(root);
  return path.join(root, "pglite");
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The pid of a process that has exited (and so no longer exists). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid!;
}

/** A new data folder filled from the migrated test snapshot (quicker than initialising an empty cluster). */
const fromSnapshot = (dataDir: string) =>
  openDatabase({ kind: "pglite", dataDir, loadDataDir: new Blob([readFileSync(inject("pgliteSnapshot"))]) });

/** The notes table's bodies, in order. */
async function notes(database: DatabaseHandle): Promise<string[]> {
  const result = (await database.db.execute(sql`select body from notes order by body`)) as unknown as {
    rows: Array<{ body: string }>;
  };
  return result.rows.map((row) => row.body);
}

const lockOf = (dataDir: string) => JSON.parse(readFileSync(`${dataDir}.lock`, "utf8"));

describe("embedded data folder lock", () => {
  it("refuses a second open while the first is open, and the first one's data stays intact", async () => {
    const dataDir = newDataDir();
    const first = await fromSnapshot(dataDir);
    await first.db.execute(sql`create table notes (body text not null)`);
    await first.db.execute(sql`insert into notes values ('written by the first')`);
    const before = readdirSync(dataDir).sort();

    let refused: unknown;
    let second: DatabaseHandle | undefined;
    try {
      second = await openDatabase({ kind: "pglite", dataDir });
    } catch (error) {
      refused = error;
    }
    await second?.close();
    expect(second, "a second handle on the same folder").toBeUndefined();
    expect(String((refused as Error).message)).toContain(`in use by another process (pid ${process.pid},`);
    expect(String((refused as Error).message)).toContain("stop that process first");
    expect(readdirSync(dataDir).sort()).toEqual(before);

    // The first handle still works, and what it wrote is there after a clean reopen.
    await first.db.execute(sql`insert into notes values ('after the refusal')`);
    await first.close();
    expect(existsSync(`${dataDir}.lock`), "released on close").toBe(false);
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    expect(await notes(reopened)).toEqual(["after the refusal", "written by the first"]);
    await reopened.close();
  });

  it("takes over a lock whose process is gone", async () => {
    const dataDir = newDataDir();
    const seeded = await fromSnapshot(dataDir);
    await seeded.db.execute(sql`create table notes (body text not null)`);
    await seeded.db.execute(sql`insert into notes values ('kept')`);
    await seeded.close();
    // A server killed with SIGKILL leaves its lock behind.
    const stale = {
      pid: deadPid(),
      startedAt: "2020-01-01T00:00:00.000Z",
      command: "node main.ts",
      nonce: "old",
    };
    writeFileSync(`${dataDir}.lock`, JSON.stringify(stale));

    const taken = await openDatabase({ kind: "pglite", dataDir });
    expect(lockOf(dataDir).pid).toBe(process.pid);
    expect(await notes(taken)).toEqual(["kept"]);
    await taken.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it("takes over a lock with this process's pid that this process does not hold (a restarted container)", async () => {
    const dataDir = newDataDir();
    const leftOver = {
      pid: process.pid,
      startedAt: "2020-01-01T00:00:00.000Z",
      command: "node",
      nonce: "old",
    };
    writeFileSync(`${dataDir}.lock`, JSON.stringify(leftOver));
    const taken = await fromSnapshot(dataDir);
    expect(lockOf(dataDir).nonce).not.toBe("old");
    await taken.close();
  });
});

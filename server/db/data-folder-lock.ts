import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * One process per embedded data folder. PGlite is a single-user PostgreSQL: two processes on one folder each
 * keep their own copy in memory and overwrite the other's writes (or corrupt the folder). The owner's pid and
 * start time are kept in `<folder>.lock`, created atomically; a second process refuses at once, before it opens
 * anything. A lock whose process is gone (killed, crashed, a container restarted) is taken over.
 */

interface LockOwner {
  pid: number;
  startedAt: string;
  command: string;
  /** Tells this process's own lock from a left-over one with the same pid (pid 1 in a restarted container). */
  nonce: string;
}

/** Another live process has the data folder open. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly owner: Pick<LockOwner, "pid" | "startedAt" | "command">,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${owner.pid}, "${owner.command}", ` +
        `started ${owner.startedAt}). Only one process may open it at a time: stop that process first ` +
        "(`npm run admin:create` works while the server runs: it asks the server). If no such process is " +
        `running any more, delete ${lockFile}.`,
    );
    this.name = "DataFolderLockedError";
  }
}

/** Locks held by this process, by lock file: a second open in the same process is refused too. */
const held = new Map<string, string>();
let exitHookInstalled = false;

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" && typeof owner.nonce === "string" ? (owner as LockOwner) : null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner, file: string): boolean {
  // The same pid as ours is either this process (it holds the lock) or a previous life of a restarted container.
  if (owner.pid === process.pid) return held.get(file) === owner.nonce;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

function release(file: string): void {
  const nonce = held.get(file);
  if (nonce === undefined) return;
  held.delete(file);
  // Only our own lock: after a takeover by someone else the file is theirs.
  if (readOwner(file)?.nonce === nonce) rmSync(file, { force: true });
}

/**
 * Takes the lock of an embedded data folder, or throws DataFolderLockedError. Returns the release function
 * (also run when the process exits).
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  const owner: LockOwner = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    command: [path.basename(process.argv0), ...process.argv.slice(1).map((arg) => path.basename(arg))]
      .join(" ")
      .slice(0, 200),
    nonce: randomBytes(8).toString("hex"),
  };
  // Written in full beside the lock, then linked into place: the lock file never exists half-written.
  const draft = `${file}.${owner.nonce}.draft`;
  writeFileSync(draft, JSON.stringify(owner), { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, file);
        held.set(file, owner.nonce);
        if (!exitHookInstalled) {
          exitHookInstalled = true;
          process.on("exit", () => {
            for (const lock of [...held.keys()]) release(lock);
          });
        }
        return () => release(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const current = readOwner(file);
      if (current && isAlive(current, file)) throw new DataFolderLockedError(dataDir, file, current);
      // Stale (or unreadable): move exactly that file aside; if another process replaced it meanwhile with its
      // own live lock, put that one back.
      const aside = `${file}.${owner.nonce}.stale`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      const moved = readOwner(aside);
      if (current && moved?.nonce !== current.nonce) {
        try {
          linkSync(aside, file);
        } catch {
          // Someone else holds it by now; the next round reads who.
        }
      }
      rmSync(aside, { force: true });
    }
    const current = readOwner(file);
    throw current
      ? new DataFolderLockedError(dataDir, file, current)
      : new Error(`Could not take the lock ${file}`);
  } finally {
    rmSync(draft, { force: true });
  }
}

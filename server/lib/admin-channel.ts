import { chmodSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import path from "node:path";

/**
 * A local-only channel between the running server and `npm run admin:create`: with the embedded database only
 * one process may open the data folder, so the command asks the server to make the grant. A unix socket in the
 * data folder, readable and writable by the server's own user only (who can read the database files anyway);
 * one JSON line asked, one JSON line answered.
 */

export type AdminRequest = { command: "grant-admin"; login: string };
export type AdminAnswer =
  | { ok: true; username: string; email: string }
  | { ok: false; error: "no-account" | "bad-request" | "failed" };

export interface AdminHandlers {
  /** The account made an administrator, or null when no account has that username or email. */
  grantAdmin(login: string): Promise<{ username: string; email: string } | null>;
}

const MAX_REQUEST_BYTES = 4096;
const TIMEOUT_MS = 10_000;

export const adminSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), "admin.sock");

function parseRequest(line: string): AdminRequest | null {
  try {
    const value = JSON.parse(line) as Partial<AdminRequest>;
    return value.command === "grant-admin" && typeof value.login === "string" && value.login.length > 0
      ? { command: "grant-admin", login: value.login }
      : null;
  } catch {
    return null;
  }
}

/**
 * Listens on the socket (a left-over file from a crashed server is replaced: the caller holds the data folder's
 * lock, so no other server can be listening there). Resolves once listening; close() also removes the file.
 */
export async function serveAdminChannel(
  socketPath: string,
  handlers: AdminHandlers,
  log: { error(object: object, message: string): void },
): Promise<{ close(): Promise<void> }> {
  rmSync(socketPath, { force: true });
  const server: Server = createServer((socket) => {
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy());
    socket.on("error", () => {});
    let buffered = "";
    const answer = (reply: AdminAnswer) => socket.end(`${JSON.stringify(reply)}\n`);
    socket.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const end = buffered.indexOf("\n");
      if (end < 0) {
        if (buffered.length > MAX_REQUEST_BYTES) answer({ ok: false, error: "bad-request" });
        return;
      }
      socket.removeAllListeners("data");
      const request = parseRequest(buffered.slice(0, end));
      if (!request) return answer({ ok: false, error: "bad-request" });
      handlers.grantAdmin(request.login).then(
        (user) =>
          answer(
            user
              ? { ok: true, username: user.username, email: user.email }
              : { ok: false, error: "no-account" },
          ),
        (error: unknown) => {
          log.error({ err: error }, "admin channel: granting failed");
          answer({ ok: false, error: "failed" });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}

/** Asks the server listening on the socket; null when none listens there. */
export function askAdminChannel(socketPath: string, request: AdminRequest): Promise<AdminAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let received = "";
    socket.setTimeout(TIMEOUT_MS, () => {
      socket.destroy();
      reject(new Error(`The server did not answer on ${socketPath}`));
    });
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as AdminAnswer);
      } catch {
        reject(new Error(`The server answered something unexpected on ${socketPath}`));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}

/**
 * Makes an existing account an administrator: `npm run admin:create -- <username or email>`.
 * Uses the same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR). With the
 * embedded database only one process may open the data folder: while the server runs, this asks the server
 * (over a socket in DATA_DIR only the same user can open), and the grant takes effect at once.
 */
import { ConfigError, parseConfig } from "../server/config";
import { type DatabaseHandle, openDatabase, targetFromConfig } from "../server/db/client";
import { DataFolderLockedError } from "../server/db/data-folder-lock";
import { adminSocketPath, askAdminChannel } from "../server/lib/admin-channel";
import { grantAdmin } from "../server/modules/accounts/grant-admin";

function granted(user: { username: string; email: string }) {
  console.log(`${user.username} (${user.email}) is now an administrator.`);
}

function noAccount(login: string) {
  console.error(`No account "${login}". Sign up first, then run this again.`);
  process.exitCode = 1;
}

/** The running server makes the grant; false when no server answers on the data folder's socket. */
async function askRunningServer(dataDir: string, login: string): Promise<boolean> {
  const answer = await askAdminChannel(adminSocketPath(dataDir), { command: "grant-admin", login });
  if (!answer) return false;
  if (answer.ok) granted(answer);
  else if (answer.error === "no-account") noAccount(login);
  else throw new Error(`The running server could not make the grant (${answer.error}); see its log.`);
  return true;
}

async function main() {
  const login = process.argv[2];
  if (!login) {
    console.error("Usage: npm run admin:create -- <username or email>");
    process.exit(2);
  }
  const config = parseConfig();
  let database: DatabaseHandle;
  try {
    database = await openDatabase(targetFromConfig(config));
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    if (await askRunningServer(config.dataDir, login)) return;
    // Held by a process that is not a running server (still starting, or another command): nothing was touched.
    throw error;
  }
  try {
    await database.migrate();
    const user = await grantAdmin(database.db, login);
    if (user) granted(user);
    else noAccount(login);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError || error instanceof DataFolderLockedError ? error.message : error,
  );
  process.exit(1);
});

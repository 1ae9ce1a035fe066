/**
 * Makes an existing account an administrator: `npm run admin:create -- <username or email>`.
 * Uses the same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR).
 */
import { ConfigError, parseConfig } from "../server/config";
import { openDatabase, targetFromConfig } from "../server/db/client";
import { grantAdmin } from "../server/modules/accounts/grant-admin";

async function main() {
  const login = process.argv[2];
  if (!login) {
    console.error("Usage: npm run admin:create -- <username or email>");
    process.exit(2);
  }
  const config = parseConfig();
  const database = await openDatabase(targetFromConfig(config));
  try {
    await database.migrate();
    const user = await grantAdmin(database.db, login);
    if (!user) {
      console.error(`No account "${login}". Sign up first, then run this again.`);
      process.exitCode = 1;
      return;
    }
    console.log(`${user.username} (${user.email}) is now an administrator.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

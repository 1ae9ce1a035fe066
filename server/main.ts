import { buildApp } from "./app";
import { type AppConfig, ConfigError, parseConfig } from "./config";
import { openDatabase, targetFromConfig } from "./db/client";
import { seedDatabase } from "./db/seed/seed";

function loadConfigOrExit(): AppConfig {
  try {
    return parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase(targetFromConfig(config));
  await database.migrate();
  await seedDatabase(database.db);
  const app = await buildApp({ config, database });
  app.addHook("onClose", async () => database.close());

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, "shutting down");
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ host: config.host, port: config.port });
  const where =
    database.driver === "pglite" ? `embedded PostgreSQL in ${config.dataDir}/pglite` : "PostgreSQL";
  console.log(`\nCHITTA is running at ${config.publicUrl} (database: ${where})\n`);
}

void main();

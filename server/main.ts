import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type AppConfig, ConfigError, parseConfig } from "./config";
import { type DatabaseHandle, openDatabase, targetFromConfig } from "./db/client";
import { DataFolderLockedError } from "./db/data-folder-lock";
import { seedDatabase } from "./db/seed/seed";
import { adminSocketPath, serveAdminChannel } from "./lib/admin-channel";
import { grantAdmin } from "./modules/accounts/grant-admin";

/**
 * Longest a stop may take. Closing waits for the requests in flight, and one can hang (a client that never sends
 * the rest of its body, a frozen database): past this the process exits anyway, with 1, rather than be killed
 * by the orchestrator's own timeout with no word in the logs. Orchestrators commonly wait 10 s or more after
 * SIGTERM; requests the server answers take milliseconds.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;

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

/**
 * The embedded database is this process's alone: `npm run admin:create` asks it over a local socket instead of
 * opening the data folder itself. Serving without the channel beats not serving: the command then says whom to stop.
 */
async function serveAdminCommands(config: AppConfig, database: DatabaseHandle, app: FastifyInstance) {
  try {
    return await serveAdminChannel(
      adminSocketPath(config.dataDir),
      {
        async grantAdmin(login) {
          const user = await grantAdmin(database.db, login);
          if (user) app.log.info({ userId: user.id }, "administrator granted by npm run admin:create");
          return user;
        },
      },
      app.log,
    );
  } catch (error) {
    app.log.warn({ err: error }, "admin channel unavailable: npm run admin:create needs the server stopped");
    return undefined;
  }
}

async function prepareDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const database = await openDatabase(targetFromConfig(config));
  await database.migrate();
  await seedDatabase(database.db);
  return database;
}

async function main() {
  const config = loadConfigOrExit();
  // The database opens, migrates and seeds while the application's modules load: both wait on files and the
  // module loader's thread much of the time, so a start takes less than one after the other.
  const [database, { buildApp }] = await Promise.all([prepareDatabase(config), import("./app")]);
  const app = await buildApp({
    config,
    database,
    warmUp: true,
    engineCacheDir: path.join(config.dataDir, "cache"),
  });
  const adminChannel =
    database.driver === "pglite" ? await serveAdminCommands(config, database, app) : undefined;

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // SIGINT then SIGTERM (or twice the same, caught by the other listener) must not close twice.
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    app.log.info({ signal }, "shutting down");
    setTimeout(() => {
      app.log.error(
        { deadlineMs: SHUTDOWN_DEADLINE_MS },
        "shutdown deadline passed: exiting with requests unfinished",
      );
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    let code = 0;
    await adminChannel?.close();
    try {
      // Fastify stops accepting connections, closes idle kept-alive ones, answers 503 to new requests on busy
      // ones, and resolves once every request in flight has been answered.
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, "closing the server failed");
      code = 1;
    }
    try {
      // Only now: the requests answered above still needed the database.
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, "closing the database failed");
      code = 1;
    }
    app.log.info({ ms: Math.round(performance.now() - started) }, "stopped");
    process.exit(code);
  };
  // A second signal of the same kind finds no listener and ends the process at once: the way out of a stuck stop.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(signal));

  await app.listen({ host: config.host, port: config.port });
  const where =
    database.driver === "pglite" ? `embedded PostgreSQL in ${config.dataDir}/pglite` : "PostgreSQL";
  console.log(`\nCHITTA is running at ${config.publicUrl} (database: ${where})\n`);
}

main().catch((error: unknown) => {
  // Startup failed (database unreachable or in use, migration refused, port taken): say why, and exit non-zero.
  console.error(error instanceof DataFolderLockedError ? error.message : error);
  process.exit(1);
});

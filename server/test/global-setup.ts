import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string | null;
    runId: string;
  }
}

const databaseUrlFor = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Migrates one database per driver once per run; each test file then gets a cheap copy
 * (a PGlite data-dir snapshot, or CREATE DATABASE ... TEMPLATE on the PostgreSQL server).
 */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const workDir = path.join(os.tmpdir(), `chitta-test-${runId}`);
  mkdirSync(workDir, { recursive: true });

  const pglite = await openDatabase({ kind: "pglite" });
  await pglite.migrate();
  const snapshot = path.join(workDir, "pglite.tar");
  writeFileSync(snapshot, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
  await pglite.close();

  let template: string | null = null;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    template = `chitta_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const database = await openDatabase({
      kind: "postgres",
      url: databaseUrlFor(serverUrl, template),
      poolSize: 1,
    });
    await database.migrate();
    await database.close();
  }

  project.provide("pgliteSnapshot", snapshot);
  project.provide("postgresTemplate", template);
  project.provide("runId", runId);

  return async () => {
    rmSync(workDir, { recursive: true, force: true });
    if (serverUrl && template) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1",
        [`chitta_%_${runId}%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}

export { databaseUrlFor };

import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, sql } from "drizzle-orm";
import { LEXICON_DIR } from "../../engine/lexicon/load";
import { filesUnder, fingerprintFiles } from "../../lib/file-fingerprint";
import { shippedLexicon } from "../../modules/symbols/symbol-engine";
import { type Database, migrationsFolder } from "../client";
import { dreamSymbols, landingPageVariants } from "../schema/index";
import { seedLexicon } from "./lexicon-seed";
import { backfillUsernameSkeletons } from "./username-skeletons";

const SEED_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Paths are hashed relative to the server folder: installations in different places agree. */
const SERVER_DIR = path.resolve(SEED_DIR, "../..");
/** The marker's text: this prefix and the fingerprint, in lowercase hex (safe inside a SQL literal). */
const MARKER_PREFIX = "lexicon seeded from sha256:";
const symbolsTable = getTableName(dreamSymbols);

/**
 * Everything the lexicon seed's outcome depends on besides the database: the lexicon files, this folder's code
 * (how files become rows) and the list of migrations (a new column the seed may have to fill).
 */
function lexiconSeedFingerprint(): string {
  const under = (dir: string, keep: (file: string) => boolean) =>
    filesUnder(dir)
      .filter(keep)
      .map((file) => path.relative(SERVER_DIR, path.join(dir, file)));
  return fingerprintFiles(SERVER_DIR, [
    ...under(LEXICON_DIR, (file) => file.endsWith(".json")),
    ...under(SEED_DIR, (file) => !file.includes(".test.")),
    path.relative(SERVER_DIR, path.join(migrationsFolder, "meta", "_journal.json")),
  ]);
}

/**
 * The fingerprint of the last completed lexicon seed lives in the database, as the symbols table's comment: every
 * server sharing a PostgreSQL agrees on it, and no table is needed for one value.
 */
async function lastLexiconSeed(db: Database): Promise<string | undefined> {
  // Both drivers answer a raw query with { rows }; the shared Database type leaves its result untyped.
  const { rows } = (await db.execute(
    sql`select obj_description(to_regclass(${symbolsTable}), 'pg_class') as comment`,
  )) as unknown as { rows: Array<{ comment: string | null }> };
  const comment = rows[0]?.comment;
  return comment?.startsWith(MARKER_PREFIX) ? comment.slice(MARKER_PREFIX.length) : undefined;
}

/**
 * Reference data every installation needs, and values the migrations could not compute in SQL. Idempotent:
 * safe on every start, never overwrites rows an admin has edited (conflicts on natural keys are skipped).
 * The lexicon, the long part, is only loaded when its inputs changed since the last seed.
 */
export async function seedDatabase(db: Database): Promise<{ lexiconSeeded: boolean }> {
  await db
    .insert(landingPageVariants)
    .values({
      variantKey: "default",
      name: "Default landing page",
      isActive: true,
      weight: 10,
    })
    .onConflictDoNothing();
  const fingerprint = lexiconSeedFingerprint();
  const lexiconSeeded = (await lastLexiconSeed(db)) !== fingerprint;
  if (lexiconSeeded) {
    // The copy the engine compiles too: the files are read and checked once per process.
    await seedLexicon(db, shippedLexicon());
    // Written only once the seed is complete: an interrupted one runs again at the next start.
    await db.execute(sql.raw(`comment on table ${symbolsTable} is '${MARKER_PREFIX}${fingerprint}'`));
  }
  await backfillUsernameSkeletons(db);
  return { lexiconSeeded };
}

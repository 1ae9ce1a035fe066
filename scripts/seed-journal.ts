/**
 * Fills one user's journal with many dreams (default 100,000) for the journal benchmarks.
 * Usage: npm run seed:journal -- --username bench --count 100000   (DATABASE_URL or the embedded database)
 */
import { eq, sql } from "drizzle-orm";
import { dreamCategories } from "../contract/constants";
import type { Database } from "../server/db/client";
import { dreams, users } from "../server/db/schema/index";
import { createEngine } from "../server/engine/index";

const OPENINGS = [
  "I was walking",
  "I found myself",
  "We were driving",
  "Estaba caminando",
  "Me encontraba",
  "I was running",
];
const PLACES = [
  "in my grandmother's house",
  "near the ocean",
  "por un bosque oscuro",
  "in a huge hotel",
  "en la escuela",
  "on a bridge",
];
const EVENTS = [
  "when a black dog started to chase me.",
  "and a snake was hiding under the bed.",
  "y de repente empecé a volar sobre la ciudad.",
  "and my teeth were falling out.",
  "cuando mi madre me llamó por teléfono.",
  "and I fell into cold water.",
];
/** Two in nine dreams without a category, the rest spread over the spec's categories. */
const CATEGORIES = [null, null, ...dreamCategories] as const;

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

/** Deterministic dreams spread over the last ten years, one per ~50 minutes. */
export async function seedJournal(
  db: Database,
  userId: number,
  count: number,
  log = console.log,
): Promise<void> {
  const engine = createEngine();
  const now = Date.now();
  const BATCH = 1000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = [];
    for (let i = offset; i < Math.min(count, offset + BATCH); i++) {
      const content = `${pick(OPENINGS, i)} ${pick(PLACES, i * 7 + 3)} ${pick(EVENTS, i * 13 + 5)} (#${i})`;
      const result = engine.match(content);
      rows.push({
        userId,
        title: content.slice(0, 50),
        content,
        symbolKeys: result.symbols.map((s) => s.key),
        recognizedSymbols: result.symbols.map((s) => ({
          key: s.key,
          name: s.name,
          category: s.category,
          description: "",
          evidence: s.evidence,
        })),
        category: pick(CATEGORIES, i * 11),
        tags: i % 10 === 0 ? ["bench"] : [],
        language: result.language === "es" ? "es" : "en",
        createdAt: new Date(now - (count - i) * 3_000_000),
      });
    }
    await db.insert(dreams).values(rows);
    if ((offset / BATCH) % 10 === 0) log(`  ${Math.min(count, offset + BATCH)} / ${count} dreams`);
  }
  // Fresh statistics, as autovacuum would gather them, so the planner sees the journal's real size.
  await db.execute(sql`analyze dreams`);
}

export async function userIdByName(db: Database, username: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user named ${username}`);
  return row.id;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import("node:util");
  const { parseConfig } = await import("../server/config");
  const { openDatabase, targetFromConfig } = await import("../server/db/client");
  const { values } = parseArgs({
    options: { username: { type: "string" }, count: { type: "string", default: "100000" } },
  });
  if (!values.username) throw new Error("--username is required");
  const config = parseConfig();
  const database = await openDatabase(targetFromConfig(config));
  await database.migrate();
  await seedJournal(database.db, await userIdByName(database.db, values.username), Number(values.count));
  await database.close();
}

import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dreamSymbols } from "../../db/schema/index";
import { createEngine, engineFrom, type SymbolEngine } from "../../engine/index";
import { loadLexiconData } from "../../engine/lexicon/load";
import type { LexiconData } from "../../engine/lexicon/schema";
import type { CompiledLexicon } from "../../engine/matcher";
import { filesUnder, fingerprintFiles } from "../../lib/file-fingerprint";
import { mergeLexicon } from "./merge-lexicon";

/**
 * The engine every request uses. Compiling the lexicon takes a moment, so the shipped lexicon is compiled
 * once per process; `reload` recompiles it with the administrators' edits, live, without a restart.
 * With a cache folder (the server's), each compiled lexicon is also kept on disk for the next start.
 */
export interface SymbolEngineHolder {
  current(): SymbolEngine;
  /**
   * The lexicon `current()` is compiled from (shipped files merged with administrators' edits), without compiling
   * it: what the journal import's worker thread compiles its own engine from. A new object after each change.
   */
  lexicon(): LexiconData;
  /** Keys of the shipped symbols: editable by administrators, never deletable. */
  builtInKeys(): ReadonlySet<string>;
  reload(db: Database): Promise<void>;
}

let sharedFiles: LexiconData | undefined;
let sharedEngine: SymbolEngine | undefined;
let sharedKeys: ReadonlySet<string> | undefined;

export function shippedLexicon(): LexiconData {
  sharedFiles ??= loadLexiconData();
  return sharedFiles;
}

const ENGINE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../engine");
let engineCode: string | undefined;

/** The engine's code (not its tests, not the lexicon files): the compiled form changes with any of it. */
function engineCodeFingerprint(): string {
  engineCode ??= fingerprintFiles(
    ENGINE_DIR,
    filesUnder(ENGINE_DIR).filter((file) => /\.[cm]?[jt]s$/.test(file) && !file.includes(".test.")),
  );
  return engineCode;
}

/**
 * Compiling takes seconds; reading back the compiled form of the same lexicon with the same code takes a fraction
 * of that. Only the newest compilation is kept: a release or an administrator's edit replaces it.
 */
function compile(data: LexiconData, cacheDir: string | undefined): SymbolEngine {
  if (!cacheDir) return createEngine(data);
  const key = createHash("sha256").update(engineCodeFingerprint()).update(JSON.stringify(data)).digest("hex");
  const file = path.join(cacheDir, `symbol-engine-${key}.v8`);
  try {
    return engineFrom(data, v8.deserialize(readFileSync(file)) as CompiledLexicon);
  } catch {
    // Not kept yet, or unreadable: compiled below and written anew.
  }
  const engine = createEngine(data);
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Written beside and renamed: a start that reads the file never sees half of it.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, v8.serialize(engine.lexicon));
    renameSync(partial, file);
    for (const name of readdirSync(cacheDir))
      if (name.startsWith("symbol-engine-") && name !== path.basename(file))
        rmSync(path.join(cacheDir, name), { force: true });
  } catch {
    // A cache that cannot be written (read-only or full disk) only costs the next start a compilation.
  }
  return engine;
}

export function createSymbolEngineHolder(options: { cacheDir?: string } = {}): SymbolEngineHolder {
  let engine: SymbolEngine | undefined;
  return {
    current: () => {
      engine ??= sharedEngine ??= compile(shippedLexicon(), options.cacheDir);
      return engine;
    },
    lexicon: () => engine?.data ?? shippedLexicon(),
    builtInKeys: () => {
      sharedKeys ??= new Set(shippedLexicon().symbols.map((entry) => entry.key));
      return sharedKeys;
    },
    reload: async (db) => {
      // Rows the seed keeps in step with the files add nothing; only administrators' work is laid over them.
      const rows = await db.select().from(dreamSymbols).where(eq(dreamSymbols.editedByAdmin, true));
      engine = rows.length > 0 ? compile(mergeLexicon(shippedLexicon(), rows), options.cacheDir) : undefined;
    },
  };
}

import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dreamSymbols } from "../../db/schema/index";
import { createEngine, type SymbolEngine } from "../../engine/index";
import { loadLexiconData } from "../../engine/lexicon/load";
import type { LexiconData } from "../../engine/lexicon/schema";
import { mergeLexicon } from "./merge-lexicon";

/**
 * The engine every request uses. Compiling the lexicon takes a moment, so the shipped lexicon is compiled
 * once per process; `reload` recompiles it with the administrators' edits, live, without a restart.
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

export function createSymbolEngineHolder(): SymbolEngineHolder {
  let engine: SymbolEngine | undefined;
  return {
    current: () => {
      engine ??= sharedEngine ??= createEngine(shippedLexicon());
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
      engine = rows.length > 0 ? createEngine(mergeLexicon(shippedLexicon(), rows)) : undefined;
    },
  };
}

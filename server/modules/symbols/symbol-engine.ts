import { createEngine, type SymbolEngine } from "../../engine/index";
import { loadLexiconData } from "../../engine/lexicon/load";
import type { LexiconData } from "../../engine/lexicon/schema";

/**
 * The engine every request uses. Compiling the lexicon takes a moment, so one compiled engine is shared
 * by the process; `replace` swaps in a recompiled one (admin edits) without a restart.
 */
export interface SymbolEngineHolder {
  current(): SymbolEngine;
  replace(data: LexiconData): void;
}

let shared: SymbolEngine | undefined;

export function defaultSymbolEngine(): SymbolEngine {
  shared ??= createEngine(loadLexiconData());
  return shared;
}

export function createSymbolEngineHolder(initial?: SymbolEngine): SymbolEngineHolder {
  let engine = initial;
  return {
    current: () => {
      engine ??= defaultSymbolEngine();
      return engine;
    },
    replace: (data) => {
      engine = createEngine(data);
    },
  };
}

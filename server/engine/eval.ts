import { readFileSync } from "node:fs";

/**
 * Scoring of the symbol-detection evaluation (../shared/eval/README.md): micro-averaged precision, recall
 * and F1 per language, on the evaluation vocabulary only.
 */

export interface EvalReport {
  id: string;
  lang: string;
  text: string;
  symbols?: string[];
}

export function readJsonLines<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}

/** The keys of symbols.tsv (first column, header skipped). */
export function readVocabulary(file: string): Set<string> {
  const lines = readFileSync(file, "utf8").split("\n").slice(1);
  return new Set(lines.map((line) => line.split("\t")[0]?.trim() ?? "").filter(Boolean));
}

export interface Score {
  reports: number;
  truePositives: number;
  returned: number;
  gold: number;
  precision: number;
  recall: number;
  f1: number;
}

export function score(
  pairs: ReadonlyArray<{ gold: ReadonlySet<string>; predicted: ReadonlySet<string> }>,
): Score {
  let truePositives = 0;
  let returned = 0;
  let gold = 0;
  for (const pair of pairs) {
    returned += pair.predicted.size;
    gold += pair.gold.size;
    for (const key of pair.predicted) if (pair.gold.has(key)) truePositives++;
  }
  const precision = returned === 0 ? 1 : truePositives / returned;
  const recall = gold === 0 ? 1 : truePositives / gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { reports: pairs.length, truePositives, returned, gold, precision, recall, f1 };
}

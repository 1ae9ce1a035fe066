/**
 * Precision@3 of the salience ranking on the development labels eval/reading/central-symbols-tuning.jsonl (the
 * repo's own reports, 3 central gold keys each): |first 3 of analyseDream(...).salience.central ∩ labels| / 3,
 * averaged per dream language. The model is trained on these same labels (scripts/train-salience.ts), so this
 * is an in-sample figure for finding misses; the training script prints the cross-validated one, and
 * `npm run eval:reading` the measured one on the blind eval/reading/central-symbols.jsonl. Also: the same with
 * keys outside ../shared/eval/symbols.tsv dropped first, the share of labelled keys the matcher found at all (the
 * ceiling of any ranking), and how far a second reader's labels of 100 of these reports agree with the first's.
 * Usage: npx tsx scripts/salience-tuning.ts [--misses]   (--misses lists each report with a wrong pick, scores and reasons)
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { readJsonLines, readVocabulary } from "../server/engine/eval";
import { createEngine } from "../server/engine/index";
import type { Language } from "../server/engine/morphology";
import { analyseDream } from "../server/engine/reading/index";
import { centralLabels, labelledReports } from "./lib/salience-labels";

const ROOT = path.resolve(import.meta.dirname, "..");
const SECOND_READER_FILE = path.join(ROOT, "eval/reading/central-symbols-tuning-second.jsonl");
const VOCABULARY_FILE = path.resolve(ROOT, "../shared/eval/symbols.tsv");

const { values: args } = parseArgs({ options: { misses: { type: "boolean", default: false } } });

const reports = labelledReports();
const labels = centralLabels();
const vocabulary = readVocabulary(VOCABULARY_FILE);
const engine = createEngine();

const hitsAt3 = (ranked: readonly string[], wanted: ReadonlySet<string>) =>
  ranked.slice(0, 3).filter((key) => wanted.has(key)).length / 3;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const rows = labels.map((label) => {
  const report = reports.get(label.id);
  if (!report) throw new Error(`${label.id} is not in the repo's own report sets`);
  const match = engine.match(report.text);
  const language: Language = match.language === "mixed" ? report.lang : match.language;
  const { salience } = analyseDream(report.text, match.symbols, engine.data, language);
  const wanted = new Set(label.central);
  const found = new Set(match.symbols.map((symbol) => symbol.key));
  const ranked = salience.ranked.map((entry) => entry.match.key);
  return {
    id: label.id,
    language: report.lang,
    wanted: label.central,
    central: salience.central,
    scores: salience.ranked.map((entry) => `${entry.match.key} ${entry.score} (${entry.reasons.join(" ")})`),
    precision: hitsAt3(salience.central, wanted),
    precisionVocabulary: hitsAt3(
      ranked.filter((key) => vocabulary.has(key)),
      wanted,
    ),
    ceiling: label.central.filter((key) => found.has(key)).length / 3,
  };
});

for (const language of ["en", "es"] as const) {
  const group = rows.filter((row) => row.language === language);
  const figure = (pick: (row: (typeof rows)[number]) => number) => mean(group.map(pick)).toFixed(3);
  console.log(
    `${language}: ${group.length} reports  precision@3 ${figure((row) => row.precision)}` +
      `  within symbols.tsv ${figure((row) => row.precisionVocabulary)}` +
      `  matcher ceiling ${figure((row) => row.ceiling)}`,
  );
}
console.log(`all: precision@3 ${mean(rows.map((row) => row.precision)).toFixed(3)}`);

// How far two careful readers agree on the same reports: the ceiling a ranking can be asked to reach.
const firstReader = new Map(labels.map((label) => [label.id, new Set(label.central)]));
const agreement = readJsonLines<{ id: string; central: string[] }>(SECOND_READER_FILE).map((label) =>
  hitsAt3(label.central, firstReader.get(label.id) ?? new Set()),
);
console.log(`two readers agree: precision@3 ${mean(agreement).toFixed(3)} over ${agreement.length} reports`);

if (args.misses) {
  for (const row of rows.filter((row) => row.precision < 1)) {
    console.log(`\n${row.id}  want ${row.wanted.join(", ")}  got ${row.central.slice(0, 3).join(", ")}`);
    console.log(`  ${row.scores.slice(0, 8).join(" | ")}`);
  }
}

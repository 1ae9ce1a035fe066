/**
 * The development labels of the salience ranking (eval/reading/central-symbols-tuning.jsonl) and the reports
 * they label: the repo's own sets and the development reports of ../shared/eval/dreams-dev.jsonl outside the
 * blind set. Shared by scripts/train-salience.ts and scripts/salience-tuning.ts.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { readJsonLines } from "../../server/engine/eval";
import type { Language } from "../../server/engine/morphology";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REPORT_DIRS = ["eval/tuning", "eval/holdout", "eval/synthetic", "eval/final"].map((dir) =>
  path.join(ROOT, dir),
);
const DEV_REPORTS = path.resolve(ROOT, "../shared/eval/dreams-dev.jsonl");
export const LABELS_FILE = path.join(ROOT, "eval/reading/central-symbols-tuning.jsonl");

export interface LabelledReport {
  id: string;
  lang: Language;
  text: string;
}

export interface CentralLabel {
  id: string;
  central: string[];
}

/** Every report a development label may name, by id. */
export function labelledReports(): Map<string, LabelledReport> {
  return new Map(
    REPORT_DIRS.flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith(".jsonl"))
        .flatMap((name) => readJsonLines<LabelledReport>(path.join(dir, name))),
    )
      .concat(readJsonLines<LabelledReport>(DEV_REPORTS))
      .map((report) => [report.id, report]),
  );
}

export function centralLabels(file = LABELS_FILE): CentralLabel[] {
  return readJsonLines<CentralLabel>(file);
}

/**
 * Scores the matcher on the labelled evaluation reports.
 * Usage: npm run eval:symbols [-- --file path.jsonl [--file other.jsonl]] [--keys a,b] [--errors] [--lang en|es]
 * `npm run eval:synthetic` scores our own labelled check set (eval/synthetic/), written to the same rules.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { type EvalReport, readJsonLines, readVocabulary, score } from "../server/engine/eval";
import { createEngine } from "../server/engine/index";

const EVAL_DIR = path.resolve(import.meta.dirname, "../../shared/eval");
const { values } = parseArgs({
  options: {
    file: { type: "string", multiple: true, default: [path.join(EVAL_DIR, "dreams-dev.jsonl")] },
    keys: { type: "string" },
    errors: { type: "boolean", default: false },
    lang: { type: "string" },
  },
});

const vocabulary = readVocabulary(path.join(EVAL_DIR, "symbols.tsv"));
const onlyKeys = values.keys ? new Set(values.keys.split(",").map((key) => key.trim())) : undefined;
const inScope = (key: string) => vocabulary.has(key) && (!onlyKeys || onlyKeys.has(key));
const engine = createEngine();
const reports = values.file
  .flatMap((file) => readJsonLines<EvalReport>(file))
  .filter((r) => !values.lang || r.lang === values.lang);

const byLanguage = new Map<string, Array<{ gold: Set<string>; predicted: Set<string> }>>();
const perKey = new Map<string, { tp: number; fp: number; fn: number }>();
const errors: string[] = [];
const started = performance.now();
for (const report of reports) {
  const result = engine.match(report.text, { trace: values.errors });
  const predicted = new Set(result.symbols.map((s) => s.key).filter(inScope));
  const gold = new Set((report.symbols ?? []).filter(inScope));
  const pairs = byLanguage.get(report.lang) ?? [];
  pairs.push({ gold, predicted });
  byLanguage.set(report.lang, pairs);
  for (const key of new Set([...predicted, ...gold])) {
    const counts = perKey.get(key) ?? { tp: 0, fp: 0, fn: 0 };
    if (predicted.has(key) && gold.has(key)) counts.tp++;
    else if (predicted.has(key)) {
      counts.fp++;
      const evidence = result.symbols.find((s) => s.key === key)?.evidence ?? [];
      const where = evidence
        .map(
          (e) =>
            `…${report.text.slice(Math.max(0, e.start - 60), e.start)}[${e.text}]${report.text.slice(e.end, e.end + 40)}…`,
        )
        .join(" | ");
      errors.push(`FP ${key.padEnd(14)} ${report.id} (${report.lang}): ${where.replace(/\s+/g, " ")}`);
    } else {
      counts.fn++;
      const dropped = result.trace
        .filter((t) => t.key === key && !t.kept)
        .map((t) => `${t.text}:${t.reason}${t.byKey ? `(${t.byKey})` : ""}`);
      errors.push(
        `FN ${key.padEnd(14)} ${report.id} (${report.lang})${dropped.length ? ` dropped[${dropped.join(", ")}]` : ""}: ${report.text.replace(/\s+/g, " ").slice(0, 400)}`,
      );
    }
    perKey.set(key, counts);
  }
}
const elapsed = performance.now() - started;

if (values.errors) {
  for (const line of errors.sort()) console.log(line);
  console.log();
  const worst = [...perKey.entries()]
    .filter(([, c]) => c.fp + c.fn > 0)
    .sort((a, b) => b[1].fp + b[1].fn - (a[1].fp + a[1].fn));
  console.log("key            tp  fp  fn");
  for (const [key, c] of worst.slice(0, 40))
    console.log(
      `${key.padEnd(14)} ${String(c.tp).padStart(3)} ${String(c.fp).padStart(3)} ${String(c.fn).padStart(3)}`,
    );
  console.log();
}
const fmt = (n: number) => n.toFixed(3);
console.log(
  `file: ${values.file.map((file) => path.relative(process.cwd(), file)).join(", ")}${onlyKeys ? ` (keys: ${[...onlyKeys].join(",")})` : ""}`,
);
for (const [lang, pairs] of [...byLanguage.entries()].sort()) {
  const s = score(pairs);
  console.log(
    `${lang}: reports ${s.reports}  precision ${fmt(s.precision)}  recall ${fmt(s.recall)}  F1 ${fmt(s.f1)}  (tp ${s.truePositives}, returned ${s.returned}, gold ${s.gold})`,
  );
}
console.log(`matched ${reports.length} reports in ${elapsed.toFixed(0)} ms`);

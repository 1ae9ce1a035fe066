/**
 * Trains the salience model (server/engine/reading/salience-model.json) on the development labels of
 * eval/reading/central-symbols-tuning.jsonl over eval/tuning/*.jsonl: which recognised symbols carry a dream.
 *
 * Model: score = exp(w · features) per recognised symbol (features in salience.ts), fitted listwise: for each
 * report, the softmax over its recognised symbols should put its mass on the labelled ones (ListNet with a
 * uniform target over them), with L2 on w. One feature is a prior: the log-odds that a key, when recognised, is
 * labelled central, against the average symbol, smoothed toward its kind's (keys never seen take their kind's).
 * Labels name only keys of ../shared/eval/symbols.tsv, so a lexicon key outside it ("walking") learns that it
 * never carries a dream: on the lexicon's everyday extras that is what a reader would say too.
 * Prints k-fold precision@3 (priors recomputed inside each fold, so no report scores on its own label) and
 * then fits on every report and writes the model. The measured figure stays `npm run eval:reading` on the blind
 * labels of eval/reading/central-symbols.jsonl, which this script never reads.
 * Usage: npx tsx scripts/train-salience.ts [--folds 5] [--l2 0.01] [--smoothing 2] [--least-lift 0.1] [--dry-run]
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { readJsonLines } from "../server/engine/eval";
import { createEngine } from "../server/engine/index";
import type { Language } from "../server/engine/morphology";
import { analyseDream } from "../server/engine/reading/index";
import { readingLexicon } from "../server/engine/reading/meanings";
import { LIFTING_FEATURES, SALIENCE_FEATURES, salienceCandidates } from "../server/engine/reading/salience";
import { centralLabels, labelledReports } from "./lib/salience-labels";

const ROOT = path.resolve(import.meta.dirname, "..");
const BLIND_FILE = path.join(ROOT, "eval/reading/central-symbols.jsonl");
const MODEL_FILE = path.join(ROOT, "server/engine/reading/salience-model.json");

const { values: args } = parseArgs({
  options: {
    folds: { type: "string", default: "5" },
    l2: { type: "string", default: "0.01" },
    smoothing: { type: "string", default: "2" },
    "least-lift": { type: "string", default: "0.1" },
    "dry-run": { type: "boolean", default: false },
  },
});
const FOLDS = Number(args.folds);
const L2 = Number(args.l2);
const SMOOTHING = Number(args.smoothing);
const PRIOR = SALIENCE_FEATURES.indexOf("keyPrior");
/**
 * Features a ranking gives as its reasons ("climax", "own"...) may only lift a symbol: a reason that lowered it
 * would explain nothing. Their weights are kept at LEAST_LIFT or above, so the signals the reading promises to
 * weigh (feelings near an image, the climax, the ending, what is done to the dreamer) at least order images that
 * are otherwise alike, even where the labels alone would not ask for it.
 */
const LEAST_LIFT = Number(args["least-lift"]);
const LIFTING = new Set(LIFTING_FEATURES.map((name) => SALIENCE_FEATURES.indexOf(name)));

interface Example {
  id: string;
  keys: string[];
  kinds: string[];
  features: number[][];
  gold: boolean[];
}

const reports = labelledReports();
const labels = centralLabels();
// Only the ids of the blind set are read, to make sure none of its reports is trained on.
const blind = new Set(readJsonLines<{ id: string }>(BLIND_FILE).map((label) => label.id));
const leaked = labels.filter((label) => blind.has(label.id));
if (leaked.length > 0)
  throw new Error(`blind reports in the training labels: ${leaked.map((l) => l.id).join(", ")}`);
const engine = createEngine();
const { entries } = readingLexicon(engine.data);

const examples: Example[] = labels.flatMap((label) => {
  const report = reports.get(label.id);
  if (!report) throw new Error(`${label.id} is not in the repo's own report sets`);
  const match = engine.match(report.text);
  const language: Language = match.language === "mixed" ? report.lang : match.language;
  // The same analyses a reading makes (index.ts), then the symbols' features before ranking.
  const { matches, roles, emotions } = analyseDream(report.text, match.symbols, engine.data, language);
  const candidates = salienceCandidates({
    text: report.text,
    language,
    matches,
    entries,
    emotions,
    roles,
  }).filter((candidate) => !candidate.wakingOnly);
  const wanted = new Set(label.central);
  const gold = candidates.map((candidate) => wanted.has(candidate.match.key));
  if (!gold.some(Boolean) || candidates.length < 2) return [];
  return [
    {
      id: label.id,
      keys: candidates.map((candidate) => candidate.match.key),
      kinds: candidates.map((candidate) => candidate.match.category),
      features: candidates.map((candidate) => [...candidate.features]),
      gold,
    },
  ];
});

interface Priors {
  /** Per key seen in training: smoothed toward its kind's rate. */
  key: Record<string, number>;
  /** Per kind of symbol: for keys never seen in training. */
  kind: Record<string, number>;
}

/**
 * Log-odds of "labelled central when recognised", centred on the average symbol: per kind, then per key
 * smoothed toward its kind (a key seen once says little; a tiger never seen still counts as an animal).
 */
function priorsOf(train: readonly Example[]): Priors {
  const byKey = new Map<string, { found: number; central: number; kind: string }>();
  const byKind = new Map<string, { found: number; central: number }>();
  let found = 0;
  let central = 0;
  for (const example of train) {
    example.keys.forEach((key, i) => {
      const kind = example.kinds[i] ?? "";
      const gold = example.gold[i] ? 1 : 0;
      const count = byKey.get(key) ?? { found: 0, central: 0, kind };
      count.found++;
      count.central += gold;
      byKey.set(key, count);
      const kindCount = byKind.get(kind) ?? { found: 0, central: 0 };
      kindCount.found++;
      kindCount.central += gold;
      byKind.set(kind, kindCount);
      found++;
      central += gold;
    });
  }
  const base = central / found;
  const logit = (p: number) => Math.log(p / (1 - p));
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const kindRate = new Map(
    [...byKind].map(([kind, count]) => [
      kind,
      (count.central + SMOOTHING * base) / (count.found + SMOOTHING),
    ]),
  );
  const kind: Record<string, number> = {};
  for (const [name, rate] of [...kindRate].sort(([a], [b]) => a.localeCompare(b))) {
    kind[name] = round(logit(rate) - logit(base));
  }
  const key: Record<string, number> = {};
  for (const [name, count] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
    const toward = kindRate.get(count.kind) ?? base;
    key[name] = round(logit((count.central + SMOOTHING * toward) / (count.found + SMOOTHING)) - logit(base));
  }
  return { key, kind };
}

function withPriors(examples: readonly Example[], priors: Priors): Example[] {
  const priorOf = (key: string, kind: string) => priors.key[key] ?? priors.kind[kind] ?? 0;
  return examples.map((example) => ({
    ...example,
    features: example.features.map((row, i) =>
      row.map((value, f) => (f === PRIOR ? priorOf(example.keys[i] ?? "", example.kinds[i] ?? "") : value)),
    ),
  }));
}

/** ListNet with a uniform target over the labelled symbols, L2, plain gradient descent with Adam steps. */
function fitWeights(train: readonly Example[]): number[] {
  const size = SALIENCE_FEATURES.length;
  const w = new Array<number>(size).fill(0);
  const m = new Array<number>(size).fill(0);
  const v = new Array<number>(size).fill(0);
  const rate = 0.05;
  for (let step = 1; step <= 1500; step++) {
    const gradient = w.map((weight) => 2 * L2 * weight);
    for (const example of train) {
      const scores = example.features.map((row) =>
        row.reduce((sum, value, f) => sum + value * (w[f] ?? 0), 0),
      );
      const top = Math.max(...scores);
      const exps = scores.map((score) => Math.exp(score - top));
      const total = exps.reduce((sum, value) => sum + value, 0);
      const goldCount = example.gold.filter(Boolean).length;
      example.features.forEach((row, i) => {
        const coefficient = (exps[i] ?? 0) / total - (example.gold[i] ? 1 / goldCount : 0);
        row.forEach((value, f) => {
          gradient[f] = (gradient[f] ?? 0) + (coefficient * value) / train.length;
        });
      });
    }
    for (let f = 0; f < size; f++) {
      const g = gradient[f] ?? 0;
      m[f] = 0.9 * (m[f] ?? 0) + 0.1 * g;
      v[f] = 0.999 * (v[f] ?? 0) + 0.001 * g * g;
      const mHat = (m[f] ?? 0) / (1 - 0.9 ** step);
      const vHat = (v[f] ?? 0) / (1 - 0.999 ** step);
      w[f] = (w[f] ?? 0) - (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
      if (LIFTING.has(f) && (w[f] ?? 0) < LEAST_LIFT) w[f] = LEAST_LIFT;
    }
  }
  return w;
}

function precisionAt3(test: readonly Example[], w: readonly number[]): number {
  const hits = test.map((example) => {
    const order = example.features
      .map((row, i) => ({ i, score: row.reduce((sum, value, f) => sum + value * (w[f] ?? 0), 0) }))
      .sort((a, b) => b.score - a.score || a.i - b.i);
    return order.slice(0, 3).filter(({ i }) => example.gold[i]).length / 3;
  });
  return hits.reduce((sum, value) => sum + value, 0) / hits.length;
}

const folds = Array.from({ length: FOLDS }, (_, k) => examples.filter((_, i) => i % FOLDS === k));
const foldScores = folds.map((test, k) => {
  const train = folds.filter((_, j) => j !== k).flat();
  const priors = priorsOf(train);
  return precisionAt3(withPriors(test, priors), fitWeights(withPriors(train, priors)));
});
const crossValidated = foldScores.reduce((sum, value) => sum + value, 0) / FOLDS;
console.log(
  `${examples.length} reports, ${FOLDS}-fold precision@3 ${crossValidated.toFixed(3)} (folds ${foldScores.map((s) => s.toFixed(2)).join(" ")})`,
);

const priors = priorsOf(examples);
const weights = fitWeights(withPriors(examples, priors));
const named = Object.fromEntries(
  SALIENCE_FEATURES.map((name, f) => [name, Math.round((weights[f] ?? 0) * 1000) / 1000]),
);
console.log(named);
if (!args["dry-run"]) {
  const model = {
    about:
      "Written by scripts/train-salience.ts from eval/reading/central-symbols-tuning.jsonl; do not edit by hand.",
    reports: examples.length,
    crossValidatedPrecisionAt3: Math.round(crossValidated * 1000) / 1000,
    l2: L2,
    smoothing: SMOOTHING,
    weights: named,
    keyPrior: priors.key,
    kindPrior: priors.kind,
  };
  writeFileSync(MODEL_FILE, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, MODEL_FILE)}`);
}

/**
 * Measures the composed reading (issue 14) over every report of ../shared/eval/dreams-dev.jsonl, the repo's own
 * sets (eval/tuning, eval/holdout, eval/synthetic, eval/final) and eval/reading/red-team.jsonl. Each report is
 * matched once and read three times with readDream: free, premium and short (ultraSimplified). Reports with
 * the same text are read once. The dream's language is the matcher's when it is en/es, else the file's `lang`.
 * Usage: npm run eval:reading [-- --json] [-- --check] [-- --file X.jsonl ...]
 *
 * Figures, per dream language and overall (goals from issue 14):
 * - verbatim: the free readings are cut into sentences (at . ! ? … and line breaks, whitespace collapsed,
 *   pieces under 25 characters such as headings dropped). Share of those sentences that also occur in the free
 *   reading of another report. Care readings (info.care not empty) are left out here and in "own": their
 *   support lines are meant to be the same for everyone. Goal < 25%.
 * - own: per free reading, the share of its non-space characters that come from the dream itself; then the mean
 *   over readings. A sentence piece (cut as above, none dropped) counts whole when it holds an "own word": a
 *   word as tokenize() folds it, of 3+ letters, not a function word (STOP_WORDS), that is in the dream's text
 *   and is not fixed vocabulary. Fixed vocabulary = (a) the words of the lexicon text this reading may draw
 *   on: name, description, extendedDescription and deeperInsight of every matched symbol, and the texts of the
 *   themes and combined symbols the reading names; (b) every word that some reading of this run (any version)
 *   writes although its own dream does not contain it: the templates' words as the composer uses them. Words inside quotation marks ("…", “…”, «…») do not make a sentence own; a
 *   quoted stretch counts by itself (its own characters) when every word of it comes from the dream.
 *   Goal >= 30%. Informative, stricter: the same counting only the stretch from a sentence's first own word
 *   to its last, so a dreamer's word dropped into a fixed sentence credits little.
 * - openers: in each free and premium reading, how often its most frequent sentence opener (first two words,
 *   lower case, sentences as in "verbatim") occurs; the share of readings where that is <= 1, and the mean.
 *   Goal: every reading <= 1.
 * - person switches: readings (all versions) that name the reader in the third person ("the dreamer",
 *   "dreamer's", "el/la soñante", "quien sueña") and also address "you" / "tú". Goal 0.
 * - lint: readings (all versions) in which lintReading finds a problem; the first 5 per language are printed.
 *   Goal 0.
 * - length: share of readings inside READING_LENGTH (free 800–2,500, premium 800–5,000, short 1–400), with
 *   min/median/max characters. Goal 100%.
 * - language: share of readings (all versions) whose detectLanguage is the dream's language. Goal 100%.
 * - precision@3: for the 120 dev reports of eval/reading/central-symbols.jsonl (3 central keys each, labelled
 *   blind), |first 3 of info.central ∩ labels| / 3, averaged. Goal >= 0.8. Informative: the same over the
 *   salience ranking with keys outside symbols.tsv dropped first (the labels can only name those), and the
 *   share of labelled keys the matcher found at all (the ceiling of any ranking).
 * - speed: p50/p99 ms of one readDream call, timed in a second pass over every report and version
 *   (informative; npm run bench:engine holds the speed goal).
 * A report on which readDream throws is counted (goal 0) and left out of the other figures.
 * Exit code 0 (a measurement) unless --check is given: then 1 when a goal is missed in either language.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { READING_LENGTH } from "../contract/reading";
import { readJsonLines, readVocabulary } from "../server/engine/eval";
import { createEngine, type SymbolMatch } from "../server/engine/index";
import { detectLanguage } from "../server/engine/language";
import type { Language } from "../server/engine/morphology";
import { lintReading } from "../server/engine/reading/grammar";
import { readDream } from "../server/engine/reading/index";
import type { Reading } from "../server/engine/reading/types";
import { tokenize } from "../server/engine/text";
import { percentile } from "./lib/stats";

const ROOT = path.resolve(import.meta.dirname, "..");
const SHARED_EVAL = path.resolve(ROOT, "../shared/eval");
const OWN_SET_DIRS = ["eval/tuning", "eval/holdout", "eval/synthetic", "eval/final"];
const RED_TEAM_FILE = path.join(ROOT, "eval/reading/red-team.jsonl");
const CENTRAL_FILE = path.join(ROOT, "eval/reading/central-symbols.jsonl");

const { values: args } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    check: { type: "boolean", default: false },
    /** Read only these JSONL files instead of the default sets (e.g. the unlabelled test texts, to measure). */
    file: { type: "string", multiple: true },
  },
});

const VERSIONS = ["free", "premium", "short"] as const;
type Version = (typeof VERSIONS)[number];
const LANGUAGES = ["en", "es"] as const;
const MIN_SENTENCE = 25;
const LINT_EXAMPLES = 5;

// Words too common to make a sentence the dream's own, even when the dream has them.
const STOP_WORDS = new Set(
  (
    "the and you your yours yourself was were are is be been being have has had not but for with from that this " +
    "these those there then than what when where which who whom into onto out about like just some all any one " +
    "its it's our his her him she they them their can could would should will did does done dream dreams " +
    "dreamed dreamt very also even still here now again only more most much such other another each every " +
    "que los las una uno unos unas del por con para pero como mas muy era eras eres estaba estabas esta este " +
    "esto eso esa ese estas estos esas esos sus tus mis nos les fue fuiste hay habia donde cuando porque tambien " +
    "todo toda todos todas sin sobre entre hasta desde ella ellos ellas algo alguien nada otro otra otros otras " +
    "sueño sueños soñaste soñe soñé suenos"
  )
    .split(" ")
    .map((word) => tokenize(word)[0]?.norm ?? word),
);
const SENTENCE_PIECE = /[^.!?…\n]+/g;
const PIECE_EDGE = /^[\s"“”«»'‘’()\-–—*#:;,]+|[\s"“”«»'‘’()\-–—*#:;,]+$/g;
const QUOTED = /“([^”\n]*)”|«([^»\n]*)»|"([^"\n]*)"/g;
const OPENER_WORDS = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const THIRD_PERSON: Record<Language, RegExp> = {
  en: /(?<!\p{L})(?:the dreamer|dreamer['’]s)(?!\p{L})/iu,
  es: /(?<!\p{L})(?:(?:el|la) soñante|quien sueña)(?!\p{L})/iu,
};
const SECOND_PERSON: Record<Language, RegExp> = {
  en: /(?<!\p{L})(?:you|your|yours|yourself)(?!\p{L})/iu,
  es: /(?<!\p{L})(?:tú|tu|tus|te|ti|contigo)(?!\p{L})/iu,
};

interface Report {
  id: string;
  lang: string;
  text: string;
}

interface Read {
  id: string;
  fromDev: boolean;
  language: Language;
  dreamWords: Set<string>;
  matched: Set<string>;
  readings: Record<Version, Reading>;
  /** The text each version shows: the short version's is `text` when ultraSimplified. */
  texts: Record<Version, string>;
  /** One warm readDream call of every version, after the first pass (informative speed). */
  milliseconds: number[];
}

/** The sentences of a reading, whitespace collapsed, headings and other pieces under 25 characters dropped. */
const sentences = (text: string) =>
  Array.from(text.matchAll(SENTENCE_PIECE), (match) =>
    match[0].replace(/\s+/g, " ").replace(PIECE_EDGE, ""),
  ).filter((sentence) => sentence.length >= MIN_SENTENCE);

const words = (text: string) => tokenize(text).map((token) => token.norm);

function jsonLinesIn(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()
    .map((name) => path.join(absolute, name));
}

// ---- Read every report -------------------------------------------------------------------------------------
const devFile = path.join(SHARED_EVAL, "dreams-dev.jsonl");
const files = (args.file ?? [devFile, ...OWN_SET_DIRS.flatMap(jsonLinesIn), RED_TEAM_FILE]).filter((file) =>
  existsSync(file),
);
const engine = createEngine();
const reads: Read[] = [];
const failures: Array<{ id: string; language: Language; message: string }> = [];
const timed: Array<{ text: string; matches: SymbolMatch[]; language: Language; read: Read }> = [];
const seenTexts = new Set<string>();
let duplicates = 0;
for (const file of files) {
  for (const report of readJsonLines<Report>(file)) {
    if (report.lang !== "en" && report.lang !== "es") continue;
    if (seenTexts.has(report.text)) {
      duplicates++;
      continue;
    }
    seenTexts.add(report.text);
    const match = engine.match(report.text);
    const language: Language = match.language === "mixed" ? report.lang : match.language;
    const readAs = (version: Version) =>
      readDream(report.text, match.symbols, engine.data, {
        language,
        premium: version === "premium",
        ultraSimplified: version === "short",
      });
    let readings: Record<Version, Reading>;
    try {
      readings = { free: readAs("free"), premium: readAs("premium"), short: readAs("short") };
    } catch (error) {
      // A composer crash is a finding, not a reason to lose every other figure.
      failures.push({
        id: report.id,
        language,
        message: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    reads.push({
      id: report.id,
      fromDev: file === devFile,
      language,
      dreamWords: new Set(words(report.text)),
      matched: new Set(match.symbols.map((symbol) => symbol.key)),
      readings,
      texts: { free: readings.free.text, premium: readings.premium.text, short: readings.short.text },
      milliseconds: [],
    });
    timed.push({ text: report.text, matches: match.symbols, language, read: reads.at(-1)! });
  }
}
// Timed in a second pass, once the JIT has seen every report: the first pass mixes in compilation.
for (const { text, matches, language, read } of timed) {
  for (const version of VERSIONS) {
    const started = performance.now();
    readDream(text, matches, engine.data, {
      language,
      premium: version === "premium",
      ultraSimplified: version === "short",
    });
    read.milliseconds.push(performance.now() - started);
  }
}

// ---- Corpus-wide facts: sentences shared between readings, fixed vocabulary ---------------------------------
const isCare = (read: Read) => read.readings.free.info.care.length > 0;
const readersOfSentence = new Map<string, Set<number>>();
const fixedVocabulary = new Set<string>();
reads.forEach((read, index) => {
  for (const version of VERSIONS)
    for (const word of words(read.texts[version])) if (!read.dreamWords.has(word)) fixedVocabulary.add(word);
  if (isCare(read)) return;
  for (const sentence of sentences(read.texts.free)) {
    const readers = readersOfSentence.get(sentence) ?? new Set<number>();
    readers.add(index);
    readersOfSentence.set(sentence, readers);
  }
});

const entries = new Map(engine.data.symbols.map((entry) => [entry.key, entry]));
const themes = new Map(engine.data.themes.map((theme) => [theme.key, theme]));
const combined = new Map(engine.data.combined.map((combo) => [combo.key, combo]));
const lexiconWordCache = new Map<string, Set<string>>();
function lexiconWords(cacheKey: string, texts: () => string[]): Set<string> {
  let found = lexiconWordCache.get(cacheKey);
  if (!found) {
    found = new Set(texts().flatMap(words));
    lexiconWordCache.set(cacheKey, found);
  }
  return found;
}

/** The word sets of the lexicon text a reading may draw on (see the header). */
function lexiconTextOf(read: Read): Set<string>[] {
  const language = read.language;
  const reading = read.readings.free;
  return [
    ...[...read.matched].map((key) =>
      lexiconWords(`symbol:${key}:${language}`, () => {
        const side = entries.get(key)?.[language];
        return side ? [side.name, side.description, side.extendedDescription, side.deeperInsight] : [];
      }),
    ),
    ...reading.themes.map((key) =>
      lexiconWords(`theme:${key}:${language}`, () => {
        const side = themes.get(key)?.[language];
        if (!side) return [];
        const techniques = side.techniques.flatMap((t) => [t.name, t.description, t.instructions]);
        return [side.name, side.description, ...side.insights.map((insight) => insight.text), ...techniques];
      }),
    ),
    ...reading.combined.map((key) =>
      lexiconWords(`combined:${key}:${language}`, () => {
        const side = combined.get(key)?.[language];
        return side ? [side.name, side.description] : [];
      }),
    ),
  ];
}

const isOwnWord = (word: string, read: Read, lexiconText: readonly Set<string>[]) =>
  word.length >= 3 &&
  !STOP_WORDS.has(word) &&
  read.dreamWords.has(word) &&
  !fixedVocabulary.has(word) &&
  !lexiconText.some((lexiconWords) => lexiconWords.has(word));

/** Own share of a free reading, crediting whole sentences (the goal) and only own-word spans (stricter). */
function ownShares(read: Read): { sentences: number; spans: number } {
  const text = read.texts.free;
  const bySentence = new Uint8Array(text.length);
  const bySpan = new Uint8Array(text.length);
  const quoted = new Uint8Array(text.length);
  for (const match of text.matchAll(QUOTED)) {
    const end = match.index + match[0].length;
    quoted.fill(1, match.index, end);
    const inner = words(match[1] ?? match[2] ?? match[3] ?? "");
    if (inner.length > 0 && inner.every((word) => read.dreamWords.has(word))) {
      bySentence.fill(1, match.index, end);
      bySpan.fill(1, match.index, end);
    }
  }
  // A quoted word credits only its quotation: a dictionary line tagged with the dream's word is not about it.
  const lexiconText = lexiconTextOf(read);
  for (const piece of text.matchAll(SENTENCE_PIECE)) {
    const start = piece.index;
    const ownTokens = tokenize(piece[0]).filter(
      (token) => quoted[start + token.start] === 0 && isOwnWord(token.norm, read, lexiconText),
    );
    const first = ownTokens[0];
    const last = ownTokens.at(-1);
    if (!first || !last) continue;
    bySentence.fill(1, start, start + piece[0].length);
    bySpan.fill(1, start + first.start, start + last.end);
  }
  let counted = 0;
  let inSentences = 0;
  let inSpans = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i] ?? " ")) continue;
    counted++;
    inSentences += bySentence[i] ?? 0;
    inSpans += bySpan[i] ?? 0;
  }
  return counted === 0
    ? { sentences: 0, spans: 0 }
    : { sentences: inSentences / counted, spans: inSpans / counted };
}
const ownShareOf = new Map(reads.filter((read) => !isCare(read)).map((read) => [read, ownShares(read)]));

function mostFrequentOpener(text: string): number {
  const counts = new Map<string, number>();
  for (const sentence of sentences(text)) {
    const opener = (sentence.toLowerCase().match(OPENER_WORDS) ?? []).slice(0, 2).join(" ");
    counts.set(opener, (counts.get(opener) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

// ---- Figures for one group of reads -------------------------------------------------------------------------
const centralLabels = new Map(
  (existsSync(CENTRAL_FILE) ? readJsonLines<{ id: string; central: string[] }>(CENTRAL_FILE) : []).map(
    (label) => [label.id, new Set(label.central)],
  ),
);
const vocabulary = readVocabulary(path.join(SHARED_EVAL, "symbols.tsv"));
const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
const share = (count: number, total: number) => (total === 0 ? Number.NaN : count / total);

interface Example {
  id: string;
  version: Version;
  problem: string;
}

function figuresFor(group: readonly Read[], failed: number) {
  const lintExamples: Example[] = [];
  const open = group.filter((read) => !isCare(read));
  const openSentences = open.flatMap((read) => sentences(read.texts.free));
  const sharedSentences = openSentences.filter(
    (sentence) => (readersOfSentence.get(sentence)?.size ?? 0) > 1,
  );
  const openerMaxima = group.flatMap((read) => [
    mostFrequentOpener(read.texts.free),
    mostFrequentOpener(read.texts.premium),
  ]);
  const all = group.flatMap((read) =>
    VERSIONS.map((version) => ({ read, version, text: read.texts[version] })),
  );
  const switches = all.filter(
    ({ read, text }) => THIRD_PERSON[read.language].test(text) && SECOND_PERSON[read.language].test(text),
  );
  let lintFailures = 0;
  for (const { read, version, text } of all) {
    const problems = lintReading(text, read.language);
    if (problems.length === 0) continue;
    lintFailures++;
    for (const problem of problems)
      if (lintExamples.length < LINT_EXAMPLES) lintExamples.push({ id: read.id, version, problem });
  }
  const length = Object.fromEntries(
    VERSIONS.map((version) => {
      const lengths = group.map((read) => read.texts[version].length);
      const band = READING_LENGTH[version];
      const within = lengths.filter((n) => n >= band.min && n <= band.max).length;
      return [
        version,
        {
          within: share(within, lengths.length),
          min: Math.min(...lengths),
          median: percentile(lengths, 50),
          max: Math.max(...lengths),
        },
      ];
    }),
  ) as Record<Version, { within: number; min: number; median: number; max: number }>;
  const sameLanguage = all.filter(
    ({ read, text }) => detectLanguage(tokenize(text), text).language === read.language,
  );
  const labelled = group.filter((read) => read.fromDev && centralLabels.has(read.id));
  const hitsAt3 = (read: Read, ranked: readonly string[]) => {
    const labels = centralLabels.get(read.id)!;
    return ranked.slice(0, 3).filter((key) => labels.has(key)).length / 3;
  };
  const milliseconds = group.flatMap((read) => read.milliseconds);
  return {
    reports: group.length,
    failed,
    careReadings: group.length - open.length,
    verbatimShare: share(sharedSentences.length, openSentences.length),
    ownShare: mean(open.map((read) => ownShareOf.get(read)!.sentences)),
    ownSpanShare: mean(open.map((read) => ownShareOf.get(read)!.spans)),
    openersAtMostOne: share(openerMaxima.filter((count) => count <= 1).length, openerMaxima.length),
    openersMean: mean(openerMaxima),
    personSwitches: switches.length,
    lintFailures,
    lintExamples,
    length,
    languageMatch: share(sameLanguage.length, all.length),
    labelled: labelled.length,
    precisionAt3: mean(labelled.map((read) => hitsAt3(read, read.readings.free.info.central))),
    precisionAt3Vocabulary: mean(
      labelled.map((read) =>
        hitsAt3(
          read,
          read.readings.free.analysis.salience.ranked
            .map((ranked) => ranked.match.key)
            .filter((key) => vocabulary.has(key)),
        ),
      ),
    ),
    matcherCeiling: mean(
      labelled.map((read) => {
        const labels = [...centralLabels.get(read.id)!];
        return labels.filter((key) => read.matched.has(key)).length / labels.length;
      }),
    ),
    speed: { p50: percentile(milliseconds, 50), p99: percentile(milliseconds, 99) },
  };
}
type Figures = ReturnType<typeof figuresFor>;

const failedIn = (language: Language) => failures.filter((failure) => failure.language === language).length;
const byLanguage = {
  en: figuresFor(
    reads.filter((read) => read.language === "en"),
    failedIn("en"),
  ),
  es: figuresFor(
    reads.filter((read) => read.language === "es"),
    failedIn("es"),
  ),
  all: figuresFor(reads, failures.length),
};

const GOALS: Array<{ name: string; met: (f: Figures) => boolean }> = [
  { name: "readDream never throws", met: (f) => f.failed === 0 },
  { name: "verbatim < 25%", met: (f) => f.verbatimShare < 0.25 },
  { name: "own >= 30%", met: (f) => f.ownShare >= 0.3 },
  { name: "opener max <= 1", met: (f) => f.openersAtMostOne === 1 },
  { name: "person switches 0", met: (f) => f.personSwitches === 0 },
  { name: "lint failures 0", met: (f) => f.lintFailures === 0 },
  { name: "length 100%", met: (f) => VERSIONS.every((version) => f.length[version].within === 1) },
  { name: "language 100%", met: (f) => f.languageMatch === 1 },
  { name: "precision@3 >= 0.8", met: (f) => f.precisionAt3 >= 0.8 },
];
const missed = LANGUAGES.flatMap((language) =>
  GOALS.filter((goal) => !goal.met(byLanguage[language])).map((goal) => `${language}: ${goal.name}`),
);
const mostRepeated = [...readersOfSentence.entries()]
  .filter(([, readers]) => readers.size > 1)
  .sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))
  .slice(0, 5)
  .map(([sentence, readers]) => ({ readings: readers.size, sentence }));

if (args.json) {
  console.log(
    JSON.stringify(
      {
        files: files.map((file) => path.relative(ROOT, file)),
        duplicates,
        byLanguage,
        missed,
        failures,
        mostRepeated,
      },
      null,
      2,
    ),
  );
} else {
  const percent = (n: number) => (Number.isNaN(n) ? "–" : `${(n * 100).toFixed(1)}%`);
  const decimal = (n: number) => (Number.isNaN(n) ? "–" : n.toFixed(2));
  const rows: Array<[string, (f: Figures) => string, string]> = [
    ["reports (care readings)", (f) => `${f.reports} (${f.careReadings})`, ""],
    ["readDream threw", (f) => String(f.failed), "0"],
    ["verbatim sentences", (f) => percent(f.verbatimShare), "< 25%"],
    ["own share", (f) => percent(f.ownShare), ">= 30%"],
    ["  own words' spans only", (f) => percent(f.ownSpanShare), ""],
    [
      "opener max <= 1 / mean max",
      (f) => `${percent(f.openersAtMostOne)} / ${decimal(f.openersMean)}`,
      "100%",
    ],
    ["person switches", (f) => String(f.personSwitches), "0"],
    ["lint failures", (f) => String(f.lintFailures), "0"],
    ...VERSIONS.map((version): [string, (f: Figures) => string, string] => [
      `${version} in band (min/med/max)`,
      (f) => {
        const l = f.length[version];
        return `${percent(l.within)} (${l.min}/${l.median}/${l.max})`;
      },
      "100%",
    ]),
    ["language = dream's", (f) => percent(f.languageMatch), "100%"],
    ["precision@3 (labelled)", (f) => `${decimal(f.precisionAt3)} (${f.labelled})`, ">= 0.80"],
    ["  p@3, vocabulary keys only", (f) => decimal(f.precisionAt3Vocabulary), ""],
    ["  labelled keys matched", (f) => percent(f.matcherCeiling), ""],
    ["readDream ms p50 / p99", (f) => `${f.speed.p50.toFixed(2)} / ${f.speed.p99.toFixed(2)}`, ""],
  ];
  console.log(`files: ${files.map((file) => path.relative(ROOT, file)).join(", ")}`);
  console.log(`${reads.length} reports read (${duplicates} duplicate texts skipped)\n`);
  const columns = [32, 24, 24, 24];
  const line = (cells: string[]) =>
    console.log(cells.map((cell, i) => cell.padEnd(columns[i] ?? 10)).join(""));
  line(["", "en", "es", "all", "goal"]);
  for (const [label, show, goal] of rows)
    line([label, show(byLanguage.en), show(byLanguage.es), show(byLanguage.all), goal]);
  if (failures.length > 0) {
    console.log("\nreadDream threw (first 5):");
    for (const failure of failures.slice(0, 5)) console.log(`  ${failure.id}: ${failure.message}`);
  }
  const lintExamples = [...byLanguage.en.lintExamples, ...byLanguage.es.lintExamples];
  if (lintExamples.length > 0) {
    console.log(`\nlint problems (first ${LINT_EXAMPLES} per language):`);
    for (const example of lintExamples)
      console.log(`  ${example.id} (${example.version}): ${example.problem}`);
  }
  if (mostRepeated.length > 0) {
    console.log("\nmost repeated free-reading sentences:");
    for (const { readings, sentence } of mostRepeated) console.log(`  ${readings}× ${sentence}`);
  }
  console.log(missed.length === 0 ? "\nall goals met" : `\ngoals missed: ${missed.join("; ")}`);
}
if (args.check && missed.length > 0) process.exitCode = 1;

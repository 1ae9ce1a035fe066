import { detectLanguage } from "../language";
import type { Language } from "../morphology";
import { tokenize } from "../text";

/**
 * Checks a reading written by a language model before anyone sees it: the dream's language, the length band,
 * no symbol the matcher did not find, no prediction, no medical or diagnostic claim, the second person and
 * plain text. Any problem sends the caller back to the composer's reading, so the rules err on the strict side.
 */

export interface ModelReadingRules {
  language: Language;
  band: { min: number; max: number };
  /** Display names of the symbols the dream was read with (any language or spelling the model was given). */
  allowedNames: readonly string[];
  /** Names of lexicon symbols the dream was not read with: naming one is an invented image. */
  otherLexiconNames: readonly string[];
  /** What the model was given to read (the dream, the meanings): repeating its words invents nothing. */
  sourceText: string;
}

export interface ModelReadingCheck {
  ok: boolean;
  /** Short codes naming each broken rule ("prediction: will happen"); never the dream's text. */
  problems: string[];
}

// Lower case without accents, so "diagnóstico" and "diagnostico", "soñante" and "sonante" meet one pattern.
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

// Foretelling, and certainty about what is to come ("you will surely", «estás destinada a»).
const PREDICTION =
  /\b(?:will happen|is going to happen|predicts?|foretells?|a sign that you will|you will (?:meet|lose|die|get|find|receive|marry)|will (?:certainly|definitely|surely|undoubtedly)|(?:is|are) (?:destined|fated) to|guaranteed to|va a pasar|predice|anuncia que|vas a (?:morir|perder|conocer|encontrar|recibir)|se cumplira|(?:seguro que|seguramente|sin duda) (?:vas a|va a|lograras|conseguiras|encontraras)|(?:estas|esta) (?:pre)?destinad[oa]s? a|tu destino es|esta escrito que)\b/g;

const MEDICAL =
  /\b(?:diagnos\w*|disorders?|medications?|dosage|you have (?:depression|anxiety|ptsd|ocd|adhd|bipolar|trauma)|(?:clinical|major|suffer(?:s|ing)? from|symptoms? of|signs? of) (?:depression|anxiety|ptsd)|trastornos?|medicamentos?|medicacion|tienes (?:depresion|ansiedad|tept|toc|trauma)|sufres (?:de )?(?:depresion|ansiedad)|sintomas de (?:depresion|ansiedad))\b/g;

const THIRD_PERSON = /\b(?:the dreamer|(?:el|la) (?:sonante|sonador|sonadora)|quien suena)\b/;

// The page shows plain text: a heading, a tag or bold markers would be printed as they are.
const MARKUP = /^\s{0,3}#{1,6}\s|<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|\*\*|__/m;

// "Dreams do not predict what will happen" is the care note's own sentence, not a prediction.
const NEGATED_BEFORE = /(?:\b(?:not|never|no|nor|nunca|ni|jamas|tampoco)\b|n't)[^.!?;:]*$/;
const NEGATION_REACH = 30;

/** Claims the pattern finds that no negation just before excuses, each named once. */
function claims(folded: string, pattern: RegExp): string[] {
  const found = new Set<string>();
  for (const match of folded.matchAll(pattern)) {
    const before = folded.slice(Math.max(0, match.index - NEGATION_REACH), match.index);
    if (!NEGATED_BEFORE.test(before)) found.add(match[0]);
  }
  return [...found];
}

// A "mixed" guess on a handful of function words is noise (a quoted phrase); on more, the answer switched language.
const TINY_MINORITY = 5;

function languageProblem(text: string, language: Language): string | null {
  const guess = detectLanguage(tokenize(text), text);
  if (guess.language === language) return null;
  if (guess.language === "mixed") {
    const own = language === "en" ? guess.en : guess.es;
    const other = language === "en" ? guess.es : guess.en;
    if (own > other && other <= TINY_MINORITY) return null;
  }
  return `language: ${guess.language} instead of ${language}`;
}

// Lexicon names run up to a few words ("loved one who has passed" is the longest kind).
const MAX_NAME_WORDS = 5;
// Accents are kept: "té" (tea) is a symbol, "te" (you) is every other Spanish sentence.
const WORD = /[\p{L}\p{N}]+(?:['’]\p{L}+)*/gu;
const RUN_BREAK = /[.,;:!?()[\]{}"“”«»¿¡…—–]/;
const POSSESSIVE = /['’]s?$/;

/** Every run of 1 to MAX_NAME_WORDS lower-case words that punctuation does not cut, joined by spaces. */
function wordRuns(text: string): Set<string> {
  const words: Array<{ word: string; breakBefore: boolean }> = [];
  let previousEnd = 0;
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const breakBefore = RUN_BREAK.test(text.slice(previousEnd, match.index));
    words.push({ word: match[0].replace(POSSESSIVE, ""), breakBefore });
    previousEnd = match.index + match[0].length;
  }
  const runs = new Set<string>();
  for (let first = 0; first < words.length; first++) {
    let run = "";
    for (let last = first; last < words.length && last - first < MAX_NAME_WORDS; last++) {
      const { word, breakBefore } = words[last]!;
      if (last > first && breakBefore) break;
      run = last === first ? word : `${run} ${word}`;
      runs.add(run);
    }
  }
  return runs;
}

/** A lexicon name as the run of words it is found by ("Ex-partner" -> "ex partner"). */
function nameRun(name: string): string {
  return Array.from(name.toLowerCase().matchAll(WORD), (match) => match[0]).join(" ");
}

/** The run, or its plural in either language ("dogs", "leones"), is among the runs. */
function mentions(runs: ReadonlySet<string>, run: string): boolean {
  return runs.has(run) || runs.has(`${run}s`) || runs.has(`${run}es`);
}

function inventedSymbols(text: string, rules: ModelReadingRules): string[] {
  const answer = wordRuns(text);
  const given = wordRuns(`${rules.allowedNames.join(". ")}. ${rules.sourceText}`);
  const invented = new Set<string>();
  for (const name of rules.otherLexiconNames) {
    const run = nameRun(name);
    if (run.length > 0 && mentions(answer, run) && !mentions(given, run)) invented.add(run);
  }
  return [...invented];
}

export function checkModelReading(text: string, rules: ModelReadingRules): ModelReadingCheck {
  const problems: string[] = [];
  const trimmed = text.trim();
  if (trimmed.length < rules.band.min || trimmed.length > rules.band.max) {
    problems.push(`length: ${trimmed.length} outside ${rules.band.min}-${rules.band.max}`);
  }
  const language = languageProblem(trimmed, rules.language);
  if (language) problems.push(language);
  for (const name of inventedSymbols(trimmed, rules)) problems.push(`unrecognised symbol: ${name}`);

  const folded = foldText(trimmed);
  for (const claim of claims(folded, PREDICTION)) problems.push(`prediction: ${claim}`);
  for (const claim of claims(folded, MEDICAL)) problems.push(`medical: ${claim}`);
  const thirdPerson = THIRD_PERSON.exec(folded);
  if (thirdPerson) problems.push(`third person: ${thirdPerson[0]}`);
  if (MARKUP.test(trimmed)) problems.push("markup");
  return { ok: problems.length === 0, problems };
}

import type { DropReason } from "../../contract/constants";
import { type DreamLanguage, detectLanguage } from "./language";
import type { Celebrity, SymbolCategory, SymbolEntry, TermSpec } from "./lexicon/schema";
import { type Language, surfaceForms } from "./morphology";
import * as rules from "./rules";
import { type Token, termWords, tokenize } from "./text";

// Bound once: the module loader reads imports through getters, and these run for every word of every dream.
const {
  animalInName,
  comparison,
  deniedAfter,
  exclamation,
  featureOfAnotherCreature,
  formerlyThere,
  GENERIC_ROOM,
  inSpanishPlaceName,
  namesGiven,
  negatedAction,
  partOfName,
  quotedImperative,
  refersBackToRoom,
  religiousTitle,
  SPECIFIC_ROOMS,
  spanishProperName,
  statedAbsent,
  unrealAction,
  unrealEvent,
  unrealVerbForm,
  verbAfterClitic,
} = rules;

/**
 * The symbol matcher: a trie of every surface form of every lexicon term, walked over the dream's tokens.
 * Pure and synchronous: no I/O, so it is fast and the same text always yields the same symbols.
 */

export interface SymbolInfo {
  key: string;
  category: SymbolCategory;
  names: Record<Language, string>;
}

interface TermOutput {
  key: string;
  kind: "term" | "not";
  /** Written as a verb (":v") or a word of an action symbol: the action rules ("didn't", "wanted to") apply. */
  isVerb: boolean;
  /** A word of an event symbol ("a wedding", "an accident"): an event only planned or feared is not told. */
  isEvent?: boolean;
  /** A word of an animal symbol: "with deer legs" speaks of another creature. */
  isAnimal?: boolean;
  /** A word of a person symbol (people, spiritual beings): their titles and names are capitalised. */
  isPerson?: boolean;
  /** An idiom written with capitals ("White House"): it only blocks when the dream capitalises it too. */
  capitalised?: boolean;
  near?: ContextWords;
  notNear?: ContextWords;
  /** How far before the hit `near` words count (CONTEXT_WINDOW when unset). */
  reach?: number;
  also: readonly string[];
  term: string;
  /** The verb's infinitive or base form, for verb terms ("caer", "run"). */
  lemma?: string;
  /** The celebrity's name when the term is one of theirs. */
  detail?: string;
}

/**
 * Each distinct word of the lexicon (a lemma with its inflection kind) gets an id, and every surface form
 * points to the ids it can be. Phrases are a trie over ids, so a Spanish verb's hundreds of forms are listed
 * once, not once per phrase that starts with it.
 */
class WordIndex {
  private readonly ids = new Map<string, number>();
  readonly byForm = new Map<string, number[]>();

  id(signature: string, forms: () => readonly string[]): number {
    let id = this.ids.get(signature);
    if (id !== undefined) return id;
    id = this.ids.size;
    this.ids.set(signature, id);
    for (const form of forms()) {
      const list = this.byForm.get(form);
      if (!list) this.byForm.set(form, [id]);
      else if (!list.includes(id)) list.push(id);
    }
    return id;
  }
}

class TrieNode {
  children: Map<number, TrieNode> | undefined;
  wild: TrieNode | undefined;
  outputs: TermOutput[] = [];
}

const WILDCARD = -1;
const ROYAL_TITLES = new Set([
  "queen",
  "king",
  "prince",
  "princess",
  "reina",
  "rey",
  "príncipe",
  "princesa",
  "lady",
]);

function insert(root: TrieNode, words: readonly number[], output: TermOutput): void {
  let node = root;
  for (const word of words) {
    if (word === WILDCARD) {
      node.wild ??= new TrieNode();
      node = node.wild;
      continue;
    }
    node.children ??= new Map();
    let child = node.children.get(word);
    if (!child) {
      child = new TrieNode();
      node.children.set(word, child);
    }
    node = child;
  }
  node.outputs.push(output);
}

function wordIds(
  index: WordIndex,
  term: string,
  language: Language,
  gendered: boolean,
): { words: number[]; isVerb: boolean } {
  const raw = termWords(term);
  const isVerb = raw.some((word) => word.endsWith(":v"));
  const words = raw.map((word) => word.replace(/:v$/, ""));
  const last = words.length - 1;
  const idOf = (word: string, kind: "exact" | "verb" | "noun") =>
    index.id(`${language}|${kind}|${gendered}|${word}`, () =>
      kind === "exact" ? [word] : surfaceForms(word, { language, verb: kind === "verb", gendered }),
    );
  return {
    isVerb,
    words: words.map((word, position) => {
      if (word === "*") return WILDCARD;
      if (word.startsWith("=")) return idOf(word.slice(1), "exact");
      if (isVerb) return position === 0 ? idOf(word, "verb") : idOf(word, "exact");
      // Spanish phrases agree in number and gender throughout; English inflects the head (last) word.
      // Function words ("de", "the") come back unchanged from surfaceForms.
      const inflect = language === "es" || position === last;
      return inflect ? idOf(word, "noun") : idOf(word, "exact");
    }),
  };
}

/** Words (any of their forms) and phrases (word after word, the last one inflected) that tell a sense. */
interface ContextWords {
  words: ReadonlySet<string>;
  phrases: ReadonlyArray<ReadonlyArray<ReadonlySet<string>>>;
}

function contextWords(entries: readonly string[] | undefined, language: Language): ContextWords | undefined {
  if (!entries?.length) return undefined;
  const words = new Set<string>();
  const phrases: Array<Array<Set<string>>> = [];
  const formsOf = (part: string) =>
    new Set(
      surfaceForms(part.replace(/:v$/, "").replace(/^=/, ""), {
        language,
        verb: part.endsWith(":v"),
        gendered: true,
      }),
    );
  for (const entry of entries) {
    const parts = termWords(entry);
    if (parts.length === 1) {
      for (const form of formsOf(parts[0] ?? "")) words.add(form);
    } else if (parts.length > 1) {
      // "saco de dormir" is that phrase, not any "de" nearby.
      phrases.push(
        parts.map((part, index) =>
          index === parts.length - 1 ? formsOf(part) : new Set([part.replace(/:v$/, "")]),
        ),
      );
    }
  }
  return { words, phrases };
}

/**
 * Plain data (Maps, arrays, objects without methods): a compiled lexicon survives v8.serialize, so a server can
 * keep it between starts instead of compiling again.
 */
export interface CompiledLexicon {
  symbols: ReadonlyMap<string, SymbolInfo>;
  tries: Record<Language, TrieNode>;
  /** Each surface form and the word ids it can be (WordIndex.byForm). */
  words: Record<Language, FormIndex>;
}

type FormIndex = ReadonlyMap<string, readonly number[]>;

export function compileLexicon(
  entries: readonly SymbolEntry[],
  celebrities: readonly Celebrity[] = [],
): CompiledLexicon {
  const symbols = new Map<string, SymbolInfo>();
  const tries: Record<Language, TrieNode> = { en: new TrieNode(), es: new TrieNode() };
  const words: Record<Language, WordIndex> = { en: new WordIndex(), es: new WordIndex() };
  // Terms of a symbol often share one list of context words: each distinct list is expanded, and held, once.
  const contexts = new Map<string, ContextWords | undefined>();
  const context: ContextOf = (list, language) => {
    if (!list?.length) return undefined;
    const key = `${language}\n${list.join("\n")}`;
    if (!contexts.has(key)) contexts.set(key, contextWords(list, language));
    return contexts.get(key);
  };
  for (const entry of entries) {
    symbols.set(entry.key, {
      key: entry.key,
      category: entry.category,
      names: { en: entry.en.name, es: entry.es.name },
    });
    const gendered = entry.category === "people" || entry.category === "animal";
    for (const language of ["en", "es"] as const) {
      const side = entry[language];
      const regional = Object.values(side.regional ?? {}).flat();
      const add = (spec: TermSpec | string, kind: TermOutput["kind"]) =>
        addTerm(tries[language], words[language], context, entry, spec, kind, language, gendered);
      for (const spec of [...side.terms, ...regional]) add(spec, "term");
      for (const phrase of side.not ?? []) add(phrase, "not");
    }
  }
  if (symbols.has("celebrity")) {
    for (const celebrity of celebrities) {
      const deceased = celebrity.deceased && symbols.has("deceased") ? ["deceased"] : [];
      for (const alias of celebrity.aliases) {
        // "Queen Elizabeth", "el rey Felipe": a royal named by title is royalty too.
        const royal = ROYAL_TITLES.has(alias.split(" ")[0] ?? "") && symbols.has("royalty");
        const also = royal ? [...deceased, "royalty"] : deceased;
        for (const language of ["en", "es"] as const) {
          const ids = termWords(alias).map((word) =>
            words[language].id(`${language}|exact|false|${word}`, () => [word]),
          );
          insert(tries[language], ids, {
            key: "celebrity",
            kind: "term",
            isVerb: false,
            also,
            term: alias,
            detail: celebrity.name,
          });
        }
      }
    }
  }
  return { symbols, tries, words: { en: words.en.byForm, es: words.es.byForm } };
}

type ContextOf = (list: readonly string[] | undefined, language: Language) => ContextWords | undefined;

function addTerm(
  trie: TrieNode,
  index: WordIndex,
  context: ContextOf,
  entry: SymbolEntry,
  spec: TermSpec | string,
  kind: TermOutput["kind"],
  language: Language,
  gendered: boolean,
): void {
  const term = typeof spec === "string" ? spec : spec.t;
  const { words, isVerb } = wordIds(index, term, language, gendered);
  if (words.length === 0) return;
  const output: TermOutput = {
    key: entry.key,
    kind,
    // Actions, and verbs of other symbols ("vomit", "got injured"), follow the action rules; a place or
    // thing found through a verb phrase ("go shopping") is still mentioned, even when only planned.
    isVerb:
      entry.category === "action" || (isVerb && entry.category !== "place" && entry.category !== "object"),
    isEvent: entry.category === "event",
    isAnimal: entry.category === "animal",
    isPerson: entry.category === "people" || entry.category === "spiritual",
    capitalised: kind === "not" && term !== term.toLowerCase(),
    also: entry.alsoKeys?.[term] ?? [],
    term,
    lemma: isVerb ? termWords(term)[0]?.replace(/:v$/, "") : undefined,
  };
  if (typeof spec !== "string") {
    output.near = context(spec.near, language);
    output.reach = spec.reach;
    output.notNear = context(spec.notNear, language);
  }
  insert(trie, words, output);
}

// --- Matching -------------------------------------------------------------------------------------------

export interface Evidence {
  start: number;
  end: number;
  text: string;
}

export interface SymbolMatch {
  key: string;
  name: string;
  category: SymbolCategory;
  evidence: Evidence[];
  /** Celebrities named in the dream, for the celebrity symbol. */
  details?: string[];
}

export type { DropReason };

export interface TraceEntry {
  key: string;
  term: string;
  text: string;
  start: number;
  end: number;
  kept: boolean;
  reason?: DropReason;
  byKey?: string;
}

export interface MatchResult {
  language: DreamLanguage;
  symbols: SymbolMatch[];
  /** Empty unless asked for with `trace: true`. */
  trace: TraceEntry[];
}

interface Candidate {
  first: number;
  last: number;
  output: TermOutput;
  language: Language;
}

const CONTEXT_WINDOW = 6;

function collect(
  tokens: readonly Token[],
  trie: TrieNode,
  index: FormIndex,
  language: Language,
  into: Candidate[],
): void {
  const ids: Array<readonly number[] | undefined> = new Array(tokens.length);
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as Token;
    const plain = index.get(token.norm);
    const possessive = token.possessive ? index.get(token.possessive) : undefined;
    ids[k] = possessive ? [...(plain ?? []), ...possessive] : plain;
  }
  // Two parallel stacks (trie node, next token) instead of a tuple per step: this loop is the engine's hot path.
  const nodes: TrieNode[] = [];
  const positions: number[] = [];
  for (let start = 0; start < tokens.length; start++) {
    nodes.push(trie);
    positions.push(start);
    while (nodes.length > 0) {
      const node = nodes.pop() as TrieNode;
      const next = positions.pop() as number;
      if (next > start)
        for (const output of node.outputs) into.push({ first: start, last: next - 1, output, language });
      const token = tokens[next];
      if (!token || (next > start && token.breakBefore)) continue;
      const children = node.children;
      const wordIds = ids[next];
      if (children && wordIds) {
        for (const id of wordIds) {
          const child = children.get(id);
          if (child) {
            nodes.push(child);
            positions.push(next + 1);
          }
        }
      }
      if (node.wild) {
        nodes.push(node.wild);
        positions.push(next + 1);
      }
    }
  }
}

function nearAny(
  tokens: readonly Token[],
  candidate: Candidate,
  context: ContextWords,
  reach = CONTEXT_WINDOW,
): boolean {
  const from = Math.max(0, candidate.first - reach);
  const to = Math.min(tokens.length - 1, candidate.last + CONTEXT_WINDOW);
  for (let k = from; k <= to; k++) {
    const outside = k < candidate.first || k > candidate.last;
    if (outside && context.words.has(tokens[k]?.norm ?? "")) return true;
    for (const phrase of context.phrases) {
      // The phrase must lie within the window and reach outside the hit's own words.
      const end = k + phrase.length - 1;
      if (end > to || (k >= candidate.first && end <= candidate.last)) continue;
      let matches = true;
      for (let offset = 0; offset < phrase.length && matches; offset++)
        matches = phrase[offset]?.has(tokens[k + offset]?.norm ?? "") ?? false;
      if (matches) return true;
    }
  }
  return false;
}

const span = (c: Candidate) => c.last - c.first;

function blockedByIdiom(
  tokens: readonly Token[],
  blocks: readonly Candidate[] | undefined,
  candidate: Candidate,
): boolean {
  if (!blocks) return false;
  for (const block of blocks) {
    if (block.first > candidate.first || candidate.last > block.last) continue;
    // "the White House" is a name; "a big white house" is a house.
    if (block.output.capitalised && !(tokens[block.first]?.capital && tokens[block.last]?.capital)) continue;
    return true;
  }
  return false;
}

/** A reading of another symbol, already accepted over these words, that covers more words. */
function longerReading(
  covering: readonly Candidate[] | undefined,
  candidate: Candidate,
): Candidate | undefined {
  if (!covering) return undefined;
  for (const other of covering)
    if (other.output.key !== candidate.output.key && span(other) > span(candidate)) return other;
  return undefined;
}

function dropReason(
  tokens: readonly Token[],
  candidate: Candidate,
  names: ReadonlySet<string>,
): DropReason | undefined {
  const { first, output, language } = candidate;
  const single = candidate.first === candidate.last;
  if (output.near && !nearAny(tokens, candidate, output.near, output.reach)) return "context";
  if (output.notNear && nearAny(tokens, candidate, output.notNear)) return "context";
  if (comparison(tokens, first, language, output.isPerson)) return "comparison";
  if (candidate.first === candidate.last && exclamation(tokens, first, language)) return "exclamation";
  if (single && !output.detail) {
    const token = tokens[first];
    if (partOfName(tokens, first)) return "name";
    // A name given in the dream ("my cat Pumpkin"); people's own words ("Dios", "Mom") are not set aside.
    // English names are given explicitly ("named Duke"); Spanish ones are only guessed from capitals, and
    // never for people's own words ("Dios", "Mamá").
    if (token?.capital && names.has(token.norm) && (language === "en" || !output.isPerson)) return "name";
    if (output.isPerson && religiousTitle(tokens, first)) return "name";
    if (output.isAnimal && animalInName(tokens, first, candidate.last)) return "name";
    if (language === "es") {
      if (!output.isPerson && spanishProperName(tokens, first, candidate.last)) return "name";
      if (output.isPerson && inSpanishPlaceName(tokens, first)) return "name";
    }
  }
  // Only things and places: verbs of actions and events are often listed as plain forms ("se reía", "moría").
  const isThing = !output.isVerb && !output.isEvent && !output.isPerson;
  if (isThing && !output.lemma && verbAfterClitic(tokens, first, language)) return "context";
  // "mi abuela tiró por el camino": a stressed last vowel the word itself lacks ("tiro") marks a verb.
  const stressed = tokens[first]?.finalStress && !/[áéíóú]$/.test(output.term);
  if (isThing && single && !output.lemma && language === "es" && stressed) return "context";
  if (output.isAnimal && featureOfAnotherCreature(tokens, first, candidate.last, language))
    return "comparison";
  if (output.isEvent && unrealEvent(tokens, first, language)) return "not-real";
  if (output.isVerb) {
    if (negatedAction(tokens, first, language)) return "negated";
    if (unrealAction(tokens, first, language)) return "not-real";
    if (output.lemma && unrealVerbForm(tokens, first, output.lemma, language)) return "not-real";
    // A verb listed as its exact base form ("=hide") is its own lemma.
    if (quotedImperative(tokens, first, output.lemma ?? output.term.replace(/^=/, ""), language))
      return "not-real";
  } else if (
    statedAbsent(tokens, first, language) ||
    deniedAfter(tokens, candidate.last, language) ||
    formerlyThere(tokens, first, candidate.last, language)
  ) {
    return "absent";
  } else if (output.isEvent && unrealAction(tokens, first, language, !output.lemma)) {
    return "not-real";
  } else if (output.isEvent && language === "es" && negatedAction(tokens, first, language)) {
    // An event told as a verb: "No chocamos".
    return "negated";
  }
  return undefined;
}

export interface MatchOptions {
  /** Skip detection and read the dream in this language. */
  language?: DreamLanguage;
  /** Keep every candidate with the reason it was kept or dropped (debug page, evaluation); off by default. */
  trace?: boolean;
}

type RecordReading = (candidate: Candidate, kept: boolean, reason?: DropReason, byKey?: string) => void;

/** Every hit of every lexicon term, in each language the dream may be in. */
function findCandidates(
  lexicon: CompiledLexicon,
  tokens: readonly Token[],
  language: DreamLanguage,
): Candidate[] {
  const languages: Language[] = language === "mixed" ? ["en", "es"] : [language];
  const found: Candidate[] = [];
  for (const lang of languages) collect(tokens, lexicon.tries[lang], lexicon.words[lang], lang, found);
  return found;
}

/** The trace's recorder: a no-op unless the caller asked for a trace. */
function tracer(tokens: readonly Token[], text: string, enabled: boolean | undefined) {
  const entries: TraceEntry[] = [];
  const record: RecordReading = (candidate, kept, reason, byKey) => {
    if (!enabled) return;
    const start = tokens[candidate.first]?.start ?? 0;
    const end = tokens[candidate.last]?.end ?? 0;
    entries.push({
      key: candidate.output.key,
      term: candidate.output.term,
      text: text.slice(start, end),
      start,
      end,
      kept,
      reason,
      byKey,
    });
  };
  return { record, entries };
}

/**
 * Phase 1. Idioms and other senses listed under `not` cancel the symbol's hits inside them ("fell" inside
 * "fell asleep"); a longer reading that only overlaps one ("a famous movie" / "movie star") stands.
 */
function dropIdioms(
  tokens: readonly Token[],
  found: readonly Candidate[],
  record: RecordReading,
): Candidate[] {
  const blocksByKey = new Map<string, Candidate[]>();
  for (const c of found) {
    if (c.output.kind !== "not") continue;
    const list = blocksByKey.get(c.output.key);
    if (list) list.push(c);
    else blocksByKey.set(c.output.key, [c]);
  }
  return found.filter((c) => {
    if (c.output.kind === "not") return false;
    const blocked = blockedByIdiom(tokens, blocksByKey.get(c.output.key), c);
    if (blocked) record(c, false, "idiom");
    return !blocked;
  });
}

/**
 * Phase 2. The most specific reading wins: a longer match of another symbol swallows a shorter one; each
 * remaining reading then goes through the context rules (`dropReason`).
 */
function acceptReadings(
  tokens: readonly Token[],
  terms: Candidate[],
  names: ReadonlySet<string>,
  record: RecordReading,
): Candidate[] {
  terms.sort((a, b) => span(b) - span(a) || a.first - b.first);
  const accepted: Candidate[] = [];
  // Filled lazily: most tokens are never covered by a reading.
  const coveredBy: Array<Candidate[] | undefined> = new Array(tokens.length);
  const acceptedSpans = new Set<string>();
  for (const candidate of terms) {
    let longer: Candidate | undefined;
    for (let k = candidate.first; k <= candidate.last && !longer; k++) {
      longer = longerReading(coveredBy[k], candidate);
    }
    if (longer) {
      record(candidate, false, "longer-match", longer.output.key);
      continue;
    }
    // The same words found again through another term of the same symbol ("cayó" and "caer") count once.
    const spanId = `${candidate.output.key}|${candidate.first}|${candidate.last}`;
    if (acceptedSpans.has(spanId)) continue;
    const reason = dropReason(tokens, candidate, names);
    if (reason) {
      record(candidate, false, reason);
      continue;
    }
    accepted.push(candidate);
    acceptedSpans.add(spanId);
    for (let k = candidate.first; k <= candidate.last; k++) {
      const covering = coveredBy[k];
      if (covering) covering.push(candidate);
      else coveredBy[k] = [candidate];
    }
  }
  return accepted;
}

/**
 * Phase 3. A generic "the room" right after a specific room ("the kitchen… the room") is that room again,
 * not a second one: those readings are dropped. Returns the rest in text order.
 */
function dropRoomsReferringBack(
  tokens: readonly Token[],
  accepted: readonly Candidate[],
  record: RecordReading,
): Candidate[] {
  const kept: Candidate[] = [];
  let lastRoom: Candidate | undefined;
  for (const candidate of [...accepted].sort((a, b) => a.first - b.first)) {
    const key = candidate.output.key;
    if (key === GENERIC_ROOM || SPECIFIC_ROOMS.has(key)) {
      const previousRoom = lastRoom;
      lastRoom = candidate;
      if (
        key === GENERIC_ROOM &&
        previousRoom &&
        SPECIFIC_ROOMS.has(previousRoom.output.key) &&
        refersBackToRoom(tokens, candidate.first, candidate.last)
      ) {
        lastRoom = previousRoom;
        record(candidate, false, "refers-back", previousRoom.output.key);
        continue;
      }
    }
    record(candidate, true);
    kept.push(candidate);
  }
  return kept;
}

/** Phase 4. One symbol per key (and per `also` key), with every place it was found as evidence. */
function buildSymbols(
  lexicon: CompiledLexicon,
  tokens: readonly Token[],
  text: string,
  readings: readonly Candidate[],
): SymbolMatch[] {
  const byKey = new Map<string, SymbolMatch>();
  for (const candidate of readings) {
    const start = tokens[candidate.first]?.start ?? 0;
    const end = tokens[candidate.last]?.end ?? 0;
    const evidence: Evidence = { start, end, text: text.slice(start, end) };
    for (const key of [candidate.output.key, ...candidate.output.also]) {
      const info = lexicon.symbols.get(key);
      if (!info) continue;
      let match = byKey.get(key);
      if (!match) {
        match = { key, name: info.names[candidate.language], category: info.category, evidence: [] };
        byKey.set(key, match);
      }
      let seen = false;
      for (const e of match.evidence) seen ||= e.start === start && e.end === end;
      if (!seen) match.evidence.push(evidence);
      if (candidate.output.detail && key === candidate.output.key) {
        match.details = [...new Set([...(match.details ?? []), candidate.output.detail])];
      }
    }
  }
  return [...byKey.values()];
}

export function matchSymbols(
  lexicon: CompiledLexicon,
  text: string,
  options: MatchOptions = {},
): MatchResult {
  const tokens = tokenize(text);
  const language = options.language ?? detectLanguage(tokens, text).language;
  const { record, entries: trace } = tracer(tokens, text, options.trace);
  const terms = dropIdioms(tokens, findCandidates(lexicon, tokens, language), record);
  const names = namesGiven(tokens, language === "mixed" ? "en" : language);
  const accepted = acceptReadings(tokens, terms, names, record);
  const symbols = buildSymbols(lexicon, tokens, text, dropRoomsReferringBack(tokens, accepted, record));
  trace.sort((a, b) => a.start - b.start);
  return { language, symbols, trace };
}

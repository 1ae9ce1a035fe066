import type { SymbolCategory } from "../../../contract/constants";
import type { SymbolMatch } from "../matcher";
import type { Language } from "../morphology";
import * as rules from "../rules";
import * as shared from "../rules/words";
import { type Token, tokenize } from "../text";
import type { DreamerRole, RoleAnalysis, Span, SymbolRole } from "./types";
import { compilePatterns, findPatterns, type PatternHit } from "./word-patterns";

// Bound once: the module loader reads imports through getters, and these run for every symbol of every dream.
const { EN_POSSESSIVES, ES_CLITICS } = shared;
const { negatedAction, unrealAction } = rules;

/**
 * Where the dreamer stands towards each recognised symbol, and what the text says about it outside the dream:
 * who acts on whom in its clause ("a tiger ate me" is eating done to the dreamer), whether it is the
 * dreamer's own real one ("my dog Max", "mi mamá"), alive or dead in waking life, harmed in the dream, and
 * which sentences are waking remarks ("I often dream that…", "me desperté llorando") rather than the dream.
 * Rules of thumb over the tokenizer's words, clause by clause; no parser.
 */

// --- Shared words ---------------------------------------------------------------------------------------

interface Range {
  first: number;
  last: number;
}

const set = (words: string) => new Set(words.split(" "));

const EN_DETERMINERS = set(
  `a an the this that these those his their its your some every each another any no ${EN_POSSESSIVES.join(" ")}`,
);
const ES_DETERMINERS = set(
  "el la los las un una unos unas mi mis tu tus su sus este esta estos estas ese esa esos esas aquel aquella nuestro nuestra nuestros nuestras",
);
const DETERMINERS = new Set([...EN_DETERMINERS, ...ES_DETERMINERS]);
const OWN_BEFORE = set("my our mi mis nuestro nuestra nuestros nuestras");
/** Determiners of someone else's, or of no one's: "his dog", "la casa", "tu mamá". */
const NOT_OWN = new Set([...DETERMINERS].filter((word) => !OWN_BEFORE.has(word)));
/** "chased after me", "jumped on me": the dreamer is what the act reaches. */
const EN_TOWARD = set("at after toward towards into onto upon on against");
/** "made fun of me", "made a fool of me": mockery aimed at the dreamer. */
const EN_MOCKED_OF = set("fun fool");
/** "walking with a friend", "caminaba con una amiga": someone beside the dreamer, not acted on. */
const COMPANION = set("with con");
/** "next to me", "with me": the dreamer is only nearby. */
const EN_PREPOSITIONS = set(
  "to with beside near next behind like than for of from in inside around without about besides by among between above below under except beyond past through across",
);
const ES_PREPOSITIONS = set(
  "a al ante bajo con contra de del desde en entre hacia hasta para por sin sobre tras durante segun",
);
const PREPOSITIONS = new Set([...EN_PREPOSITIONS, ...EN_TOWARD, ...ES_PREPOSITIONS]);
/** "q" is "que" as typed in chats: "mi abuelo, q en paz descanse,". */
const RELATIVES = set("who which that whom que q quien quienes");

/** Whether a word of `words` stands in `range` (before `before`, when given). */
function hasWord(
  tokens: readonly Token[],
  range: Range,
  words: ReadonlySet<string>,
  before = range.last + 1,
) {
  for (let k = range.first; k <= range.last && k < before; k++)
    if (words.has((tokens[k] as Token).norm)) return true;
  return false;
}

// --- Sentences and clauses ------------------------------------------------------------------------------

/** Clauses open at these words ("…, but", "cuando…"), besides punctuation. */
const CONNECTORS = set(
  "but when while whilst because until although though then pero cuando mientras porque aunque entonces luego sino",
);
/** "and"/"y" opens a clause only before a new subject or a time word: "and then", "and I", "y me". */
const AND_WORDS = set("and y e");
const AND_FOLLOW = set(
  "then i we he she they it suddenly later so a an the my his her their luego despues entonces yo nosotros nosotras ella ellos ellas me nos se te le les de un una el la los las mi mis su sus",
);

interface Clause {
  first: number;
  last: number;
  sentence: number;
  /** Opened by a connector word rather than by punctuation. */
  byConnector: boolean;
}

interface Layout {
  text: string;
  tokens: Token[];
  language: Language;
  /** First and last token of each sentence (split at . ! ? … ; and line breaks). */
  sentences: Range[];
  clauses: Clause[];
  clauseOf: Int32Array;
  /** Index of the bracketed aside a token sits in, or -1: "(my dog died last year)". */
  asideOf: Int32Array;
  asides: Range[];
  /** Tokens that speak from waking life: remarks, and phrases like "who passed away" (not dream harm). */
  waking: Uint8Array;
  remark: Uint8Array;
  /** Tokens inside the evidence of a person or an animal. */
  living: Uint8Array;
  /** Tokens inside the evidence of a noun or verb symbol: the words a possessive may belong to. */
  evidence: Uint8Array;
}

function opensClause(tokens: readonly Token[], k: number): boolean {
  const word = tokens[k]?.norm ?? "";
  if (CONNECTORS.has(word)) return true;
  const next = tokens[k + 1]?.norm ?? "";
  // "hasta que me desperté"
  return (AND_WORDS.has(word) && AND_FOLLOW.has(next)) || (word === "hasta" && next === "que");
}

/** Titles written with a full stop that ends no sentence: "Mr. Parker", "la Dra. López". */
const TITLES = set("mr mrs ms dr drs prof st sr sra srta dra lic ing");
const TITLE_STOP = /^\.\s+$/;

/**
 * The tokenizer ends a sentence at every full stop; after a title ("Mr. Smith", "Sra. García") the name
 * goes on in the same clause and is a name, not a sentence opener.
 */
function joinTitles(text: string, tokens: Token[]): Token[] {
  for (let k = 1; k < tokens.length; k++) {
    const title = tokens[k - 1] as Token;
    const token = tokens[k] as Token;
    if (!token.breakBefore || !token.capital || NOT_NAMES.has(token.norm) || !TITLES.has(title.norm))
      continue;
    if (!TITLE_STOP.test(text.slice(title.end, token.start))) continue;
    tokens[k] = { ...token, breakBefore: false, sentenceStart: false };
  }
  return tokens;
}

function layOut(text: string, language: Language): Layout {
  const tokens = joinTitles(text, tokenize(text));
  const sentences: Layout["sentences"] = [];
  const clauses: Clause[] = [];
  const clauseOf = new Int32Array(tokens.length);
  const asideOf = new Int32Array(tokens.length).fill(-1);
  const asides: Layout["asides"] = [];
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as Token;
    let newSentence = k === 0 || token.sentenceStart;
    let opensAside = false;
    for (let i = k === 0 ? 0 : (tokens[k - 1] as Token).end; i < token.start; i++) {
      const char = text[i];
      if (char === ";" || char === "\n") newSentence = true;
      else if (char === "(" || char === "[") opensAside ||= depth++ === 0;
      else if ((char === ")" || char === "]") && depth > 0) depth--;
    }
    if (newSentence) sentences.push({ first: k, last: k });
    else (sentences.at(-1) as Range).last = k;
    const previous = clauses.at(-1);
    // "and then": the clause opened at "and" already holds "then".
    const connector = opensClause(tokens, k) && !(previous?.byConnector && previous.first === k - 1);
    if (newSentence || token.breakBefore || connector || !previous) {
      clauses.push({ first: k, last: k, sentence: sentences.length - 1, byConnector: connector });
    } else previous.last = k;
    clauseOf[k] = clauses.length - 1;
    if (opensAside) asides.push({ first: k, last: k });
    if (depth > 0 && asides.length > 0) {
      (asides.at(-1) as Range).last = k;
      asideOf[k] = asides.length - 1;
    }
  }
  return {
    text,
    tokens,
    language,
    sentences,
    clauses,
    clauseOf,
    asideOf,
    asides,
    waking: new Uint8Array(tokens.length),
    remark: new Uint8Array(tokens.length),
    evidence: new Uint8Array(tokens.length),
    living: new Uint8Array(tokens.length),
  };
}

// --- Waking remarks -------------------------------------------------------------------------------------

type Marker = "recurring" | "frame" | "waking" | "weak" | "about" | "preface" | "closing";

/** The text says the dream comes back; the words after "that"/"que" are still the dream. */
const RECURRING = [
  "recurre* ~ dream*",
  "recurre* ~ nightmare*",
  "recurring ~ dream*",
  "recurring ~ nightmare*",
  "reoccurring ~ dream*",
  "dream* ~ recurre*",
  "dream* ~ recurring",
  "recurre* soñar",
  "recurre* ~ sueño",
  "recurre* ~ sueños",
  "recurre* ~ pesadilla*",
  "sueño ~ recurre*",
  "sueños ~ recurre*",
  "pesadilla* ~ recurre*",
  "repeating dream*",
  "repeated dream*",
  "i ~ often dream*",
  "i ~ always dream*",
  "i ~ usually dream*",
  "i ~ sometimes dream*",
  "i ~ frequently dream*",
  "i ~ constantly dream*",
  "i ~ regularly dream*",
  "i've ~ often dream*",
  "i've ~ always dream*",
  "i ~ still dream*",
  "i keep dreaming",
  "i kept dreaming",
  "keep on dreaming",
  "keep having ~ dream*",
  "kept having ~ dream*",
  "keep having ~ nightmare*",
  "keep getting ~ dream*",
  "been having ~ dream*",
  "keeps coming back",
  "same dream ~ again",
  "same dream over and over",
  "same dream ~ times",
  "same nightmare ~ again",
  "this dream again",
  "that dream again",
  "the dream again",
  "dreamt it again",
  "dreamed it again",
  "had ~ dream before",
  "had ~ dream ~ times",
  "had ~ dream for years",
  "second time ~ dream*",
  "third time ~ dream*",
  "every night i dream*",
  "suelo soñar",
  "suelo tener ~ sueño",
  "solia soñar",
  "sigo soñando",
  "sigo teniendo ~ sueño",
  "sigo teniendo ~ sueños",
  "sigo teniendo ~ pesadilla*",
  "todavia sueño",
  "aun sueño",
  "todavia tengo ~ pesadilla*",
  "vuelvo a soñar",
  "volvi a soñar",
  "vuelto a soñar",
  "volvi a tener ~ sueño",
  "siempre sueño",
  "siempre he soñado",
  "siempre soñaba",
  "siempre tengo ~ sueño",
  "a menudo sueño",
  "muchas veces sueño",
  "muchas veces he soñado",
  "cada noche sueño",
  "todas las noches sueño",
  "otra vez ~ mismo sueño",
  "de nuevo ~ mismo sueño",
  "mismo sueño otra vez",
  "mismo sueño de nuevo",
  "mismo sueño ~ veces",
  "este sueño ~ veces",
  "hace ~ que sueño",
  "hace ~ que tengo ~ sueño",
  "vengo soñando",
  "segunda vez que ~ sueño",
  "tercera vez que ~ sueño",
  "segunda vez q ~ sueño",
  "tercera vez q ~ sueño",
  "se repite",
];

/** The dreamer speaks from waking life: the sentence from here on is a remark, not the dream. */
const WAKING = [
  "woke",
  "awoke",
  "woken",
  "awakened",
  "wake up",
  "waking up",
  "upon waking",
  "after waking",
  "in real life",
  "irl",
  "in waking life",
  "in my waking life",
  "in my real life",
  "in the real world",
  "desperte",
  "me despierto",
  "al despertar*",
  "en la vida real",
  "en mi vida real",
  "en vida real",
  "en la realidad",
  "en la vida despierta",
  "en el mundo real",
  "hace ~ años que",
  "hace ~ meses que",
  "hace ~ tiempo que",
  "hace mucho que",
];

/** The telling opens on the dream itself: "Had the worst nightmare last night", "tuve un sueño con…". */
const FRAME = [
  "had ~ dream",
  "had ~ dreams",
  "had ~ nightmare",
  "had ~ nightmares",
  "tuve ~ sueño",
  "tuve ~ pesadilla",
];

/** The dreamer asks the reader what the dream means. */
const QUESTION = [
  "does this mean",
  "does it mean",
  "does that mean",
  "what ~ this mean",
  "what ~ it mean",
  "what ~ that mean",
  "what ~ dream mean",
  "what ~ dream means",
  "what ~ dreams mean",
  "mean anything",
  "means anything",
  "any ideas",
  "any thoughts",
  "anyone know",
  "anyone ~ interpret",
  "que significa",
  "que significara",
  "que ~ significar",
  // "q" is "que" as typed in chats: "q significa??".
  "q significa",
  "q significara",
  "q ~ significar",
  "significa algo",
  "significara algo",
  "alguien sabe",
  "alguien ~ interpretar",
  "alguna idea",
];

/** Said before telling the dream, opening its sentence: "Context: I'm 32…", "Día 12 de confinamiento". */
const PREFACE = [
  "context",
  "contexto",
  "background",
  "antecedentes",
  "for context",
  "some context",
  "some background",
  "a bit of context",
  "a little context",
  "para contexto",
  "como contexto",
  "un poco de contexto",
  "algo de contexto",
];
/** Journal headers of the dreamer's situation: "Day 12 of lockdown", "Día 12 de cuarentena". */
const SITUATION = [
  "day ~ of lockdown",
  "day ~ of quarantine",
  "day ~ in lockdown",
  "day ~ in quarantine",
  "dia ~ de confinamiento",
  "dia ~ de cuarentena",
  "dia ~ del confinamiento",
  "dia ~ de la cuarentena",
];

/** Closing the telling, at the end of their sentence: "Anyway, that was the dream.", "Eso fue todo." */
const CLOSING = [
  "that was the dream",
  "that was my dream",
  "that's the dream",
  "that is the dream",
  "that was it",
  "that's it",
  "that's all",
  "that was all",
  "the end",
  "end of dream",
  "end of the dream",
  "eso fue todo",
  "eso es todo",
  "eso fue el sueño",
  "ese fue el sueño",
  "ese fue mi sueño",
  "ese es el sueño",
  "ese era el sueño",
  "fin del sueño",
];

/** Also said inside dreams ("pero en realidad era mi hermano"): a remark only beside a waking fact. */
const WEAK_WAKING = ["en realidad", "in reality", "actually"];

const MARKERS = compilePatterns<Marker>([
  ...RECURRING.map((pattern) => [pattern, "recurring"] as const),
  ...FRAME.map((pattern) => [pattern, "frame"] as const),
  ...QUESTION.map((pattern) => [pattern, "about"] as const),
  ...SITUATION.map((pattern) => [pattern, "about"] as const),
  ...PREFACE.map((pattern) => [pattern, "preface"] as const),
  ...CLOSING.map((pattern) => [pattern, "closing"] as const),
  ...WAKING.map((pattern) => [pattern, "waking"] as const),
  ...WEAK_WAKING.map((pattern) => [pattern, "weak"] as const),
]);

/** Time counted back from the day the dream is told: "last year", "hace dos años". */
const TIME_AGO = compilePatterns(
  [
    "last year",
    "last month",
    "last week",
    "last summer",
    "last winter",
    "last spring",
    "last fall",
    "last autumn",
    "last christmas",
    "years ago",
    "year ago",
    "months ago",
    "month ago",
    "weeks ago",
    "days ago",
    "decades ago",
    "long ago",
    "when i was ~ kid",
    "when i was ~ child",
    "when i was little",
    "when i was young",
    "when i was small",
    "el año pasado",
    "el mes pasado",
    "la semana pasada",
    "el verano pasado",
    "el invierno pasado",
    "hace ~ años",
    "hace ~ año",
    "hace ~ meses",
    "hace ~ mes",
    "hace ~ semanas",
    "hace ~ dias",
    "hace ~ decadas",
    "hace tiempo",
    "hace mucho",
    "cuando ~ era niño",
    "cuando ~ era niña",
    "cuando ~ era pequeño",
    "cuando ~ era pequeña",
    "cuando ~ era chico",
    "cuando ~ era chica",
  ].map((pattern) => [pattern, true] as const),
);
const YEAR = /^(19|20)\d\d$/;
const IN_YEAR = set("in en");
/** "passed away in March", "murió en marzo": a date of waking life, like a year. */
const MONTHS = set(
  "january february march april may june july august september october november december enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre",
);

/** Death and life told of waking life (in a remark, or beside a time counted back). */
const DEATH_WORDS = set(
  "died dies dead death deceased passed lost murio murieron muerto muerta muertos muertas fallecio fallecieron fallecido fallecida perdimos perdi",
);
const ALIVE_WORDS = set("alive living vivo viva vivos vivas vive viven");
/** "My dad's funeral was in March": a dated funeral is a death in waking life too. */
const FUNERAL = set("funeral funerals burial entierro velorio sepelio");
/** "not dead", "no longer alive", "ya no vive", "isn't dead": the state is turned round. */
const NEGATIONS = set("not no longer never isn't wasn't aren't weren't ain't didn't n't nunca");

/** "not dead", "didn't die", "no murió". */
function negated(tokens: readonly Token[], k: number): boolean {
  return NEGATIONS.has(tokens[k - 1]?.norm ?? "") || NEGATIONS.has(tokens[k - 2]?.norm ?? "");
}

function statedState(tokens: readonly Token[], k: number): "dead" | "alive" | undefined {
  const word = (tokens[k] as Token).norm;
  const alive = ALIVE_WORDS.has(word);
  if (!alive && !DEATH_WORDS.has(word)) return undefined;
  return alive !== negated(tokens, k) ? "alive" : "dead";
}

/** An aside with one of these speaks of waking life: "(my real boss)", "(she is alive)". */
const REAL_WORDS = set("real irl actually realidad verdad alive viva vivo");

/** Words that hand over from the frame to the dream: "I often dream THAT…", "siempre sueño CON…". */
const LINKERS = set("that where which about abt of que donde con sobre de");
const FRAME_LINKER_REACH = 8;
/** "woke up in a strange room" is a scene of the dream; "woke up in a sweat" is the dreamer waking. */
const WAKE_SCENE_PREPOSITIONS = set("in inside on at en dentro sobre");
const WAKE_STATES = set(
  "sweat tears panic fear shock bed cama sudor lagrimas llanto panico miedo terror night morning dawn midnight noche mañana madrugada amanecer medianoche",
);
/** "woke up at 3am", "at 4:30": a clock time, not a place. */
const CLOCK = /^\d/;
const WAKE_WORDS = set(
  "woke awoke woken awakened wake waking desperte despierto despertar despertarme despertarse",
);

function isDreamWord(word: string): boolean {
  return word.startsWith("dream") || word.startsWith("soñ") || word.startsWith("sueñ");
}

function mark(flags: Uint8Array, first: number, last: number): void {
  for (let k = first; k <= last; k++) flags[k] = 1;
}

function clauseAt(layout: Layout, k: number): Clause {
  return layout.clauses[layout.clauseOf[k] ?? 0] as Clause;
}

function sentenceOf(layout: Layout, k: number): number {
  return clauseAt(layout, k).sentence;
}

function sentenceEnd(layout: Layout, k: number): number {
  return (layout.sentences[sentenceOf(layout, k)] as Range).last;
}

/** From the clause of `k` to the end of its sentence, or the bracketed aside it sits in. */
function remarkFrom(layout: Layout, k: number): [number, number] {
  const aside = layout.asides[layout.asideOf[k] ?? -1];
  if (aside) return [aside.first, aside.last];
  return [clauseAt(layout, k).first, sentenceEnd(layout, k)];
}

const AGE_WORDS = 4;

/** The frame opens its clause, or a short clause of age before it: "I'm 34 and I still dream about…". */
function frameStart(layout: Layout, k: number): number {
  const { tokens, clauses } = layout;
  const index = layout.clauseOf[k] ?? 0;
  const clause = clauses[index] as Clause;
  const previous = clauses[index - 1];
  if (!previous || previous.sentence !== clause.sentence || previous.last - previous.first >= AGE_WORDS)
    return clause.first;
  for (let j = previous.first; j <= previous.last; j++)
    if (CLOCK.test((tokens[j] as Token).norm)) return previous.first;
  return clause.first;
}

/** The frame of a recurring dream ends at its linker, or at its dream word, or with its clause. */
function frameEnd(layout: Layout, hit: PatternHit<Marker>): number {
  const { tokens, text } = layout;
  const clause = clauseAt(layout, hit.last);
  const end = sentenceEnd(layout, hit.last);
  for (let k = hit.last + 1; k <= Math.min(end, hit.last + FRAME_LINKER_REACH); k++) {
    if (LINKERS.has((tokens[k] as Token).norm)) return k;
    if (text.slice((tokens[k - 1] as Token).end, (tokens[k] as Token).start).includes(":")) return k - 1;
  }
  return isDreamWord((tokens[hit.last] as Token).norm) ? hit.last : clause.last;
}

function wakesIntoScene(tokens: readonly Token[], hit: PatternHit<Marker>): boolean {
  let k = hit.last + 1;
  if (tokens[k]?.norm === "up") k++;
  if (!WAKE_SCENE_PREPOSITIONS.has(tokens[k]?.norm ?? "") || tokens[k]?.breakBefore) return false;
  k++;
  if (tokens[k]?.norm === "de") k++;
  if (DETERMINERS.has(tokens[k]?.norm ?? "")) k++;
  const word = tokens[k]?.norm;
  return word !== undefined && !WAKE_STATES.has(word) && !CLOCK.test(word);
}

/** Time-ago hits, with "in 2019" / "en marzo" added (years are digits, not pattern words). */
function timesAgo(tokens: readonly Token[]): Range[] {
  const hits: Range[] = findPatterns(TIME_AGO, tokens);
  for (let k = 1; k < tokens.length; k++) {
    const word = (tokens[k] as Token).norm;
    if ((YEAR.test(word) || MONTHS.has(word)) && IN_YEAR.has((tokens[k - 1] as Token).norm))
      hits.push({ first: k - 1, last: k });
  }
  return hits;
}

const COMPARING = set("like than as como que");

/** "I've been stressed lately", "últimamente estoy cansada": the dreamer's recent waking life. */
const LATELY = compilePatterns(
  [
    "lately",
    "recently",
    "as of late",
    "these days",
    "nowadays",
    "ultimamente",
    "recientemente",
    "estos dias",
    "hoy en dia",
  ].map((pattern) => [pattern, true] as const),
);
const FIRST_PERSON = set("i i'm i've we we're we've me my us our yo me mi mis nos nuestro nuestra");
/** The present of the telling: "I've been stressed lately" (not "the house I recently bought", a scene). */
const PRESENT: Record<Language, ReadonlySet<string>> = {
  en: set("am i'm im i've ive have has is are been keep we're we've"),
  es: set(
    "estoy estamos he hemos ando andamos tengo tenemos siento sentimos soy somos vivo vivimos duermo dormimos trabajo estudio juego paso",
  ),
};

/**
 * A sentence told in the present with "lately"/"últimamente" about the dreamer, without a word of
 * dreaming, is waking life; "Lately in the dream I…" and "recently I had a dream where…" tell the dream.
 */
function recentLife(layout: Layout, sentence: Range): boolean {
  const { tokens, language } = layout;
  let dreamer = false;
  let present = false;
  for (let k = sentence.first; k <= sentence.last; k++) {
    const word = (tokens[k] as Token).norm;
    if (isDreamWord(word) || word.startsWith("nightmare") || word.startsWith("pesadilla")) return false;
    dreamer ||= FIRST_PERSON.has(word);
    present ||= PRESENT[language].has(word);
  }
  // A Spanish present verb is the dreamer's own: "últimamente estoy muy estresada".
  return present && (dreamer || language === "es");
}

/**
 * A question about the dream or a situation header stands anywhere; a preface opens its sentence with a
 * colon or comma after it ("Context: I'm 32", not "some background music"); a closing ends its sentence.
 */
function speaksAboutTheDream(layout: Layout, hit: PatternHit<Marker>, sentence: Range): boolean {
  if (hit.value === "closing") return hit.last === sentence.last;
  if (hit.value !== "preface") return true;
  const { tokens, text } = layout;
  const after = text.slice((tokens[hit.last] as Token).end, tokens[hit.last + 1]?.start ?? text.length);
  return hit.first === sentence.first && /[:,]/.test(after);
}

/**
 * Marks the waking remarks on `layout.remark` and says whether the dream is told as recurring. Remarks:
 * a recurring dream's frame ("I often dream that"), sentences that speak from waking life ("I woke up
 * crying", "en la vida real…"), a death dated back from today ("who died last year"), and bracketed asides
 * about waking life ("(my dog died last year)").
 */
function findRemarks(layout: Layout): boolean {
  const { tokens, remark } = layout;
  const times = timesAgo(tokens);
  let recurring = false;
  for (const hit of findPatterns(MARKERS, tokens)) {
    if (hit.value === "recurring" || hit.value === "frame") {
      recurring ||= hit.value === "recurring";
      mark(remark, frameStart(layout, hit.first), frameEnd(layout, hit));
      continue;
    }
    if (hit.value === "about" || hit.value === "preface" || hit.value === "closing") {
      const sentence = layout.sentences[sentenceOf(layout, hit.first)] as Range;
      if (!speaksAboutTheDream(layout, hit, sentence)) continue;
      // "soñé q me casaba en la playa, q significa": the question is its own clause, the dream stays.
      const first = hit.value === "about" ? clauseAt(layout, hit.first).first : sentence.first;
      mark(remark, first, sentence.last);
      continue;
    }
    const [first, last] = remarkFrom(layout, hit.first);
    if (hasWord(tokens, hit, WAKE_WORDS)) {
      if (wakesIntoScene(tokens, hit)) continue;
    } else if (COMPARING.has(tokens[hit.first - 1]?.norm ?? "")) continue; // "just like in real life"
    const waking =
      hit.value === "waking" ||
      hasWord(tokens, { first, last }, DEATH_WORDS) ||
      hasWord(tokens, { first, last }, ALIVE_WORDS) ||
      times.some((time) => time.first >= first && time.last <= last);
    if (waking) mark(remark, first, last);
  }
  for (const hit of findPatterns(LATELY, tokens)) {
    const sentence = layout.sentences[sentenceOf(layout, hit.first)] as Range;
    if (!remark[hit.first] && recentLife(layout, sentence)) mark(remark, sentence.first, sentence.last);
  }
  for (const time of times) {
    const clause = clauseAt(layout, time.first);
    let death = -1;
    for (let k = clause.first; k <= clause.last && death < 0; k++)
      if (DEATH_WORDS.has((tokens[k] as Token).norm) || FUNERAL.has((tokens[k] as Token).norm)) death = k;
    if (death < 0) continue;
    // "my grandma who died last year was cooking": only the relative clause is waking life.
    let first = clause.first;
    for (let k = Math.min(death, time.first) - 1; k > clause.first; k--)
      if (RELATIVES.has((tokens[k] as Token).norm)) {
        first = k;
        break;
      }
    mark(remark, first, Math.max(death, time.last));
  }
  for (const aside of layout.asides) {
    const aboutWaking =
      hasWord(tokens, aside, DEATH_WORDS) ||
      hasWord(tokens, aside, REAL_WORDS) ||
      times.some((time) => time.first >= aside.first && time.last <= aside.last);
    if (aboutWaking) mark(remark, aside.first, aside.last);
  }
  return recurring;
}

/** Consecutive remark tokens as spans of the original text. */
function remarkSpans(layout: Layout): Span[] {
  const { tokens, remark, text } = layout;
  const spans: Span[] = [];
  for (let k = 0; k < tokens.length; k++) {
    if (!remark[k]) continue;
    let last = k;
    while (remark[last + 1] && sentenceOf(layout, last + 1) === sentenceOf(layout, k)) last++;
    spans.push(spanOf(text, tokens, k, last));
    k = last;
  }
  return spans;
}

function spanOf(text: string, tokens: readonly Token[], first: number, last: number): Span {
  const start = (tokens[first] as Token).start;
  const end = (tokens[last] as Token).end;
  return { start, end, text: text.slice(start, end) };
}

// --- Who acts on whom: English --------------------------------------------------------------------------

const EN_DREAMER_SUBJECT = set("i we i'm i've i'd i'll we're we've we'd we'll myself ourselves");
const EN_DREAMER_OBJECT = set("me us");
const EN_DREAMER_OWN = set("my our");
const EN_BODY = set(
  "leg legs arm arms hand hands foot feet face neck head back finger fingers ear ears nose eye eyes shoulder shoulders throat stomach chest hair skin knee knees ankle ankles wrist wrists toe toes lip lips cheek thigh",
);
const EN_OTHERS = set(
  "he she they it him her them someone somebody everyone everybody nobody people you who which this that these those he's she's they're it's there there's one",
);
/** Verbs of seeing and dreaming: what follows happens before the dreamer, not by them. */
const EN_PERCEIVE = set(
  "dream dreams dreamt dreamed dreaming saw see sees seeing seen watched watch watches watching noticed notice notices noticing heard hear hears hearing looked look looks looking observed observe observing spotted glimpsed witnessed found find finds discovered",
);
const EN_PASSIVE_AUX = set(
  "was were got get gets getting gotten been being be is are am i'm we're he's she's they're",
);
/** Words that may stand between a subject and its verb: "I then quickly started to run". */
const EN_FILLERS = set(
  "and then just also still again suddenly finally so even only really soon now too both all to started start starts starting began begin begins kept keep keeps tried try tries trying continued continue managed decided went go goes going came come comes coming was were am is are be been being had have has having 'd would could can will did do does not when while but because until as once",
);
/** Words after which a noun phrase is a clause's subject: "and THE DOG ran". */
const EN_SUBJECT_OPENERS = set(
  "and then but so when while because until that suddenly also just as once if before after",
);

type Subject = "dreamer" | "other" | "perceived";

/** The subject a clause opens with; a clause that opens with its verb borrows the previous one's. */
function enClauseSubject(layout: Layout, clauseIndex: number): Subject {
  const { tokens, clauses } = layout;
  const clause = clauses[clauseIndex] as Clause;
  for (let k = clause.first; k <= clause.last; k++) {
    const token = tokens[k] as Token;
    const word = token.norm;
    if (EN_DREAMER_SUBJECT.has(word)) return "dreamer";
    if (EN_FILLERS.has(word) || word.endsWith("ly")) continue;
    if (EN_OTHERS.has(word) || EN_DETERMINERS.has(word)) return "other";
    // A capital inside a sentence is a name; at its start, a word that is not a verb form is a noun.
    if (token.capital && (!token.sentenceStart || !/(ing|ed)$/.test(word))) return "other";
    break;
  }
  const previous = clauses[clauseIndex - 1];
  // "…, then fell": the subject was left out; a fragment that opens a sentence is the dreamer's.
  return previous && previous.sentence === clause.sentence
    ? enClauseSubject(layout, clauseIndex - 1)
    : "dreamer";
}

/**
 * The subject of the word at `from + 1`, read backwards through its clause. A noun's own article is passed
 * once (`ownArticle`): "I ate AN apple"; a second one belongs to another noun, the likely subject.
 */
function enSubjectBefore(layout: Layout, from: number, ownArticle: boolean): Subject {
  const { tokens } = layout;
  const clauseIndex = layout.clauseOf[from + 1] ?? 0;
  const clause = layout.clauses[clauseIndex] as Clause;
  let article = ownArticle;
  for (let k = from; k >= clause.first; k--) {
    const token = tokens[k] as Token;
    const word = token.norm;
    if (EN_DREAMER_SUBJECT.has(word)) return "dreamer";
    if (EN_PERCEIVE.has(word)) return "perceived";
    if (EN_OTHERS.has(word) || EN_DREAMER_OBJECT.has(word)) return "other";
    if (EN_DETERMINERS.has(word) || token.possessive) {
      if (article && from - k <= 3) {
        article = false;
        continue;
      }
      // A noun phrase opening its clause ("and the dog ran") is a subject; after a verb or a preposition
      // ("I'm in the large area playing") it is an object, and the scan goes on.
      if (k === clause.first || EN_SUBJECT_OPENERS.has(tokens[k - 1]?.norm ?? "")) return "other";
    }
    if (token.capital && !token.sentenceStart) return "other";
  }
  return enClauseSubject(layout, clauseIndex);
}

/** "I was bitten", "I was being chased", "we got attacked": the passive subject of the verb at `verb`. */
function enPassiveSubject(layout: Layout, verb: number): Subject | undefined {
  const { tokens } = layout;
  const clause = clauseAt(layout, verb);
  if (verb <= clause.first || (tokens[verb] as Token).norm.endsWith("ing")) return undefined;
  if (!EN_PASSIVE_AUX.has((tokens[verb - 1] as Token).norm)) return undefined;
  for (let k = verb - 1; k >= clause.first; k--) {
    const word = (tokens[k] as Token).norm;
    if (EN_DREAMER_SUBJECT.has(word)) return "dreamer";
    if (!EN_PASSIVE_AUX.has(word) && !EN_FILLERS.has(word) && !word.endsWith("ly")) return "other";
  }
  return enClauseSubject(layout, layout.clauseOf[verb] ?? 0);
}

/** "ate me", "bit us", "ran after me": the dreamer right after the verb. */
function enDreamerObjectAfter(tokens: readonly Token[], verb: number, last: number): boolean {
  const next = tokens[verb + 1];
  if (!next || next.breakBefore || verb + 1 > last) return false;
  if (EN_DREAMER_OBJECT.has(next.norm)) return true;
  // "it bit my leg", "grabbed my arm": done to the dreamer's body is done to the dreamer.
  const part = tokens[verb + 2];
  if (
    EN_DREAMER_OWN.has(next.norm) &&
    part &&
    !part.breakBefore &&
    verb + 2 <= last &&
    EN_BODY.has(part.norm)
  ) {
    return true;
  }
  const after = tokens[verb + 2];
  return (
    EN_TOWARD.has(next.norm) &&
    !!after &&
    !after.breakBefore &&
    verb + 2 <= last &&
    EN_DREAMER_OBJECT.has(after.norm)
  );
}

const OBJECT_REACH = 6;
const COMPANION_REACH = 3;

/** "with a friend", "con mi perro", "junto a mi hermana": the noun at `first` goes along with the dreamer. */
function isCompanion(tokens: readonly Token[], first: number): boolean {
  for (let k = first - 1; k >= Math.max(0, first - COMPANION_REACH); k--) {
    const token = tokens[k] as Token;
    if ((tokens[k + 1] as Token).breakBefore) return false;
    if (COMPANION.has(token.norm)) return true;
    if (token.norm === "a" && tokens[k - 1]?.norm === "junto") return true;
    if (!DETERMINERS.has(token.norm) && !token.possessive) return false;
  }
  return false;
}

function enActionRole(layout: Layout, first: number, last: number): DreamerRole {
  const clause = clauseAt(layout, first);
  if (enDreamerObjectAfter(layout.tokens, last, clause.last)) return "target";
  const passive = enPassiveSubject(layout, first);
  if (passive) return passive === "dreamer" ? "target" : "witness";
  return enSubjectBefore(layout, first - 1, false) === "dreamer" ? "agent" : "witness";
}

function enThingRole(
  layout: Layout,
  first: number,
  last: number,
  scope: Range,
  living: boolean,
): DreamerRole {
  const { tokens } = layout;
  // "a tiger ate me", "the dog that bit me": it acts on the dreamer.
  for (let k = last + 1; k <= Math.min(scope.last, last + OBJECT_REACH); k++) {
    const word = (tokens[k] as Token).norm;
    if (EN_DREAMER_SUBJECT.has(word)) break;
    if (!EN_DREAMER_OBJECT.has(word)) continue;
    const previous = (tokens[k - 1] as Token).norm;
    if (EN_TOWARD.has(previous) || !EN_PREPOSITIONS.has(previous)) return "target";
    if (previous === "of" && EN_MOCKED_OF.has(tokens[k - 2]?.norm ?? "")) return "target";
  }
  // "I was chased by a man"
  for (let k = first - 1; k >= Math.max(scope.first + 1, first - 3); k--) {
    const word = (tokens[k] as Token).norm;
    if (word === "by") return enPassiveSubject(layout, k - 1) === "dreamer" ? "target" : "witness";
    if (!EN_DETERMINERS.has(word) && k < first - 1) break;
  }
  // "I was walking with a friend": the friend walks beside the dreamer, the dreamer does nothing to them.
  if (living && isCompanion(tokens, first)) return "witness";
  return enSubjectBefore(layout, first - 1, true) === "dreamer" ? "agent" : "witness";
}

// --- Who acts on whom: Spanish --------------------------------------------------------------------------

const ES_DREAMER_SUBJECT = set("yo nosotros nosotras");
const ES_DREAMER_CLITICS = set("me nos");
const ES_PERCEIVE = set(
  "vi veia veo vio vimos veiamos mire miraba miro observaba observe observo escuche escuchaba oi oia oigo note notaba encontre encontraba descubri presencie",
);
/** "hacia mí", "contra mí", "detrás de mí": the act reaches the dreamer. */
const ES_TOWARD = set("a hacia contra tras de sobre encima");
/** Irregular verb forms whose person the ending does not tell. */
const ES_FIRST_PERSON = set(
  "fui estuve tuve hice puse vine dije quise pude supe traje anduve conduje vi di soy estoy tengo voy hago puedo quiero fuimos",
);
const ES_THIRD_PERSON = set(
  "fue estuvo tuvo hizo puso vino dijo quiso pudo supo trajo anduvo condujo vio dio es hay tiene va hace puede quiere fueron",
);
/** Words that end like a first-person past ("comí", "caminé") but are not verbs. */
const ES_NOT_FIRST_PERSON = set(
  "mi ti si ni aqui alli ahi asi aca alla cafe bebe tambien jose esqui jabali colibri rubi mani aji frenesi bisturi pure comite chimpance taxi bikini wifi ski sushi kiwi safari zombi mami papi jacuzzi",
);
/** "Soñé que mi mamá…": the dreamer dreams it; the act inside is someone else's. */
const ES_DREAMING = set("soñe soñaba sueño soñar soñando soñamos");
/** Adjectives and nouns in -imos/-emos that are not "we" verbs. */
const ES_NOT_FIRST_PLURAL = set(
  "primos ultimos proximos minimos maximos intimos optimos legitimos anonimos sinonimos extremos supremos racimos remos",
);
const ES_NON_FINITE =
  /(?:ando|iendo|yendo|ar|er|ir|ado|ada|ados|adas|ido|ida|idos|idas)(?:me|nos|se|te|lo|la|le)?$/;
const ES_PARTICIPLE = /(?:ado|ada|ados|adas|ido|ida|idos|idas)$/;
const ES_ENCLITIC_DREAMER = /(?:ando|iendo|yendo|ar|er|ir)(?:me|nos)$/;
const ES_INFINITIVE_DREAMER = /(?:ar|er|ir)(?:me|nos)$/;
const ES_SER_FIRST = set("fui fuimos");
const ES_SER_THIRD = set("fue fueron");

function isFirstPlural(word: string): boolean {
  if (/(?:abamos|iamos|ieramos|aremos|eremos|iremos)$/.test(word)) return true;
  return word.length >= 6 && /(?:amos|emos|imos)$/.test(word) && !ES_NOT_FIRST_PLURAL.has(word);
}

/** A word that can only be the dreamer's own verb: "comí", "caminé", "estoy", "corrimos". */
function isFirstPersonVerb(token: Token): boolean {
  const word = token.norm;
  if (ES_FIRST_PERSON.has(word) || isFirstPlural(word)) return true;
  if (ES_NOT_FIRST_PERSON.has(word) || word.length < 3) return false;
  // "comí", "caí", typed with or without the accent; "caminé" only with it ("camine" is also a subjunctive).
  return word.endsWith("i") || (token.finalStress && word.endsWith("e"));
}

/** The person of a word known to be a finite verb: 1 the dreamer (or "we"), 3 someone else, 0 unknown. */
function esPerson(token: Token): 0 | 1 | 3 {
  const word = token.norm;
  if (ES_THIRD_PERSON.has(word)) return 3;
  if (isFirstPersonVerb(token)) return 1;
  if (token.finalStress && (word.endsWith("o") || word.endsWith("a"))) return 3;
  // "mordio" (mordió without its accent), "persiguen", "atacaron", "corriste"
  if (word.endsWith("io") || word.endsWith("n") || word.endsWith("ste")) return 3;
  return 0;
}

/** The finite verb of the act at `verb`: itself, or the auxiliary of a gerund or infinitive ("estaba volando"). */
function esFinite(tokens: readonly Token[], verb: number, clause: Range): number {
  if (!ES_NON_FINITE.test((tokens[verb] as Token).norm)) return verb;
  for (let k = verb - 1; k >= Math.max(clause.first, verb - 4); k--) {
    const word = (tokens[k] as Token).norm;
    if (!ES_CLITICS.has(word) && word !== "a" && word !== "de" && word !== "que") return k;
  }
  return verb;
}

function cliticsBefore(tokens: readonly Token[], verb: number, clause: Range): Set<string> {
  const clitics = new Set<string>();
  for (let k = verb - 1; k >= clause.first && ES_CLITICS.has((tokens[k] as Token).norm); k--)
    clitics.add((tokens[k] as Token).norm);
  return clitics;
}

/** After "mí" and never after the possessive "mi": "se burlaban de mi en clase", "corría hacia mi y…". */
const AFTER_STRESSED_ME = new Set([
  ...ES_PREPOSITIONS,
  ..."y e o u ni que pero porque cuando mientras".split(" "),
]);

/** "mí" written with its accent, or "mi" closing the clause ("corría hacia mi.") or before no noun. */
function isStressedMe(layout: Layout, k: number): boolean {
  const token = layout.tokens[k] as Token;
  if (token.norm !== "mi") return false;
  const next = layout.tokens[k + 1];
  return (
    layout.text.slice(token.start, token.end).toLowerCase() === "mí" ||
    !next ||
    next.breakBefore ||
    AFTER_STRESSED_ME.has(next.norm)
  );
}

function esDreamerReached(layout: Layout, range: Range): boolean {
  for (let k = range.first + 1; k <= range.last; k++) {
    const previous = (layout.tokens[k - 1] as Token).norm;
    if (isStressedMe(layout, k) && ES_TOWARD.has(previous)) return true;
    // "disparaban contra nosotros"; "uno de nosotros" is one of the group, not reached.
    if (
      ES_DREAMER_SUBJECT.has((layout.tokens[k] as Token).norm) &&
      ES_TOWARD.has(previous) &&
      previous !== "de"
    )
      return true;
  }
  return false;
}

/**
 * Someone else named as a subject before `at`: a noun with its article (not after a preposition) or a name,
 * in the same clause or in a noun phrase standing before it, across relative clauses ("mi mamá, que en
 * paz descanse, me abrazaba"). Objects of earlier clauses are not looked at.
 */
function esOtherSubjectBefore(layout: Layout, at: number): boolean {
  const { tokens, clauses } = layout;
  let index = layout.clauseOf[at] ?? 0;
  let clause = clauses[index] as Clause;
  let from = at - 1;
  while (true) {
    for (let k = from; k >= clause.first; k--) {
      const token = tokens[k] as Token;
      if (ES_DREAMER_SUBJECT.has(token.norm)) return false;
      if (token.capital && !token.sentenceStart) return true;
      if (ES_DETERMINERS.has(token.norm) && !ES_PREPOSITIONS.has(tokens[k - 1]?.norm ?? "")) return true;
    }
    const previous = clauses[index - 1];
    if (clause.byConnector || !previous || previous.sentence !== clause.sentence) return false;
    const relative = RELATIVES.has((tokens[previous.first] as Token).norm);
    if (!relative && previous.last - previous.first >= NOUN_PHRASE_WORDS) return false;
    index--;
    clause = previous;
    // A relative clause is passed over; a short noun phrase is read.
    from = relative ? previous.first - 1 : previous.last;
  }
}

/** "me perseguía un perro": the subject right after the verb. */
function esSubjectAfter(tokens: readonly Token[], verb: number, clause: Range): boolean {
  const next = tokens[verb + 1];
  if (!next || next.breakBefore || verb + 1 > clause.last) return false;
  return ES_DETERMINERS.has(next.norm) || next.capital;
}

/**
 * "entraba en la casa un enorme perro": a person or animal standing after the verb and what follows it (not
 * right after the verb, where it is mostly the object, nor after a preposition) is the verb's subject.
 */
function esLivingSubjectAfter(layout: Layout, verb: number, clause: Range): boolean {
  const { tokens, living } = layout;
  for (let j = verb + 1; j <= clause.last; j++) {
    if (!living[j]) continue;
    let start = j;
    while (start > verb + 1 && j - start < 3 && !ES_DETERMINERS.has((tokens[start] as Token).norm)) start--;
    if (!ES_DETERMINERS.has((tokens[start] as Token).norm)) start = j;
    return start - 1 > verb && !PREPOSITIONS.has((tokens[start - 1] as Token).norm);
  }
  return false;
}

/** "…un enorme perro y me mordía": an "and" clause without a subject keeps the one named just before. */
function esSubjectCarriedOver(layout: Layout, clause: Range): boolean {
  const index = layout.clauseOf[clause.first] ?? 0;
  const current = layout.clauses[index] as Clause;
  const previous = layout.clauses[index - 1];
  if (!current.byConnector || !AND_WORDS.has((layout.tokens[current.first] as Token).norm)) return false;
  if (!previous || previous.sentence !== current.sentence) return false;
  return (
    esOtherSubjectBefore(layout, previous.last + 1) || esLivingSubjectAfter(layout, previous.first, previous)
  );
}

/**
 * The dreamer's place towards the verb at `verb` (its clitics read before its finite form): "me comió"
 * target, "me caí" agent, "se me caen" target, "se cayó" someone else. Ambiguous forms ("me perseguía")
 * follow a named subject before or after; without one, the dreamer is telling their own act.
 */
function esVerbRole(layout: Layout, verb: number, clause: Range): DreamerRole {
  const { tokens } = layout;
  const finite = esFinite(tokens, verb, clause);
  const word = (tokens[verb] as Token).norm;
  const aux = (tokens[finite] as Token).norm;
  if (finite !== verb && ES_PARTICIPLE.test(word)) {
    // "fui atacado", "fue atropellado"
    if (ES_SER_FIRST.has(aux)) return "target";
    if (ES_SER_THIRD.has(aux)) return "witness";
  }
  const clitics = cliticsBefore(tokens, finite, clause);
  const person = esPerson(tokens[finite] as Token);
  // "busco", "me lavo": the present of the dreamer telling the dream (an unaccented "cayo" is rarer).
  const present = person === 0 && aux.endsWith("o");
  if (clitics.has("me") || clitics.has("nos") || ES_ENCLITIC_DREAMER.test(word)) {
    const cliticStart = finite - clitics.size;
    if (clitics.has("se")) return "target";
    if (person === 1) return "agent";
    if (person === 3) return "target";
    // "un hombre me disparo": a past typed without its accent, with its subject before.
    if (present) return esOtherSubjectBefore(layout, cliticStart) ? "target" : "agent";
    if (hasWord(tokens, clause, ES_DREAMER_SUBJECT, finite)) return "agent";
    // "intentando esconderme": an infinitive's own "me" is the dreamer doing it.
    if (ES_INFINITIVE_DREAMER.test(word)) return "agent";
    return esOtherSubjectBefore(layout, cliticStart) ||
      esSubjectAfter(tokens, verb, clause) ||
      esSubjectCarriedOver(layout, clause)
      ? "target"
      : "agent";
  }
  if (hasWord(tokens, clause, ES_DREAMER_SUBJECT)) return "agent";
  if (person === 3 || clitics.has("se") || clitics.has("te")) return "witness";
  if (person === 1) return "agent";
  // Without "me", a noun after the verb is mostly its object ("le daba un abrazo"): only one before counts.
  return esOtherSubjectBefore(layout, finite - clitics.size) ? "witness" : "agent";
}

function esActionRole(layout: Layout, first: number, last: number): DreamerRole {
  const clause = clauseAt(layout, first);
  if (esDreamerReached(layout, { first: last, last: Math.min(clause.last, last + 3) })) return "target";
  if (hasWord(layout.tokens, clause, ES_PERCEIVE, first)) return "witness";
  return esVerbRole(layout, first, clause);
}

/** A noun's role from the verbs around it: "me comió un tigre" target, "comí una manzana" agent. */
function esThingRole(layout: Layout, { first, last }: Located, scope: Range, living: boolean): DreamerRole {
  const { tokens } = layout;
  if (esDreamerReached(layout, scope)) return "target";
  let dreamerActs = hasWord(tokens, scope, ES_DREAMER_SUBJECT);
  for (let k = scope.first; k <= scope.last; k++) {
    const token = tokens[k] as Token;
    // "avisaba que me disculparan": a clause hung on another verb; "el perro que me mordió" is its own.
    if (token.norm === "que" && k > last + 1 && !token.breakBefore) break;
    const clitic = ES_DREAMER_CLITICS.has(token.norm);
    if (clitic || ES_ENCLITIC_DREAMER.test(token.norm)) {
      let verb = k;
      if (clitic) {
        verb = k + 1;
        while (verb < scope.last && ES_CLITICS.has((tokens[verb] as Token).norm)) verb++;
        if (verb > scope.last || (tokens[verb] as Token).breakBefore) continue;
      }
      const clause = clauseAt(layout, verb);
      const role = esVerbRole(layout, verb, clause);
      if (role === "target") return "target";
      dreamerActs ||= role === "agent";
    } else if (
      isFirstPersonVerb(token) &&
      !(token.capital && !token.sentenceStart) &&
      !ES_DREAMING.has(token.norm) &&
      !ES_PERCEIVE.has(token.norm)
    ) {
      dreamerActs = true;
    } else if (token.norm.endsWith("aba")) {
      // "volaba sobre el mar": an imperfect with no subject named before it is the dreamer's.
      const clause = clauseAt(layout, k);
      // "estaba mi perro": being somewhere, with its subject after; "le daba un abrazo" has its object there.
      const subjectAfter =
        (token.norm === "estaba" && esSubjectAfter(tokens, k, clause)) ||
        esLivingSubjectAfter(layout, k, clause);
      dreamerActs ||= !esOtherSubjectBefore(layout, k) && !subjectAfter;
    }
  }
  if (hasWord(tokens, scope, ES_PERCEIVE, first) || (living && isCompanion(tokens, first))) return "witness";
  return dreamerActs ? "agent" : "witness";
}

// --- Own, named, alive or dead --------------------------------------------------------------------------

const OWN_AFTER = set("mio mia mios mias nuestro nuestra nuestros nuestras");
const OF_OWN = set("mine ours");
/** Family words that, bare, mean the dreamer's own: "Mom was there", "mamá me abrazaba". */
const BARE_KIN = set("mom mum mommy mummy momma mama dad daddy papa grandma grandpa granny nana mami papi");
const NAMING = set("named called nicknamed llamado llamada llamados llamadas llama llamaba apodado apodada");
/** Capitalised sentence openers that are not names: "Then, my dog…". */
const NOT_NAMES = set(
  "i then suddenly yesterday later now so and but also finally afterwards meanwhile anyway well oh yes no luego entonces despues ahora ayer hoy pero tambien finalmente bueno pues si ademas",
);
/** Said with the name itself: "my late father", "mi difunta abuela", "mi abuelo fallecido". */
const DEAD_BESIDE = set(
  "late deceased difunto difunta difuntos difuntas finado finada fallecido fallecida fallecidos fallecidas",
);
const NAMED_CATEGORIES: ReadonlySet<SymbolCategory> = new Set(["animal", "people"]);

type Waking = "dead" | "alive" | "died";

const STATUS_REACH = 4;

/** Said of someone right after they are named: "who passed away", "que en paz descanse", "who is alive". */
const WAKING_STATUS = compilePatterns<Waking>([
  ...[
    "who passed",
    "who ~ passed away",
    "who has passed",
    "who had passed",
    "who passed on",
    "who is no longer ~ us",
    "who is no longer alive",
    "who is no longer here",
    "who's no longer ~ us",
    "who is gone",
    "who's gone",
    "who is dead",
    "who is now dead",
    "who's dead",
    "who is deceased",
    "that passed away",
    "rest in peace",
    "rip",
    "god rest ~ soul",
    "qepd",
    "que en paz descanse",
    "q en paz descanse",
    "que descanse en paz",
    "q descanse en paz",
    "que en gloria este",
    "q en gloria este",
    "que en paz este",
    "que dios ~ tenga en su gloria",
    "que dios ~ tenga en su santa gloria",
    "que ~ fallecio",
    "quien ~ fallecio",
    "que ya no esta",
    "que ya no vive",
    "que ya murio",
    "que ya se murio",
    "que se nos fue",
    "que nos dejo",
    "que esta en el cielo",
    "ya fallecido",
    "ya fallecida",
    // "mi abuela, fallecida en 2010": the words said beside a name, after it.
    ...[...DEAD_BESIDE].filter((word) => word !== "late"),
  ].map((pattern) => [pattern, "dead"] as const),
  // Dying told in a relative clause may be the dream's own event: waking only for the dreamer's own.
  ...["who died", "who had died", "who has died", "que murio", "que se murio", "quien murio"].map(
    (pattern) => [pattern, "died"] as const,
  ),
  ...[
    "who is alive",
    "who is still alive",
    "who is very much alive",
    "who's alive",
    "who's still alive",
    "alive and well",
    "still alive",
    "who is still with us",
    "who still lives",
    "que esta viva",
    "que esta vivo",
    "que ~ sigue viva",
    "que ~ sigue vivo",
    "que aun vive",
    "que todavia vive",
    "que sigue con vida",
    "sigue viva",
    "sigue vivo",
    "vivita y coleando",
    "vivito y coleando",
  ].map((pattern) => [pattern, "alive"] as const),
]);

/** "my dog", "mi querida abuela", "una amiga mía", "Mom", "a friend of mine". */
function isOwn(layout: Layout, first: number, last: number): boolean {
  const { tokens } = layout;
  const next = tokens[last + 1];
  if (next && !next.breakBefore) {
    if (OWN_AFTER.has(next.norm)) return true;
    if (next.norm === "of" && OF_OWN.has(tokens[last + 2]?.norm ?? "")) return true;
  }
  const previous = tokens[first - 1];
  const joined = previous && !(tokens[first] as Token).breakBefore;
  if (first === last && BARE_KIN.has((tokens[last] as Token).norm))
    return !joined || !(NOT_OWN.has(previous.norm) || previous.possessive);
  // The evidence may hold the possessive itself ("mi padre").
  for (let k = last - 1; k >= Math.max(0, first - 3); k--) {
    const token = tokens[k] as Token;
    if ((tokens[k + 1] as Token).breakBefore) break;
    if (OWN_BEFORE.has(token.norm)) return true;
    if (NOT_OWN.has(token.norm) || token.possessive) return false;
    // "mi madre cocinaba pescado": the possessive belongs to the noun right after it, not to a later one.
    if (k < first && layout.evidence[k]) return false;
  }
  return false;
}

/** A capitalised name, one or two words, starting at `k` and not across punctuation. */
function nameAt(layout: Layout, k: number): string | undefined {
  const { tokens, text } = layout;
  const token = tokens[k];
  if (!token?.capital || token.breakBefore || NOT_NAMES.has(token.norm)) return undefined;
  const next = tokens[k + 1];
  const end = next?.capital && !next.breakBefore ? next.end : token.end;
  return text.slice(token.start, end);
}

/** "our dog Max", "a dog named Max", "un perro que se llamaba Max", "Max, my dog". */
function givenName(layout: Layout, first: number, last: number): string | undefined {
  const { tokens } = layout;
  const right = nameAt(layout, last + 1);
  if (right) return right;
  for (let k = last + 1; k <= last + 4 && k < tokens.length; k++) {
    if ((tokens[k] as Token).breakBefore) break;
    if (NAMING.has((tokens[k] as Token).norm)) return nameAt(layout, k + 1);
  }
  return nameBefore(layout, first);
}

/** "Max, my dog": a one-word clause right before the noun's possessive or article. */
function nameBefore(layout: Layout, first: number): string | undefined {
  const { tokens } = layout;
  for (let p = first - 1; p >= Math.max(1, first - 3); p--) {
    const article = tokens[p] as Token;
    if (!OWN_BEFORE.has(article.norm) && !NOT_OWN.has(article.norm)) {
      if (article.breakBefore) return undefined;
      continue;
    }
    const name = tokens[p - 1] as Token;
    const alone = p - 1 === 0 || name.breakBefore;
    if (!article.breakBefore || !alone || !name.capital || NOT_NAMES.has(name.norm)) return undefined;
    return layout.text.slice(name.start, name.end);
  }
  return undefined;
}

/** "my dad's funeral", "the burial of my aunt", "el entierro de mi abuela". */
function buried(tokens: readonly Token[], first: number, last: number): boolean {
  const next = tokens[last + 1];
  if (next && !next.breakBefore && FUNERAL.has(next.norm)) return true;
  for (let k = first - 1; k >= Math.max(1, first - 3); k--) {
    if ((tokens[k + 1] as Token).breakBefore) return false;
    const word = (tokens[k] as Token).norm;
    if (word === "de" || word === "of") return FUNERAL.has((tokens[k - 1] as Token).norm);
  }
  return false;
}

/**
 * What one evidence says of waking life: "my late father", "mi abuelo fallecido", "my grandma, who passed
 * away,", "(in real life my dog died last year)". The words that said it are marked as waking, so they are
 * not read as harm in the dream.
 */
function wakingAt(
  layout: Layout,
  first: number,
  last: number,
  own: boolean,
  status: ReadonlyArray<PatternHit<Waking>>,
): "dead" | "alive" | null {
  const { tokens, waking, remark } = layout;
  const clause = clauseAt(layout, first);
  for (let k = last; k >= Math.max(clause.first, first - 2); k--) {
    const word = (tokens[k] as Token).norm;
    if (DEAD_BESIDE.has(word) || (word === "dead" && OWN_BEFORE.has(tokens[k - 1]?.norm ?? ""))) {
      waking[k] = 1;
      return "dead";
    }
  }
  const sentence = layout.sentences[clause.sentence] as Range;
  for (const hit of status) {
    if (hit.first <= last || hit.first > last + STATUS_REACH || hit.last > sentence.last) continue;
    // Only a name or an apposition may stand between: "my dog Max, who died", "mi abuelo, el mago (qepd)".
    const between = hit.first - last - 1;
    const apposition = between > 0 && (tokens[last + 1] as Token).breakBefore;
    if (between > 0 && !apposition && (between > 1 || !(tokens[last + 1] as Token).capital)) continue;
    if (hit.value === "died" && !own && !remark[hit.first]) continue;
    mark(waking, hit.first, hit.last);
    return hit.value === "alive" ? "alive" : "dead";
  }
  if (!remark[first]) return null;
  if (buried(tokens, first, last)) return "dead";
  // In a remark: "in real life my dog died", "en realidad mi mamá sigue viva".
  for (let k = last + 1; k <= Math.min(clause.last, last + 8); k++) {
    const state = statedState(tokens, k);
    if (state) return state;
  }
  return null;
}

// --- Harm in the dream ----------------------------------------------------------------------------------

/** How a harm word reaches what it harms. */
const ACTIVE = 1; // "killed my dog", "mataron a mi perro": the harmed one comes after
const PASSIVE = 2; // "was killed", "fue atropellado": the harmed one is the subject
const SUFFERED = 4; // "died", "se ahogó": the subject suffers it
const STATE = 8; // "a dead bird", "gato muerto"
const EATING = 16; // harm only to the living: "ate my cat" (not "ate an apple")

function harmWords(groups: ReadonlyArray<readonly [number, string]>): ReadonlyMap<string, number> {
  const words = new Map<string, number>();
  for (const [flags, list] of groups)
    for (const word of list.split(" ")) words.set(word, (words.get(word) ?? 0) | flags);
  return words;
}

const HARM: Record<Language, ReadonlyMap<string, number>> = {
  en: harmWords([
    [
      ACTIVE,
      "kill kills killing killed murder murders murdering murdered shoot shoots shooting shot stab stabs stabbing stabbed hurt hurts hurting injure injures injuring injured wound wounded attack attacks attacking attacked bite bites biting bit maul mauled drown drowns drowned lose loses losing lost hit hits crush crushes crushed strangle strangled choke choked beat beats beating poison poisoned",
    ],
    [
      PASSIVE,
      "killed murdered shot stabbed hurt injured wounded attacked bitten mauled drowned lost hit crushed strangled choked beaten poisoned eaten devoured",
    ],
    [SUFFERED, "die dies dying died drown drowns drowning drowned bleeding bled perished"],
    [STATE, "dead hurt injured wounded drowned lost"],
    [ACTIVE | EATING, "eat eats eating ate devour devours devoured"],
    [PASSIVE | EATING, "eaten devoured"],
  ]),
  es: harmWords([
    [
      ACTIVE,
      "mato mataron mataba mataban mate matamos mata matan matando asesinaron asesinaba atropello atropellaron atropellaba hirio hirieron lastimo lastimaron ataco atacaron atacaba atacaban mordio mordieron mordia mordian muerde ahogo ahogaron perdi perdio perdimos perdieron golpeo golpearon golpeaba apuñalo apuñalaron disparo dispararon balearon estrangulo estrangularon envenenaron",
    ],
    [
      PASSIVE,
      "matado matada asesinado asesinada atropellado atropellada atropellados herido herida heridos lastimado lastimada atacado atacada mordido mordida golpeado golpeada apuñalado apuñalada baleado baleada estrangulado estrangulada ahogado ahogada perdido perdida envenenado envenenada comido comida devorado devorada",
    ],
    [SUFFERED, "murio murieron muere mueren moria morian muriendo ahogaba ahogo sangraba sangrando"],
    [
      STATE,
      "muerto muerta muertos muertas herido herida heridos heridas ahogado ahogada atropellado atropellada perdido perdida",
    ],
    [ACTIVE | EATING, "comio comieron comia come devoro devoraron"],
    [PASSIVE | EATING, "comido comida devorado devorada"],
  ]),
};
/** "ran over my dog", "got run over": a phrase, flagged on its first word. */
const RUN_OVER = set("run runs ran running");
const HARMED_CATEGORIES: ReadonlySet<SymbolCategory> = new Set(["people", "animal", "body", "object"]);
const LIVING_CATEGORIES: ReadonlySet<SymbolCategory> = new Set(["people", "animal", "body"]);
const HARM_AUX = set(
  "was were got get gets getting been being is are fue fueron fui fuimos estaba estaban quedo resulto sido",
);
/** Object pronouns that point back to the harmed one: "a mi perro lo mataron". */
const ES_BACK_POINTERS = set("lo la los las le les se");
const ACTIVE_REACH = 3;
const ES_PERSONAL_A = set("a al");
const SUFFERED_REACH = 6;
/** Words that may stand between an act and the one it harms: "mataron a mi pobre perro". */
const HARM_GAP = new Set([...ES_PERSONAL_A, ...DETERMINERS]);

function harmFlags(layout: Layout, k: number): number {
  const { tokens, language } = layout;
  const word = (tokens[k] as Token).norm;
  if (language === "en" && RUN_OVER.has(word) && tokens[k + 1]?.norm === "over") return ACTIVE | PASSIVE;
  return HARM[language].get(word) ?? 0;
}

/** The thing is the object of a preposition ("sick with THE FLU", "la casa de MI ABUELA"): not a subject. */
function afterPreposition(tokens: readonly Token[], first: number): boolean {
  let k = first - 1;
  while (k >= 0 && k >= first - 3 && DETERMINERS.has((tokens[k] as Token).norm)) k--;
  const word = tokens[k]?.norm ?? "";
  return !ES_PERSONAL_A.has(word) && PREPOSITIONS.has(word);
}

/** "my dog was killed", "my dog died", "gato muerto", "a mi perro lo mataron": the harm word after it. */
function harmedBy(layout: Layout, k: number, last: number, flags: number, subject: boolean): boolean {
  const { tokens, waking } = layout;
  if (k - last > SUFFERED_REACH) return false;
  for (let j = last + 1; j < k; j++) if (!waking[j] && NOT_OWN.has((tokens[j] as Token).norm)) return false;
  if (flags & STATE && k === last + 1) return true;
  if (!subject) return false;
  if (flags & (SUFFERED | STATE)) return true;
  const previous = tokens[k - 1]?.norm ?? "";
  if (flags & PASSIVE && (HARM_AUX.has(previous) || HARM_AUX.has(tokens[k - 2]?.norm ?? ""))) return true;
  return (flags & ACTIVE) !== 0 && layout.language === "es" && ES_BACK_POINTERS.has(previous);
}

/** "I killed the snake", "mataron a mi perro", "a dead bird": the harm word before it. */
function harmedFrom(layout: Layout, k: number, first: number, flags: number, living: boolean): boolean {
  const { tokens } = layout;
  if (first - k - 1 > ACTIVE_REACH) return false;
  let others = 0;
  for (let j = k + 1; j < first; j++) {
    const word = (tokens[j] as Token).norm;
    if (HARM_GAP.has(word)) continue;
    if (PREPOSITIONS.has(word)) return false;
    others++;
  }
  if (others > 1) return false;
  if (flags & STATE && first - k <= 2) return true;
  if (!(flags & ACTIVE) || HARM_AUX.has(tokens[k - 1]?.norm ?? "")) return false;
  // Spanish marks a living object with "a": "mataron a mi perro", but "me comió un tigre" (the subject).
  return (
    layout.language === "en" || !living || hasWord(tokens, { first: k + 1, last: first - 1 }, ES_PERSONAL_A)
  );
}

/** "didn't kill", "wanted to hit", "casi lo mata", "not dead": harm that did not happen. */
function notDone(layout: Layout, k: number): boolean {
  const { tokens, language } = layout;
  return negated(tokens, k) || negatedAction(tokens, k, language) || unrealAction(tokens, k, language);
}

/**
 * Something in the dream harms the thing at `first..last`. Someone dead in waking life may be seen dead
 * in the dream ("si estaba muerto"): that state is not harm done there.
 */
function harmedAt(layout: Layout, at: Located, scope: Range, living: boolean, deadInLife: boolean): boolean {
  const { waking, remark } = layout;
  const subject = !afterPreposition(layout.tokens, at.first);
  for (let k = scope.first; k <= scope.last; k++) {
    if (k >= at.first && k <= at.last) continue;
    let flags = waking[k] || remark[k] ? 0 : harmFlags(layout, k);
    if (deadInLife) flags &= ~STATE;
    if (!flags || (flags & EATING && !living) || notDone(layout, k)) continue;
    if (
      k > at.last
        ? harmedBy(layout, k, at.last, flags, subject)
        : harmedFrom(layout, k, at.first, flags, living)
    )
      return true;
  }
  return false;
}

// --- Each symbol ----------------------------------------------------------------------------------------

const MAX_CLAUSE_WORDS = 14;
const NOUN_PHRASE_WORDS = 4;
const MAX_ASIDES = 3;

/**
 * A noun standing alone before a comma ("mi mamá, que en paz descanse, me abrazaba", "My dog, Max, was
 * killed"): its verb comes after the relative clauses and names that follow, so they join its scope.
 */
function thingScope(layout: Layout, first: number, last: number): Range {
  const { tokens, clauses } = layout;
  const index = layout.clauseOf[first] ?? 0;
  const clause = clauses[index] as Clause;
  const opener = tokens[clause.first] as Token;
  const nounPhrase =
    clause.last - clause.first < NOUN_PHRASE_WORDS &&
    clause.last - last <= 1 &&
    (clause.first === first || DETERMINERS.has(opener.norm) || opener.capital);
  const scope = { first: clause.first, last: clause.last };
  if (!nounPhrase) return scope;
  for (let next = index + 1; next <= index + MAX_ASIDES; next++) {
    const following = clauses[next];
    if (!following || following.sentence !== clause.sentence || following.byConnector) break;
    scope.last = following.last;
    const head = tokens[following.first] as Token;
    const aside = RELATIVES.has(head.norm) || (head.capital && following.last - following.first < 2);
    if (!aside) break;
  }
  return scope;
}

/** The scope cut to at most 14 words around the evidence, never inside a word. */
function clauseSpan(layout: Layout, scope: Range, first: number, last: number): Span {
  let from = scope.first;
  let to = scope.last;
  const room = MAX_CLAUSE_WORDS - (last - first + 1);
  if (to - from + 1 > MAX_CLAUSE_WORDS) {
    const before = Math.min(first - from, Math.max(0, Math.floor(room / 2)));
    const after = Math.min(to - last, Math.max(0, room - before));
    from = first - Math.min(first - from, Math.max(0, room - after));
    to = last + after;
  }
  return spanOf(layout.text, layout.tokens, from, to);
}

interface Located {
  first: number;
  last: number;
}

function locate(layout: Layout, starts: ReadonlyMap<number, number>, start: number, end: number): Located {
  const first = starts.get(start) ?? 0;
  let last = first;
  while (last + 1 < layout.tokens.length && (layout.tokens[last + 1] as Token).end <= end) last++;
  return { first, last };
}

/**
 * Actions and events told with a verb ("crashed", "murió"); named as a noun with its article ("le daba un
 * abrazo", "a wedding") they are read like things, from the verb that governs them.
 */
function isAct(layout: Layout, match: SymbolMatch, at: Located): boolean {
  if (match.category !== "action" && match.category !== "event") return false;
  const previous = layout.tokens[at.first - 1];
  return !(previous && !(layout.tokens[at.first] as Token).breakBefore && DETERMINERS.has(previous.norm));
}

function roleOf(layout: Layout, match: SymbolMatch, at: Located, scope: Range): DreamerRole {
  const action = isAct(layout, match, at);
  const living = NAMED_CATEGORIES.has(match.category);
  if (layout.language === "en")
    return action
      ? enActionRole(layout, at.first, at.last)
      : enThingRole(layout, at.first, at.last, scope, living);
  return action ? esActionRole(layout, at.first, at.last) : esThingRole(layout, at, scope, living);
}

/** Words of a remark that tell someone's state outright: "She is alive and well", "en realidad sigue viva". */
const VAGUE_STATES = set("lost perdi perdimos death dies living deceased");
const STATED = new Set([...ALIVE_WORDS, ...DEATH_WORDS].filter((word) => !VAGUE_STATES.has(word)));
/** English names whom a remark speaks of; Spanish leaves the subject out ("en realidad sigue viva"). */
const EN_THIRD_PERSON = set("he she they him her them he's she's they're who whos who's which");

/** A noun phrase before `k` in its clause that is not a preposition's object ("en LA vida real"). */
function namesSubject(tokens: readonly Token[], clause: Range, k: number): boolean {
  for (let j = clause.first; j < k; j++) {
    const word = (tokens[j] as Token).norm;
    if (!OWN_BEFORE.has(word) && !NOT_OWN.has(word)) continue;
    const previous = tokens[j - 1]?.norm ?? "";
    if (j === clause.first || !PREPOSITIONS.has(previous)) return true;
  }
  return false;
}

/**
 * A remark that tells a state without naming whom ("She is alive and well in real life", "(ya murió)"):
 * the state of the last person or animal named before it. Each remark word that tells a state, with it.
 */
function statedInRemarks(layout: Layout): Array<{ at: number; waking: "dead" | "alive" }> {
  const { tokens, remark } = layout;
  const stated: Array<{ at: number; waking: "dead" | "alive" }> = [];
  for (let k = 0; k < tokens.length; k++) {
    if (!remark[k]) continue;
    const state = STATED.has((tokens[k] as Token).norm) ? statedState(tokens, k) : undefined;
    if (!state) continue;
    const clause = clauseAt(layout, k);
    // "In real life my cat died" names its own subject; "I wasn't dead" is the dreamer.
    if (namesSubject(tokens, clause, k)) continue;
    if (hasWord(tokens, clause, EN_DREAMER_SUBJECT, k) || hasWord(tokens, clause, ES_DREAMER_SUBJECT, k))
      continue;
    if (layout.language === "en" && !hasWord(tokens, clause, EN_THIRD_PERSON, k)) continue;
    stated.push({ at: k, waking: state });
  }
  return stated;
}

interface Found {
  match: SymbolMatch;
  evidence: Located[];
  /** The first evidence in the dream itself, else the first. */
  at: Located;
}

interface Facts {
  own: boolean;
  name: string | undefined;
  waking: "dead" | "alive" | null;
}

/** Symbols said as adjectives ("my big BLACK dog", "mis tres gatos"): the possessive reaches past them. */
const DESCRIBING: ReadonlySet<SymbolCategory> = new Set(["color", "number", "emotion"]);

function locateAll(layout: Layout, matches: readonly SymbolMatch[]): Found[] {
  const starts = new Map<number, number>();
  layout.tokens.forEach((token, index) => {
    starts.set(token.start, index);
  });
  const found: Found[] = [];
  for (const match of matches) {
    const evidence = match.evidence.map((e) => locate(layout, starts, e.start, e.end));
    for (const e of evidence) {
      if (!DESCRIBING.has(match.category)) mark(layout.evidence, e.first, e.last);
      if (NAMED_CATEGORIES.has(match.category)) mark(layout.living, e.first, e.last);
    }
    const at = evidence.find((e) => !layout.remark[e.first]) ?? evidence[0];
    if (at) found.push({ match, evidence, at });
  }
  return found;
}

/**
 * Own, name and waking state of every symbol, before any harm is read: the words that told them ("my
 * dead grandma") are marked as waking life on the way.
 */
function factsOf(layout: Layout, found: readonly Found[]): Facts[] {
  const status = findPatterns(WAKING_STATUS, layout.tokens);
  const facts = found.map(({ match, evidence, at }): Facts => {
    const own = !isAct(layout, match, at) && isOwn(layout, at.first, at.last);
    if (!NAMED_CATEGORIES.has(match.category)) return { own, name: undefined, waking: null };
    let waking: Facts["waking"] = null;
    for (const e of evidence) waking ??= wakingAt(layout, e.first, e.last, own, status);
    const name = givenName(layout, at.first, at.last);
    // A named animal is a pet: "a dog named Max".
    return { own: own || (match.category === "animal" && name !== undefined), name, waking };
  });
  for (const stated of statedInRemarks(layout)) {
    let latest: number | undefined;
    found.forEach(({ match, at }, index) => {
      if (!NAMED_CATEGORIES.has(match.category) || at.first >= stated.at || layout.remark[at.first]) return;
      if (latest === undefined || at.first >= (found[latest] as Found).at.first) latest = index;
    });
    const fact = latest === undefined ? undefined : facts[latest];
    if (fact && fact.waking === null) fact.waking = stated.waking;
  }
  return facts;
}

function symbolRole(layout: Layout, { match, evidence, at }: Found, fact: Facts): SymbolRole {
  const scope = isAct(layout, match, at)
    ? { ...clauseAt(layout, at.first) }
    : thingScope(layout, at.first, at.last);
  // The clause as the dream tells it: a recurring dream's frame ("I often dream that") is left out.
  while (scope.first < at.first && layout.remark[scope.first] && !layout.remark[at.first]) scope.first++;
  const living = LIVING_CATEGORIES.has(match.category);
  const harmed =
    HARMED_CATEGORIES.has(match.category) &&
    evidence.some((e) => {
      if (layout.remark[e.first]) return false;
      const where = e === at ? scope : thingScope(layout, e.first, e.last);
      return harmedAt(layout, e, where, living, fact.waking === "dead");
    });
  return {
    key: match.key,
    role: roleOf(layout, match, at, scope),
    own: fact.own,
    ...(fact.name ? { givenName: fact.name } : {}),
    waking: fact.waking,
    harmed,
    clause: clauseSpan(layout, scope, at.first, at.last),
    onlyInWakingRemark: evidence.every((e) => layout.remark[e.first] === 1),
  };
}

export function analyseRoles(
  text: string,
  matches: readonly SymbolMatch[],
  language: Language,
): RoleAnalysis {
  const layout = layOut(text, language);
  const saysRecurring = findRemarks(layout);
  const found = locateAll(layout, matches);
  const facts = factsOf(layout, found);
  const roles = new Map<string, SymbolRole>();
  found.forEach((symbol, index) => {
    roles.set(symbol.match.key, symbolRole(layout, symbol, facts[index] as Facts));
  });
  return { roles, wakingRemarks: remarkSpans(layout), saysRecurring };
}

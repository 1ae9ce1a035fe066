import {
  CENTRAL_SYMBOLS,
  type EmotionKind,
  READING_LENGTH,
  type ReadingInfo,
} from "../../../contract/reading";
import type { LexiconData, SymbolEntry, Theme } from "../lexicon/schema";
import type { Evidence, SymbolMatch } from "../matcher";
import type { Language } from "../morphology";
import { composeCare } from "./care";
import { countPhrase, esIsPlural, esNounPhrase, toSecondPerson } from "./grammar";
import { offVoice, splitSentences, toReaderVoice } from "./lexicon-voice";
import { type ReadingLexicon, readingLexicon, type SymbolMeaning } from "./meanings";
import {
  capitalise,
  type ImagePlace,
  type ImageWords,
  type Mood,
  PHRASES,
  type Phrases,
  verbFor,
} from "./phrases";
import { choosePractice } from "./practices";
import type { DreamAnalysis, Reading, ReadingOptions, SymbolRole } from "./types";

/**
 * Writes one reading about THIS dream, in its language and in the second person: the dream's movement
 * retold through its central images in the dreamer's own words, what each image means where it stands in
 * the dream (roles, the dreamer's real people and animals, the dead and the living), what the images say
 * together, the dreamer's own history, and soul guidance with one practice chosen by mood. Pure and
 * deterministic: wordings are picked by a hash of the dream text, never at random.
 */

/** One central image, as the prose treats it. */
interface Image extends ImageWords {
  key: string;
  entry: SymbolEntry;
  meaning: SymbolMeaning;
  role: SymbolRole | undefined;
  /** Where it first appears in the dream's own content. */
  start: number;
  clauseStart: number;
  clauseEnd: number;
  person: boolean;
  /** Dead in waking life: the text says so, or the lexicon's "deceased" was found on the same words. */
  dead: boolean;
  /** The dreamer's own one, harmed in the dream (by the text's roles, or an act of harm in its clause). */
  harmedOwn: boolean;
  celebrity: string | null;
}

/** How much of the material a reading takes; tried in turn until its length falls in the band. */
interface Budget {
  details: boolean;
  extras: boolean;
  extended: number;
  insights: number;
  images: number;
}

const FREE_BUDGETS: readonly Budget[] = [
  { details: false, extras: false, extended: 0, insights: 0, images: 3 },
  { details: false, extras: false, extended: 0, insights: 0, images: 5 },
  { details: false, extras: true, extended: 0, insights: 0, images: 5 },
  { details: true, extras: true, extended: 0, insights: 0, images: 5 },
  { details: true, extras: true, extended: 1, insights: 0, images: 5 },
  { details: true, extras: true, extended: 2, insights: 0, images: 5 },
  { details: true, extras: true, extended: 3, insights: 0, images: 5 },
];
const FREE_START = 3;

const PREMIUM_BUDGETS: readonly Budget[] = [
  { details: false, extras: true, extended: 0, insights: 1, images: 3 },
  { details: false, extras: true, extended: 0, insights: 1, images: 5 },
  { details: true, extras: true, extended: 0, insights: 1, images: 5 },
  { details: true, extras: true, extended: 1, insights: 2, images: 5 },
  { details: true, extras: true, extended: 2, insights: 2, images: 5 },
  { details: true, extras: true, extended: 3, insights: 2, images: 5 },
];
const PREMIUM_START = 3;

/** Celebrity categories read through what the name stirs, not through admiration. */
const CONTESTED_FIGURES = new Set(["Historical figure", "Politician"]);
/** Lexicon keys whose meaning is already about undergoing them ("Being chased points to…"). */
const UNDERGONE = new Set(["chase", "lost", "trapped", "late", "attack", "being_watched", "paralysis"]);
/** Actions and events that harm: beside a harmed own one they are fear of loss, never a wish. */
const HARM = new Set(["killing", "death", "accident", "attack", "shooting", "drowning", "kidnapping", "war"]);
/** Categories named with the lexicon's word rather than the dream's (their evidence is a verb or adjective). */
const NAMED_BY_LEXICON = new Set(["action", "emotion", "event", "color", "number"]);

const LEADING_WORDS: Record<Language, RegExp> = {
  en: /^(?:(?:in|on|at|to|into|the|a|an|my|our|his|her|their|your|this|that|some)\s+)+/i,
  es: /^(?:(?:en|a|al|el|la|los|las|un|una|unos|unas|mi|mis|tu|tus|su|sus|nuestro|nuestra|nuestros|nuestras|este|esta|ese|esa|del|de)\s+)+/i,
};
/** Words that join a clause to the one before, and the framing of a dream report ("I dreamt that…"). */
const CLAUSE_LEAD: Record<Language, RegExp> = {
  en: /^(?:(?:and|but|so|then|when|while|where|as|because|i dreamt|i dreamed|i had a dream|last night|that|in my dream,?)\s+)+/i,
  es: /^(?:(?:y|e|pero|luego|entonces|cuando|mientras|donde|porque|que|soñé|soñaba|anoche|tuve un sueño en el|en mi sueño,?)\s+)+/i,
};
/** A clause cut short on a word that needs a next one ("…across the hall with the"). */
const CLAUSE_TAIL: Record<Language, RegExp> = {
  en: /(?:[\s,]+(?:the|a|an|with|and|or|of|to|in|on|at|into|from|my|your|his|her|their|our|that|but|so|very|he|she|they|we|it|i))+[\s,]*$/i,
  es: /(?:[\s,]+(?:el|la|los|las|un|una|unos|unas|de|del|al|a|y|e|o|en|con|por|para|mi|mis|tu|tus|su|sus|que|pero|muy|él|ella|ellos|ellas|yo))+[\s,]*$/i,
};
/** Images that can act on the dreamer: "a tiger chased me", «mi jefe me gritaba». */
const ANIMATE = new Set(["people", "animal", "spiritual"]);
/** A clause starting with one of these reads on in lower case after a colon or comma. */
const LOWER_AFTER: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    "a an the you your it there this that these those we he she they then suddenly all some my our his her".split(
      " ",
    ),
  ),
  es: new Set(
    "un una unos unas el la los las tú tu tus te yo mi mis me se lo le había hay estaba estabas de en con por ya todo toda todos todas allí ahí entonces nosotros nos".split(
      " ",
    ),
  ),
};
/** The lexicon symbol of each feeling the emotion analysis names. */
const FEELING_KEYS: Record<EmotionKind, string> = {
  fear: "fear",
  anxiety: "anxiety",
  sadness: "sadness",
  grief: "grief",
  anger: "anger",
  shame: "shame",
  guilt: "guilt",
  confusion: "confusion",
  disgust: "disgust",
  surprise: "surprise",
  joy: "joy",
  love: "love",
  calm: "peace",
  awe: "awe",
};

/** Words English names without an article: "heaven", not "the heaven". */
const EN_NO_ARTICLE = new Set([
  "heaven",
  "hell",
  "paradise",
  "purgatory",
  "god",
  "nature",
  "home",
  "outer space",
]);
const EN_IRREGULAR_PLURALS = new Set([
  "children",
  "people",
  "men",
  "women",
  "teeth",
  "feet",
  "mice",
  "geese",
]);

/** FNV-1a over the dream text: picks wordings deterministically, so the same dream always reads the same. */
export function dreamHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const SENTENCE_BREAK = /(?<=[.!?…])["”»)]*\s+|\n+/;

/** The first two words of a sentence, lower case: two sentences of a reading never share them. */
function openerOf(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .join(" ");
}

/** Picks wordings so that no two sentences of one reading open alike. */
class Prose {
  private readonly openers = new Set<string>();
  private slot = 0;

  constructor(
    private readonly seed: number,
    private readonly phrases: Phrases,
  ) {}

  private fits(text: string): string[] | null {
    const openers = text
      .split(SENTENCE_BREAK)
      .filter((sentence) => sentence.trim().length > 0)
      .map(openerOf);
    if (new Set(openers).size < openers.length) return null;
    return openers.some((opener) => this.openers.has(opener)) ? null : openers;
  }

  /** The first wording, from a point set by the dream's hash, that opens in a new way; null when none does. */
  pick(variants: readonly string[]): string | null {
    const offset = this.seed + this.slot++;
    for (let index = 0; index < variants.length; index++) {
      const text = this.phrases.polish(variants[(offset + index) % variants.length] ?? "");
      const openers = this.fits(text);
      if (!openers) continue;
      for (const opener of openers) this.openers.add(opener);
      return text;
    }
    return null;
  }

  /** Like pick, but a sentence the reading cannot do without is kept even when every wording clashes. */
  must(variants: readonly string[]): string {
    const picked = this.pick(variants);
    if (picked !== null) return picked;
    const text = this.phrases.polish(variants[0] ?? "");
    for (const opener of text.split(SENTENCE_BREAK).map(openerOf)) this.openers.add(opener);
    return text;
  }
}

function joinNames(names: readonly string[], and: string): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Whether `start` opens a sentence of the text (a capital there is not a name). */
function atSentenceStart(text: string, start: number): boolean {
  for (let index = start - 1; index >= 0; index--) {
    const char = text[index] ?? "";
    if (/\s|["“«(¿¡'‘]/.test(char)) continue;
    return /[.!?…\n]/.test(char);
  }
  return true;
}

/** The evidence of a symbol that lies in its role's clause (the dream content), else its first. */
function evidenceIn(match: SymbolMatch, role: SymbolRole | undefined): Evidence | undefined {
  if (!role) return match.evidence[0];
  return (
    match.evidence.find(
      (evidence) => evidence.start >= role.clause.start && evidence.end <= role.clause.end,
    ) ?? match.evidence[0]
  );
}

function isPlural(word: string, language: Language): boolean {
  const last = word.split(/\s+/).at(-1)?.toLowerCase() ?? "";
  if (language === "es") return esIsPlural(word);
  return EN_IRREGULAR_PLURALS.has(last) || (/s$/.test(last) && !/(?:ss|us|is)$/.test(last));
}

/** How a lexicon name reads inside a sentence: "falling", "the wedding", «la caída», «comer». */
function lexiconName(entry: SymbolEntry, language: Language): string {
  const name = entry[language].name;
  const lower = /^[\p{Lu}][\p{Ll}]/u.test(name) ? lowerFirst(name) : name;
  if (language === "en") {
    const bare =
      /^[A-Z]/.test(lower) ||
      EN_NO_ARTICLE.has(lower) ||
      entry.category === "action" ||
      entry.category === "emotion" ||
      /(?:ing|th)$/.test(lower);
    return bare ? lower : `the ${lower}`;
  }
  const head = lower.split(" ")[0] ?? lower;
  // Infinitives ("comer", "ahogarse", "sentirse observado") read without an article.
  return /(?:ar|er|ir|ír)(?:se)?$/.test(head) ? lower : esNounPhrase(lower, "def");
}

/** The image named as the dreamer named it: "the waitress" stays "la camarera", "my daughters" is "tus hijas". */
function nameOf(
  text: string,
  match: SymbolMatch,
  entry: SymbolEntry,
  role: SymbolRole | undefined,
  language: Language,
): { name: string; plural: boolean; celebrity: string | null } {
  const celebrity = match.details?.[0] ?? null;
  if (celebrity) return { name: celebrity, plural: false, celebrity };
  if (NAMED_BY_LEXICON.has(entry.category))
    return { name: lexiconName(entry, language), plural: false, celebrity };
  const evidence = evidenceIn(match, role);
  const written = (evidence?.text ?? entry[language].name).replace(LEADING_WORDS[language], "");
  let word = evidence && atSentenceStart(text, evidence.start) ? lowerFirst(written) : written;
  const plural = isPlural(word, language);
  const own = role?.own ?? false;
  let name: string;
  // Possessive "'s" belongs to the sentence it came from: "the sheriff's" is the sheriff.
  word = word.replace(/['’]s$/, "");
  if (language === "en") {
    name = own
      ? `your ${word}`
      : /^\p{Lu}/u.test(word) || EN_NO_ARTICLE.has(word.toLowerCase())
        ? word
        : `the ${word}`;
  } else name = /^\p{Lu}/u.test(word) && !own ? word : esNounPhrase(word, own ? "your" : "def");
  // "your dog Max", «tu perra Luna»: the name the dreamer gave stays beside the image.
  if (role?.givenName && !name.includes(role.givenName)) name = `${name} ${role.givenName}`;
  return { name, plural: plural && !role?.givenName, celebrity };
}

/** The dream's clause about an image, in the second person, or the dreamer's words quoted as written. */
/** The word is written with a capital somewhere that is not a sentence's start: a name. */
function capitalisedInside(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) {
    if (!atSentenceStart(text, at)) return true;
  }
  return false;
}

function clauseOf(
  text: string,
  role: SymbolRole | undefined,
  fallback: string,
  phrases: Phrases,
  language: Language,
): string {
  const written = (role?.clause.text ?? fallback)
    .replace(/["“”«»]/g, "")
    .replace(/[.!?…;:]+/g, ",")
    .replace(/^[\s,"“«(]+|[\s,"”»(]+$/g, "")
    .replace(CLAUSE_LEAD[language], "")
    .replace(CLAUSE_TAIL[language], "")
    // "chanting fight fight fight": a word said once reads the same and never looks like a slip.
    .replace(/\b(\p{L}+)(?:\s+\1\b)+/giu, "$1");
  // "telling me I time travelled" -> "telling you that you time travelled", not "you you".
  const voiced = toSecondPerson(written, language)?.replace(/\byou you\b/g, "you that you");
  if (voiced === undefined) return phrases.quote(written);
  const first = voiced.split(/\s+/)[0] ?? "";
  const opensSentence = role ? atSentenceStart(text, role.clause.start) : false;
  // Read on after a colon in lower case, unless the first word is a name the text capitalises elsewhere too.
  const lower =
    LOWER_AFTER[language].has(first.toLowerCase()) || (opensSentence && !capitalisedInside(text, first));
  return lower && first !== first.toUpperCase() ? lowerFirst(voiced) : voiced;
}

/** The central images in the order the dream tells them, the dead and the waking-only set apart. */
function centralImages(
  analysis: DreamAnalysis,
  lexicon: ReadingLexicon,
  phrases: Phrases,
): { images: Image[]; suppressed: Set<string> } {
  const { language, text, roles, salience } = analysis;
  const byKey = new Map(analysis.matches.map((match) => [match.key, match]));
  // A feeling the opening already names ("fear", «la alegría») is not read again as an image.
  const felt = new Set<string>(analysis.emotions.dominant.map((feeling) => FEELING_KEYS[feeling.kind]));
  const inDream = (key: string) =>
    !roles.roles.get(key)?.onlyInWakingRemark && lexicon.entries.has(key) && !felt.has(key);
  // The celebrity first: when "deceased" was found on the same name, the person is read through the celebrity.
  const keys = salience.central
    .filter(inDream)
    .sort((a, b) => Number(b === "celebrity") - Number(a === "celebrity"));
  // Too few left after the waking remarks: the next most central ones stand in.
  for (const ranked of salience.ranked) {
    if (keys.length >= CENTRAL_SYMBOLS.min) break;
    if (!keys.includes(ranked.match.key) && inDream(ranked.match.key)) keys.push(ranked.match.key);
  }
  const images: Image[] = [];
  const spans = new Map<string, Image>();
  /** Symbols the prose must not speak of: "deceased" on a celebrity's name or beside someone alive. */
  const suppressed = new Set<string>();
  // Someone the text calls alive is never read as one who has died.
  const aliveOnly =
    [...roles.roles.values()].some((role) => role.waking === "alive") &&
    ![...roles.roles.values()].some((role) => role.waking === "dead");
  for (const key of keys) {
    const match = byKey.get(key);
    const entry = lexicon.entries.get(key);
    const meaning = lexicon.meaning(key, language);
    if (!match || !entry || !meaning) continue;
    const role = roles.roles.get(key);
    const evidence = evidenceIn(match, role);
    const span = evidence ? `${evidence.start}:${evidence.end}` : key;
    const sameWords = spans.get(span);
    if (sameWords) {
      // "John Lennon" is both a celebrity and "deceased": one image, read through the person.
      if (key === "deceased") {
        sameWords.dead = sameWords.role?.waking !== "alive";
        suppressed.add(key);
      }
      continue;
    }
    if (key === "deceased" && aliveOnly) {
      suppressed.add(key);
      continue;
    }
    const { name, plural, celebrity } = nameOf(text, match, entry, role, language);
    const image: Image = {
      key,
      entry,
      meaning,
      role,
      name,
      plural,
      clause: clauseOf(text, role, evidence?.text ?? name, phrases, language),
      start: evidence?.start ?? 0,
      clauseStart: role?.clause.start ?? evidence?.start ?? 0,
      clauseEnd: role?.clause.end ?? evidence?.end ?? 0,
      person: entry.category === "people",
      dead: role?.waking === "dead",
      harmedOwn: false,
      celebrity,
    };
    spans.set(span, image);
    images.push(image);
  }
  const harms = analysis.matches
    .filter((match) => HARM.has(match.key))
    .map((match) => roles.roles.get(match.key)?.clause)
    .filter((clause) => clause !== undefined);
  for (const image of images) {
    image.harmedOwn =
      image.role?.own === true &&
      (image.person || image.entry.category === "animal") &&
      (image.role.harmed ||
        harms.some((clause) => clause.start < image.clauseEnd && image.clauseStart < clause.end));
  }
  return { images: images.sort((a, b) => a.start - b.start), suppressed };
}

function placeOf(images: readonly Image[], index: number): ImagePlace {
  const previous = images[index - 1]?.name;
  const next = images[index + 1]?.name;
  if (previous === undefined && next === undefined) return { at: "only" };
  if (previous === undefined) return { at: "first", next: next ?? "" };
  if (next === undefined) return { at: "last", previous };
  return { at: "middle", previous, next };
}

function moodOf(analysis: DreamAnalysis): Mood | null {
  const { emotions } = analysis;
  const kind = emotions.dominant[0]?.kind;
  if (emotions.nightmare || kind === "fear" || kind === "anxiety") return "steadying";
  switch (kind) {
    case "joy":
    case "love":
    case "awe":
    case "calm":
      return "affirming";
    case "sadness":
    case "grief":
      return "gentle";
    case "anger":
    case "disgust":
      return "anger";
    case "confusion":
    case "surprise":
      return "confusion";
    case "shame":
    case "guilt":
      return "shame";
    default:
      return null;
  }
}

/** Everything a wording needs, worked out once per reading. */
interface Context {
  analysis: DreamAnalysis;
  options: ReadingOptions;
  lexicon: ReadingLexicon;
  phrases: Phrases;
  seed: number;
  images: Image[];
  themes: Theme[];
  combined: LexiconData["combined"];
  practice: { name: string; instructions: string };
}

/** The dreamer's words for the strongest feeling, quoted: " (“terrified”)". */
function feelingWords(ctx: Context): string {
  const evidence = ctx.analysis.emotions.dominant[0]?.evidence[0]?.text;
  return evidence ? ` (${ctx.phrases.quote(evidence)})` : "";
}

/** The meaning of an image read through its role: what the sentence says after the image's name. */
function meaningSentences(ctx: Context, image: Image, index: number, budget: Budget, prose: Prose): string[] {
  const { phrases, images } = ctx;
  const { meaning, role } = image;
  const verbs = meaning.copular ? phrases.copularVerbs : phrases.aboutVerbs;
  const verb = verbFor(image, verbs[(ctx.seed + index) % verbs.length] ?? verbs[0]!);
  const place = placeOf(images, index);
  const gist = meaning.gist;
  const about = gist ?? lowerFirst(meaning.whole.replace(/[.!…]+$/, ""));
  const harmedOwn = images.find((other) => other.harmedOwn && other !== image);
  const out: string[] = [];
  const personal = ctx.options.history?.personalMeanings[image.key];

  if (image.celebrity) {
    // A dictator or a politician is not someone the dreamer "admires": read through what the name stirs.
    const admired = !CONTESTED_FIGURES.has(ctx.lexicon.celebrities.get(image.celebrity)?.category ?? "");
    out.push(
      prose.must(
        admired ? phrases.celebrity(image.celebrity, about) : phrases.contestedFigure(image.celebrity),
      ),
    );
  } else if (image.dead && image.key !== "deceased") {
    out.push(prose.must(phrases.visit(image, about)));
  } else if (image.harmedOwn) {
    out.push(prose.must(phrases.ownHarmed(image, image.person)));
  } else if (role?.own && (image.person || image.entry.category === "animal")) {
    out.push(prose.must(phrases.ownReal(image, image.person, about)));
  } else if (HARM.has(image.key) && harmedOwn) {
    out.push(prose.must(phrases.harmToOwn(image.name, harmedOwn)));
  } else if (HARM.has(image.key) && role?.role === "witness") {
    out.push(prose.must(phrases.harmWitnessed(image.name, image)));
  } else if (role?.role === "target" && image.entry.category === "action" && !UNDERGONE.has(image.key)) {
    out.push(prose.must(phrases.doneToYou(image)));
  } else {
    if (personal) {
      // The dreamer's own meaning comes before the lexicon's.
      out.push(prose.must(phrases.personal(image, phrases.quote(personal))));
      out.push(prose.must(phrases.beyondPersonal(image, phrases.join(verb, about))));
    } else if (gist) {
      const meaningText = budget.details && meaning.detail ? `${gist}: ${meaning.detail}` : gist;
      out.push(prose.must(phrases.image(image, phrases.join(verb, meaningText), place)));
    } else {
      out.push(prose.must(phrases.imageWhole(image.name, meaning.whole, place)));
    }
    const shared = images.findIndex(
      (other) => other.clauseStart < image.clauseEnd && image.clauseStart < other.clauseEnd,
    );
    const firstInClause = shared === index;
    // An action done to the dreamer in the same clause says it already ("a tiger ate you").
    const undergone = images.some(
      (other) =>
        other !== image &&
        other.role?.role === "target" &&
        other.entry.category === "action" &&
        other.clauseStart < image.clauseEnd &&
        image.clauseStart < other.clauseEnd,
    );
    if (role?.role === "target" && ANIMATE.has(image.entry.category) && firstInClause && !undergone) {
      const { tone, nightmare } = ctx.analysis.emotions;
      const acted = prose.pick(phrases.actsOnYou(image, nightmare || tone === "dark"));
      if (acted) out.push(acted);
    }
  }
  for (const sentence of meaning.extended.slice(0, budget.extended)) {
    const picked = prose.pick([sentence]);
    if (picked) out.push(picked);
  }
  const [question, ...rest] = meaning.insight.slice(0, budget.insights);
  if (question) {
    const picked = prose.pick(phrases.insight(image.name, question));
    if (picked) out.push(picked);
    for (const sentence of rest) {
      const further = prose.pick([sentence]);
      if (further) out.push(further);
    }
  }
  return out;
}

function openingParagraph(ctx: Context, images: readonly Image[], prose: Prose): string {
  const { phrases, analysis } = ctx;
  const clauses: string[] = [];
  let told = -1;
  // Clauses in the dream's order; one that overlaps a clause already told is the same moment.
  for (const image of [...images].sort((a, b) => a.clauseStart - b.clauseStart)) {
    if (image.clauseStart < told || clauses.length >= 4) continue;
    told = image.clauseEnd;
    clauses.push(image.clause);
  }
  const sentences = [prose.must(phrases.opening(clauses))];
  const feelings = analysis.emotions.dominant.slice(0, 2);
  if (feelings.length > 0) {
    const named = joinNames(
      feelings.map((feeling) => phrases.feelingName(feeling.kind, feeling.intensity)),
      phrases.and,
    );
    const picked = prose.pick(phrases.feeling(named, feelingWords(ctx), feelings.length > 1));
    if (picked) sentences.push(picked);
  }
  const category = ctx.options.category;
  if (category) {
    const picked = prose.pick([
      phrases.category(
        category,
        images.some((image) => image.dead),
      ),
    ]);
    if (picked) sentences.push(picked);
  }
  return sentences.join(" ");
}

function togetherParagraph(ctx: Context, images: readonly Image[], budget: Budget, prose: Prose): string {
  const { phrases, analysis, lexicon, options } = ctx;
  const sentences: string[] = [];
  // The feeling is tied to the most central thing or being, not to an action ("the sadness around killing").
  const lead =
    analysis.salience.central
      .map((key) => images.find((image) => image.key === key))
      .find((image) => image && !NAMED_BY_LEXICON.has(image.entry.category))?.name ??
    images[0]?.name ??
    "";
  const nightmare = analysis.emotions.nightmare && options.category !== "nightmare";
  if (nightmare) {
    const picked = prose.pick(phrases.nightmare(lead));
    if (picked) sentences.push(picked);
  }
  const mood = moodOf(analysis);
  if (mood && budget.extras && !nightmare) {
    const picked = prose.pick(phrases.tone(mood, lead));
    if (picked) sentences.push(picked);
  }
  const nameFor = (key: string) =>
    images.find((image) => image.key === key)?.name ??
    (lexicon.entries.get(key) ? lexiconName(lexicon.entries.get(key)!, analysis.language) : key);
  if (budget.extras || images.length < 3) {
    for (const combo of ctx.combined.slice(0, options.premium ? 2 : 1)) {
      const [first, ...more] = splitSentences(
        toReaderVoice(combo[analysis.language].description, analysis.language),
      );
      const names = joinNames(combo.symbolKeys.map(nameFor), phrases.and);
      const picked = prose.pick(phrases.combined(names, lowerFirst(first ?? "")));
      if (picked) sentences.push(picked);
      if (options.premium && more[0]) {
        const further = prose.pick([more[0]]);
        if (further) sentences.push(further);
      }
    }
    const present = new Set(analysis.matches.map((match) => match.key));
    for (const theme of ctx.themes.slice(0, options.premium ? 2 : 1)) {
      const side = theme[analysis.language];
      const inTheme = theme.symbolKeys.filter((key) => present.has(key)).slice(0, 3);
      const [first] = splitSentences(toReaderVoice(side.description, analysis.language));
      const picked = prose.pick(
        phrases.theme(
          joinNames(inTheme.map(nameFor), phrases.and),
          analysis.language === "en" ? side.name.toLowerCase() : lowerFirst(side.name),
          lowerFirst(first ?? ""),
        ),
      );
      if (picked) sentences.push(picked);
      const reflection = side.insights.find((insight) => insight.type === "reflection")?.text;
      if (
        options.premium &&
        reflection &&
        !offVoice(toReaderVoice(reflection, analysis.language), analysis.language)
      ) {
        const further = prose.pick([toReaderVoice(reflection, analysis.language)]);
        if (further) sentences.push(further);
      }
    }
  }
  return sentences.join(" ");
}

function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === "es" ? "es-ES" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

function historyParagraph(ctx: Context, images: readonly Image[], prose: Prose): string {
  const { phrases, analysis, options, lexicon } = ctx;
  const history = options.history;
  const sentences: string[] = [];
  if (history) {
    const present = analysis.matches.filter((match) => lexicon.entries.has(match.key));
    const recurring = present
      .map((match) => ({ match, count: history.recentSymbolCounts[match.key] ?? 0 }))
      .filter(({ count }) => count > 0 && history.recentCount > 0)
      .sort((a, b) => b.count - a.count || a.match.key.localeCompare(b.match.key))
      .slice(0, 2);
    for (const { match, count } of recurring) {
      const image = images.find((candidate) => candidate.key === match.key);
      const entry = lexicon.entries.get(match.key)!;
      const name = image?.name ?? lexiconName(entry, analysis.language);
      const recent = Math.max(history.recentCount, count);
      const picked = prose.pick(
        phrases.recurringImage(
          name,
          image?.plural ?? false,
          count,
          countPhrase(recent, phrases.lastDreams, analysis.language),
          recent,
        ),
      );
      if (picked) sentences.push(picked);
    }
    const elsewhere = present.find(
      (match) => history.personalMeanings[match.key] && !images.some((image) => image.key === match.key),
    );
    if (elsewhere) {
      const entry = lexicon.entries.get(elsewhere.key)!;
      const picked = prose.pick(
        phrases.personalElsewhere(
          lexiconName(entry, analysis.language),
          phrases.quote(history.personalMeanings[elsewhere.key] ?? ""),
        ),
      );
      if (picked) sentences.push(picked);
    }
    const similar = history.similarDream;
    if (similar) {
      const shared = similar.sharedKeys
        .map((key) => lexicon.entries.get(key))
        .filter((entry): entry is SymbolEntry => entry !== undefined)
        .slice(0, 3)
        .map((entry) => lexiconName(entry, analysis.language));
      if (shared.length > 0) {
        const picked = prose.pick(
          phrases.similarDream(
            similar.title,
            formatDate(similar.createdAt, analysis.language),
            joinNames(shared, phrases.and),
          ),
        );
        if (picked) sentences.push(picked);
      }
    }
  }
  if (analysis.roles.saysRecurring && options.category !== "recurring") {
    const names = joinNames(
      images.slice(0, 2).map((image) => image.name),
      phrases.and,
    );
    const picked = prose.pick(phrases.saysRecurring(names));
    if (picked) sentences.push(picked);
  }
  return sentences.join(" ");
}

/** "1. Sit down. 2. Breathe in…" as one flowing list: "sit down; breathe in…". */
function stepsOf(instructions: string): string {
  return instructions
    .split(/\s*\d+[.)]\s+/)
    .map((step) =>
      step
        .trim()
        .replace(/[.!…]+$/, "")
        .replace(/[.!?…]+\s+/g, "; "),
    )
    .filter(Boolean)
    .map(lowerFirst)
    .join("; ");
}

/** The short meaning of an image for the short version: its gist up to the first comma. */
function gistOf(ctx: Context, image: Image): string {
  const { phrases } = ctx;
  const harm = HARM.has(image.key);
  if (image.harmedOwn || (harm && ctx.images.some((other) => other.harmedOwn))) return phrases.shortOwnHarmed;
  if (harm && image.role?.role === "witness") return phrases.shortHarmWitnessed;
  if (image.role?.role === "target" && image.entry.category === "action" && !UNDERGONE.has(image.key)) {
    return phrases.shortDoneToYou;
  }
  const gist = image.meaning.gist ?? lowerFirst(image.meaning.whole);
  const comma = gist.indexOf(", ");
  return (comma > 20 ? gist.slice(0, comma) : gist).replace(/[.!…]+$/, "");
}

function shortVersion(ctx: Context): string {
  const { phrases, analysis } = ctx;
  const feeling = analysis.emotions.dominant[0];
  const feelingName = feeling ? phrases.feelingName(feeling.kind, feeling.intensity) : null;
  let best = "";
  for (let count = 1; count <= Math.min(3, ctx.images.length); count++) {
    const images = ctx.images.slice(0, count);
    const told = new Set<string>();
    const gists = images.flatMap((image) => {
      const gist = gistOf(ctx, image);
      if (told.has(gist)) return [];
      told.add(gist);
      const verbs = image.meaning.copular ? phrases.copularVerbs : phrases.aboutVerbs;
      return [`${image.name} ${phrases.join(verbFor(image, verbs[0]!), gist)}`];
    });
    const names = joinNames(
      images.map((image) => image.name),
      phrases.and,
    );
    const text = phrases.polish(phrases.short(names, gists.join("; "), feelingName));
    if (text.length > READING_LENGTH.short.max) break;
    best = text;
  }
  return (
    best ||
    phrases.polish(phrases.short(ctx.images[0]?.name ?? "", "", null)).slice(0, READING_LENGTH.short.max)
  );
}

function write(ctx: Context, budget: Budget): string {
  const { phrases } = ctx;
  const prose = new Prose(ctx.seed, phrases);
  const images = ctx.images.slice(0, budget.images);
  const opening = openingParagraph(ctx, images, prose);
  const imageSentences = images.flatMap((image, index) => meaningSentences(ctx, image, index, budget, prose));
  const together = togetherParagraph(ctx, images, budget, prose);
  const history = historyParagraph(ctx, images, prose);
  const topGist = images[0] ? gistOf(ctx, images[0]) : "";
  const names = joinNames(
    images.slice(0, 3).map((image) => image.name),
    phrases.and,
  );
  const guidance = prose.must(phrases.guidance(names, topGist));
  const practice = prose.must(
    phrases.practice(
      ctx.practice.name,
      images[0]?.name ?? names,
      stepsOf(toReaderVoice(ctx.practice.instructions, ctx.analysis.language)),
    ),
  );
  return [
    opening,
    imageSentences.join(" "),
    together,
    history,
    `${phrases.guidanceHeading}\n${guidance} ${practice}`,
  ]
    .filter((paragraph) => paragraph.trim().length > 0)
    .join("\n\n");
}

/** Composes at the budget that lands in the length band, starting from the usual one. */
function fitted(ctx: Context, budgets: readonly Budget[], start: number, band: { min: number; max: number }) {
  let index = start;
  let text = write(ctx, budgets[index]!);
  while (text.length > band.max && index > 0) text = write(ctx, budgets[--index]!);
  while (text.length < band.min && index < budgets.length - 1) {
    const longer = write(ctx, budgets[index + 1]!);
    if (longer.length > band.max) break;
    text = longer;
    index++;
  }
  return text;
}

function infoOf(
  analysis: DreamAnalysis,
  options: ReadingOptions,
  short: string,
  central: string[],
): ReadingInfo {
  return {
    short,
    central: central.slice(0, CENTRAL_SYMBOLS.max),
    feelings: analysis.emotions.dominant
      .slice(0, 3)
      .map((feeling) => ({ kind: feeling.kind, intensity: feeling.intensity })),
    nightmare: analysis.emotions.nightmare || options.category === "nightmare",
    care: [...analysis.safety.kinds],
  };
}

export function composeReading(analysis: DreamAnalysis, data: LexiconData, options: ReadingOptions): Reading {
  const { language } = options;
  const phrases = PHRASES[language];
  const lexicon = readingLexicon(data);
  const seed = dreamHash(analysis.text);
  const { images, suppressed } = centralImages(analysis, lexicon, phrases);
  const keys = new Set(
    analysis.matches
      .map((match) => match.key)
      .filter((key) => lexicon.entries.has(key) && !suppressed.has(key)),
  );
  const themes = analysis.themes
    .map((key) => lexicon.themes.get(key))
    .filter((theme): theme is Theme => theme !== undefined);
  const combined = data.combined
    .filter((combo) => combo.symbolKeys.every((key) => keys.has(key)))
    .slice(0, 2);
  const care = analysis.safety.kinds.length > 0;
  const result = (text: string, short: string, central: string[]): Reading => ({
    text,
    short,
    themes: care ? [] : themes.map((theme) => theme.key),
    combined: care ? [] : combined.map((combo) => combo.key),
    info: infoOf(analysis, options, short, central),
    analysis,
  });

  if (care) {
    const reading = composeCare({
      analysis,
      language,
      premium: options.premium,
      names: images.map((image) => image.name),
    });
    return result(
      options.ultraSimplified ? reading.short : reading.text,
      reading.short,
      images.map((image) => image.key),
    );
  }
  if (images.length === 0) {
    const text = [phrases.invitation, options.category ? phrases.category(options.category, false) : null]
      .filter(Boolean)
      .join(" ");
    const full = `${text}\n\n${phrases.invitationGuidance}`;
    const short = text.length <= READING_LENGTH.short.max ? text : phrases.invitation;
    return result(options.ultraSimplified ? short : full, short, []);
  }

  const practice = choosePractice({
    themes,
    emotions: analysis.emotions,
    premium: options.premium,
    care: false,
    language,
    seed,
  });
  const ctx: Context = { analysis, options, lexicon, phrases, seed, images, themes, combined, practice };
  const short = shortVersion(ctx);
  const text = options.ultraSimplified
    ? short
    : options.premium
      ? fitted(ctx, PREMIUM_BUDGETS, PREMIUM_START, READING_LENGTH.premium)
      : fitted(ctx, FREE_BUDGETS, FREE_START, READING_LENGTH.free);
  return result(
    text,
    short,
    images.map((image) => image.key),
  );
}

import {
  CENTRAL_SYMBOLS,
  type EmotionKind,
  READING_LENGTH,
  type ReadingInfo,
} from "../../../contract/reading";
import type { LexiconData, SymbolEntry, Theme } from "../lexicon/schema";
import type { Evidence, SymbolMatch } from "../matcher";
import type { Language } from "../morphology";
import { foldWord } from "../text";
import { composeCare } from "./care";
import { dreamHash } from "./dream-hash";
import {
  countPhrase,
  enArticle,
  esGender,
  esIsPlural,
  esNounPhrase,
  hasFirstPersonPlural,
  toSecondPerson,
} from "./grammar";
import { offVoice, splitSentences, toReaderVoice } from "./lexicon-voice";
import { type ReadingLexicon, readingLexicon, type SymbolMeaning } from "./meanings";
import {
  type DreamMoment,
  type Force,
  type ImagePlace,
  type ImageWords,
  type Mood,
  PHRASES,
  type Phrases,
  verbFor,
} from "./phrases";
import { choosePractice } from "./practices";
import { climaxBeat } from "./salience";
import type { DreamAnalysis, Reading, ReadingOptions, Span, SymbolRole } from "./types";

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
  /** The dream's clause stopped on a word that needs a next one: a fragment the retelling leaves out. */
  cut: boolean;
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
  /** A closing invitation to note the images down: for dreams with too little to say to fill a reading. */
  journal?: boolean;
}

const FREE_BUDGETS: readonly Budget[] = [
  { details: false, extras: false, extended: 0, insights: 0, images: 3 },
  { details: false, extras: true, extended: 0, insights: 0, images: 3 },
  { details: true, extras: true, extended: 0, insights: 0, images: 3 },
  { details: true, extras: true, extended: 1, insights: 0, images: 3 },
  { details: true, extras: true, extended: 2, insights: 0, images: 3 },
  { details: true, extras: true, extended: 3, insights: 0, images: 3 },
  { details: true, extras: true, extended: 3, insights: 1, images: 3, journal: true },
];
// The free reading gives its three most central images room; the rest stay in the symbol list.
const FREE_START = 2;

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
/** Actions that, done to the dreamer, consume or overpower: never read as their doing ("being eaten"). */
const CONSUMING = new Set(["eating", "killing", "shooting", "kidnapping", "pushing", "fighting", "drowning"]);
/** Lexicon keys whose meaning is already about undergoing them ("Being chased points to…"). */
const UNDERGONE = new Set(["chase", "lost", "trapped", "late", "attack", "being_watched", "paralysis"]);
/** Actions and events that harm: beside a harmed own one they are fear of loss, never a wish. */
const HARM = new Set(["killing", "death", "accident", "attack", "shooting", "drowning", "kidnapping", "war"]);
/** Beings that, acting on the dreamer in a fearful dream, overpower rather than give (unless the clause says care). */
const FORCEFUL_BEINGS = new Set([
  "monster",
  "devil",
  "shark",
  "wolf",
  "tiger",
  "lion",
  "bear",
  "crocodile",
  "snake",
  "spider",
  "intruder",
]);

/** Whole folded words only: "\\b" does not know "ñ". */
function wordPattern(alternatives: string): RegExp {
  return new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, "u");
}
/** What, done to the dreamer, overpowers: attacked, chased, eaten, bitten, killed, hit, drowned, kidnapped, trapped. */
const FORCE_WORDS: Record<Language, RegExp> = {
  en: wordPattern(
    "attack\\p{L}*|chas(?:e|ed|es|ing)|hunt(?:ed|ing)|(?:ate|eat|eats|eating|devoured|devouring) (?:me|us)|eaten|devour\\p{L}*|bit|bites?|bitten|biting|kill\\p{L}*|murder\\p{L}*|hit|hits|hitting|punch\\p{L}*|kick\\p{L}*|beat|beating|beaten|stab\\p{L}*|shot|shoot\\p{L}*|drown\\p{L}*|kidnap\\p{L}*|abduct\\p{L}*|trap\\p{L}*|grabb?\\p{L}*|strangl\\p{L}*|chok\\p{L}*|hurt\\p{L}*|push\\p{L}*|dragg\\p{L}*|crush\\p{L}*|slapp?\\p{L}*|stung|threaten\\p{L}*|tortur\\p{L}*|swallow\\p{L}*|caught|held (?:me|us) down|tied (?:me|us)",
  ),
  es: wordPattern(
    "atac\\p{L}*|persegu\\p{L}*|persig\\p{L}*|(?:me|nos) com(?:ia|io|ian|ieron|e|en)|devor\\p{L}*|comid[oa]s? por|mord\\p{L}*|muerd\\p{L}*|mat(?:a|o|aba|aban|ar|aron|ando)(?:me|nos)?|asesin\\p{L}*|golpe\\p{L}*|peg(?:o|aba|aban|aron)|apuñal\\p{L}*|dispar\\p{L}*|ahog\\p{L}*|secuestr\\p{L}*|rapt\\p{L}*|atrap\\p{L}*|encerr\\p{L}*|agarr\\p{L}*|empuj\\p{L}*|estrangul\\p{L}*|hir(?:io|ieron)|her(?:ia|ian|ido|ida)|lastim\\p{L}*|arrastr\\p{L}*|aplast\\p{L}*|amenaz\\p{L}*|tortur\\p{L}*|trag(?:o|aba|aron)|caz(?:o|aba|aban|aron)",
  ),
};
/** What, done to the dreamer, is given or let in: served, hugged, kissed, given, helped, fed, healed, carried, taught. */
const CARE_WORDS: Record<Language, RegExp> = {
  en: wordPattern(
    "serv\\p{L}*|hugg?\\p{L}*|kiss\\p{L}*|gave|giv\\p{L}*|help\\p{L}*|fed|feed\\p{L}*|heal\\p{L}*|carr(?:y|ied|ies|ying)|taught|teach\\p{L}*|held|hold\\p{L}*|comfort\\p{L}*|cuddl\\p{L}*|welcom\\p{L}*|offer\\p{L}*|protect\\p{L}*|rescu\\p{L}*|saved|brought|handed|pour\\p{L}*|look(?:ed|s|ing)? after|car(?:ed|ing) for|sang|stroked",
  ),
  es: wordPattern(
    "serv\\p{L}*|sirv\\p{L}*|abraz\\p{L}*|bes(?:o|a|aba|aban|aron)|d(?:io|aba|aban|ieron)|regal\\p{L}*|ayud\\p{L}*|aliment\\p{L}*|cur(?:o|aba|aban|aron)|san(?:o|aba|aron)|carg(?:o|aba|aban|aron)|enseñ\\p{L}*|consol\\p{L}*|cuid\\p{L}*|proteg\\p{L}*|protej\\p{L}*|rescat\\p{L}*|salv(?:o|aba|aron)|ofrec\\p{L}*|acarici\\p{L}*|arrop\\p{L}*|llev(?:o|aba|aban|aron) en brazos",
  ),
};
/** Categories named with the lexicon's word rather than the dream's (their evidence is a verb or adjective). */
const NAMED_BY_LEXICON = new Set(["action", "emotion", "event", "color", "number", "abstract"]);
/** Words that count, not name: "many people" is the crowd, «mucha gente» is «la multitud». */
const QUANTIFIER: Record<Language, RegExp> = {
  en: /^(?:many|much|lots?|several|few|so|too|loads?|plenty|tons?)$/i,
  es: /^(?:much[oa]s?|muchísim[oa]s?|poc[oa]s?|vari[oa]s|tant[oa]s?|demasiad[oa]s?|montón|montones|cantidad)$/i,
};
/** A word before which a noun phrase can start: a determiner, possessive, preposition or the start of a clause. */
const BEFORE_NOUN: Record<Language, RegExp> = {
  en: /^(?:the|a|an|my|our|his|her|their|your|this|that|these|those|some|of|in|on|at|to|into|with|without|from|by|for|about|like|and|or|saw|see|had|have|was|were|is|are|there)$/i,
  es: /^(?:el|la|los|las|un|una|unos|unas|mi|mis|tu|tus|su|sus|nuestr[oa]s?|est[eao]s?|es[eao]s?|aquel(?:l[oa]s?)?|del|al|de|en|con|sin|por|para|a|y|e|o|u|como|entre|sobre|había|hay|era|eran|vi|veía)$/i,
};

const LEADING_WORDS: Record<Language, RegExp> = {
  en: /^(?:(?:in|on|at|to|into|the|a|an|my|our|his|her|their|your|this|that|some)\s+)+/i,
  es: /^(?:(?:en|a|al|el|la|los|las|un|una|unos|unas|mi|mis|tu|tus|su|sus|nuestro|nuestra|nuestros|nuestras|este|esta|ese|esa|del|de)\s+)+/i,
};
/** Words that join a clause to the one before, and the framing of a dream report ("I dreamt that…"). */
const CLAUSE_LEAD: Record<Language, RegExp> = {
  en: /^(?:(?:and|but|so|then|suddenly|all of a sudden|finally|after that|later|afterwards|next|when|while|where|as|because|until|till|before|after|once|i dreamt|i dreamed|i had a dream|last night|that|in my dream,?)\s+)+/i,
  es: /^(?:(?:y|e|pero|luego|de repente|de pronto|al final|finalmente|después|más tarde|entonces|cuando|mientras|donde|porque|hasta que|antes de que|así que|que|soñé|soñaba|anoche|tuve un sueño en el|en mi sueño,?)\s+)+/i,
};
/** A clause cut short on a word that needs a next one ("…across the hall with the"). */
const CLAUSE_TAIL: Record<Language, RegExp> = {
  en: /(?:[\s,]+(?:the|a|an|with|and|or|of|to|in|on|at|into|from|my|your|his|her|their|our|that|but|so|very|he|she|they|we|it|i))+[\s,]*$/i,
  es: /(?:[\s,]+(?:el|la|los|las|un|una|unos|unas|de|del|al|a|y|e|o|en|con|por|para|mi|mis|tu|tus|su|sus|que|pero|muy|él|ella|ellos|ellas|yo))+[\s,]*$/i,
};
const EN_INDEFINITE = /\b([Aa]n?) ([\p{L}\d][\p{L}\d'-]*)/gu;
/** Images that can act on the dreamer: "a tiger chased me", «mi jefe me gritaba». */
const ANIMATE = new Set(["people", "animal", "spiritual"]);
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

/** Words that read as a verb form rather than a noun; a lowercase single word only. */
const VERB_FORM: Record<Language, RegExp> = {
  en: /^\p{Ll}+(?:ed|ing)$/u,
  es: /^\p{Ll}+(?:aba|abas|aban|ábamos|ían|ió|aron|ieron|ando|iendo)$/u,
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

// A reader starts a new sentence after any full stop, even one inside a quote ("…know?'; write down…").
const SENTENCE_BREAK = /(?<=[.!?…])["”»)'’]*(?:[;:,]\s*|\s+)|\n+/;

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

/** How a lexicon name reads inside a sentence: "falling", "the wedding", «la caída», «el comer». */
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
  // An infinitive is named as the noun it also is: «el bar y el reír», never «el bar y reír».
  return /(?:ar|er|ir|ír)(?:se)?$/.test(head) ? `el ${lower}` : esNounPhrase(lower, "def");
}

/** A lexicon or practice text in the reader's voice, sentence by sentence; sentences off that voice are left out. */
function voiced(text: string, language: Language): string[] {
  return splitSentences(toReaderVoice(text, language)).filter((sentence) => !offVoice(sentence, language));
}

/**
 * Whether the dreamer's words name a thing as a noun phrase does: not a verb form ("bleeding", «me sangran»),
 * an adjective alone ("bare", «las piernas desnudas»), a quantifier ("many people", «mucha gente») or a
 * whole clause («alguien que yo no conocía»).
 */
function isNounPhrase(text: string, evidence: Evidence, language: Language): boolean {
  const determined = LEADING_WORDS[language].test(evidence.text);
  const words = evidence.text.replace(LEADING_WORDS[language], "").split(/\s+/);
  if (words.length > 3 || words.some((word) => QUANTIFIER[language].test(word))) return false;
  if (words.length === 1 && VERB_FORM[language].test(words[0] ?? "")) return false;
  if (determined) return true;
  const before = /([\p{L}'’]+)[^\p{L}]*$/u.exec(text.slice(0, evidence.start))?.[1];
  const clauseStart = !before || /[.!?;:,]\s*$/.test(text.slice(0, evidence.start));
  return clauseStart || BEFORE_NOUN[language].test(before);
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
  const evidence = evidenceIn(match, role);
  // A verb form ("sangraba", "bleeding") or a whole phrase («alguien que yo no conocía») does not name a
  // thing the way a noun does: the lexicon's word does.
  if (NAMED_BY_LEXICON.has(entry.category) || (evidence && !isNounPhrase(text, evidence, language))) {
    // "dos amigas" is not "el amigo": the dreamer's own form of the word, when it differs, gives gender and number.
    const form = ANIMATE.has(entry.category) ? dreamerForm(text, entry[language].name, language) : null;
    if (!form) return { name: lexiconName(entry, language), plural: false, celebrity };
    const own = form.own || (role?.own ?? false);
    const name =
      language === "es"
        ? esNounPhrase(form.word, own ? "your" : "def")
        : `${own ? "your" : "the"} ${form.word}`;
    return { name, plural: isPlural(form.word, language), celebrity };
  }
  const written = (evidence?.text ?? entry[language].name).replace(LEADING_WORDS[language], "");
  // Possessive "'s" belongs to the sentence it came from: "the sheriff's" is the sheriff.
  const word = (evidence && atSentenceStart(text, evidence.start) ? lowerFirst(written) : written).replace(
    /['’]s$/,
    "",
  );
  const plural = isPlural(word, language);
  const own = role?.own ?? false;
  let name: string;
  if (language === "en") {
    name = own
      ? `your ${word}`
      : /^\p{Lu}/u.test(word) || EN_NO_ARTICLE.has(word.toLowerCase())
        ? word
        : `the ${word}`;
  } else name = /^\p{Lu}/u.test(word) && !own ? word : esNounPhrase(word, own ? "your" : "def");
  // "your dog Max", «tu perra Luna»: the name the dreamer gave stays beside the image; "tus amigas" are
  // more than the one name found, so they stay plural and unnamed.
  if (role?.givenName && !plural && !name.includes(role.givenName)) name = `${name} ${role.givenName}`;
  return { name, plural, celebrity };
}

const WORDS = /[\p{L}\p{M}]+/gu;
const POSSESSIVE = new Set(["my", "mi", "mis"]);

/**
 * The dreamer's own form of a one-word lexicon noun when it differs in gender or number ("amigas", "friends"
 * for "amigo", "friend"), and whether "my" / «mi» comes before it. Null when the dream writes it as the lexicon does.
 */
function dreamerForm(
  text: string,
  lexiconWord: string,
  language: Language,
): { word: string; own: boolean } | null {
  const base = foldWord(lexiconWord.toLowerCase());
  if (/\s/.test(base)) return null;
  const gendered = language === "es" && /[oa]$/.test(base);
  const stem = gendered ? base.slice(0, -1) : base;
  const endings = gendered ? ["o", "a", "os", "as"] : ["", "s", "es"];
  let previous = "";
  for (const [raw] of text.matchAll(WORDS)) {
    const lower = raw.toLowerCase();
    const folded = foldWord(lower);
    if (folded !== base && folded.startsWith(stem) && endings.includes(folded.slice(stem.length))) {
      return { word: lower, own: POSSESSIVE.has(previous) };
    }
    previous = folded;
  }
  return null;
}

/** Words of a lexicon meaning that point back at the person: «con ella», "that person". */
const BACK_REFERENCE: Record<Language, RegExp> = {
  en: /(?<!\p{L})that person(?!\p{L})/gu,
  es: /(?<!\p{L})(con (?:ella|él)|esa persona)(?!\p{L})/gu,
};
const ES_FEMININE_DETERMINER = new Set(["la", "las", "una", "unas"]);

/**
 * A meaning whose pronouns agree with the image as this dream names it: «con Ricardo Arjona» for a named
 * celebrity, «con ellas» for «tus amigas», "them" for "your friends", never «con ella» for a man.
 */
function agreeingMeaning(
  meaning: SymbolMeaning,
  name: string,
  plural: boolean,
  celebrity: string | null,
  language: Language,
): SymbolMeaning {
  const [determiner = "", noun = ""] = name.toLowerCase().split(/\s+/);
  const feminine =
    ES_FEMININE_DETERMINER.has(determiner) || (/^tus?$/.test(determiner) && esGender(noun) === "f");
  const pronoun =
    language === "en"
      ? plural
        ? "them"
        : "that person"
      : `con ${plural ? (feminine ? "ellas" : "ellos") : feminine ? "ella" : "él"}`;
  const agree = (text: string) =>
    text.replace(BACK_REFERENCE[language], (found: string) => {
      if (celebrity) return found.startsWith("con ") ? `con ${celebrity}` : celebrity;
      if (found === "esa persona") return plural ? "esas personas" : found;
      return pronoun;
    });
  return {
    ...meaning,
    gist: meaning.gist && agree(meaning.gist),
    detail: meaning.detail && agree(meaning.detail),
    extended: meaning.extended.map(agree),
    insight: meaning.insight.map(agree),
  };
}

const SENTENCE_END = /[.!?…\n]/;

/** The clause, or its whole sentence when the clause alone is a bare name ("Mi hermana" of "Mi hermana y yo…"). */
function clauseSpan(text: string, clause: Span): Span {
  if (clause.text.trim().split(/\s+/).length >= 3) return clause;
  let start = clause.start;
  while (start > 0 && !SENTENCE_END.test(text[start - 1] ?? "")) start--;
  let end = clause.end;
  while (end < text.length && !SENTENCE_END.test(text[end] ?? "")) end++;
  const sentence = text.slice(start, end);
  return sentence.trim().split(/\s+/).length <= 20 ? { start, end, text: sentence } : clause;
}

/** The word is written with a capital somewhere that is not a sentence's start: a name. */
function capitalisedInside(text: string, word: string): boolean {
  // An empty word is found everywhere and would never advance.
  if (word === "") return false;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) {
    if (!atSentenceStart(text, at)) return true;
  }
  return false;
}

/** The words of the names the dream gives (a pet's, a famous person's): they keep their capitals. */
function namesIn(analysis: DreamAnalysis): Set<string> {
  const names = [
    ...[...analysis.roles.roles.values()].map((role) => role.givenName),
    ...analysis.matches.map((match) => match.details?.[0]),
  ];
  return new Set(names.flatMap((name) => name?.split(/\s+/) ?? []));
}

/** The dream's clause about an image, in the second person, or the dreamer's words quoted as written. */
function clauseOf(
  text: string,
  role: SymbolRole | undefined,
  fallback: string,
  phrases: Phrases,
  language: Language,
  givenNames: ReadonlySet<string>,
): { clause: string; cut: boolean } {
  const trimmed = (role ? clauseSpan(text, role.clause).text : fallback)
    .replace(/["“”«»]/g, "")
    .replace(/[.!?…;:]+/g, ",")
    .replace(/^[\s,"“«(]+|[\s,"”»(]+$/g, "")
    .replace(CLAUSE_LEAD[language], "");
  const cut = CLAUSE_TAIL[language].test(trimmed);
  const written = trimmed
    .replace(CLAUSE_TAIL[language], "")
    // "chanting fight fight fight": a word said once reads the same and never looks like a slip.
    .replace(/\b(\p{L}+)(?:\s+\1\b)+/giu, "$1");
  // "telling me I time travelled" -> "telling you that you time travelled", not "you you".
  const voiced = toSecondPerson(written, language)
    ?.replace(/\byou you\b/g, "you that you")
    // Retold, not quoted: "an school" reads "a school".
    .replace(EN_INDEFINITE, (all, article: string, word: string) =>
      language === "en" ? `${article[0] === "A" ? "A" : "a"}${enArticle(word).slice(1)} ${word}` : all,
    );
  // "we" / «caminábamos» cannot be told to one "you": the dreamer's words are quoted whole instead.
  if (voiced === undefined || hasFirstPersonPlural(voiced, language))
    return { clause: phrases.quote(written), cut };
  const first = /^[\p{L}\p{M}'’-]*/u.exec(voiced)?.[0] ?? "";
  // A retold clause reads on mid-sentence: lower case, unless its first word is a name (one the text
  // capitalises mid-sentence, or one the dreamer gave) or an acronym; "A" and "I" are single letters.
  const name = capitalisedInside(text, first) || givenNames.has(first);
  const acronym = first.length > 1 && first === first.toUpperCase();
  return { clause: name || acronym || first === "I" ? voiced : lowerFirst(voiced), cut };
}

/** The central images in the order the dream tells them, the dead and the waking-only set apart. */
function centralImages(
  analysis: DreamAnalysis,
  lexicon: ReadingLexicon,
  phrases: Phrases,
): { images: Image[]; suppressed: Set<string> } {
  const { language, text, roles, salience } = analysis;
  const givenNames = namesIn(analysis);
  const byKey = new Map(analysis.matches.map((match) => [match.key, match]));
  // A feeling the opening already names ("fear", «la alegría») is not read again as an image.
  const felt = new Set<string>(analysis.emotions.dominant.map((feeling) => FEELING_KEYS[feeling.kind]));
  const inDream = (key: string) =>
    !roles.roles.get(key)?.onlyInWakingRemark && lexicon.entries.has(key) && !felt.has(key);
  // The celebrity first: when "deceased" was found on the same name, the person is read through the celebrity.
  const suppressedEarly = new Set<string>();
  const keys = salience.central
    .filter(inDream)
    .sort((a, b) => Number(b === "celebrity") - Number(a === "celebrity"));
  // "deceased" found on a celebrity's name is that celebrity, read through what the dreamer sees in them.
  const celebrity = byKey.get("celebrity");
  const deceased = keys.indexOf("deceased");
  if (celebrity && deceased >= 0 && sharesWords(celebrity, byKey.get("deceased"))) {
    if (keys.includes("celebrity")) keys.splice(deceased, 1);
    else keys[deceased] = "celebrity";
    suppressedEarly.add("deceased");
  }
  // Too few left after the waking remarks: the next most central ones stand in.
  for (const ranked of salience.ranked) {
    if (keys.length >= CENTRAL_SYMBOLS.min) break;
    const key = ranked.match.key;
    if (!keys.includes(key) && !suppressedEarly.has(key) && inDream(key)) keys.push(key);
  }
  const images: Image[] = [];
  const spans = new Map<string, Image>();
  /** Symbols the prose must not speak of: "deceased" on a celebrity's name or beside someone alive. */
  const suppressed = suppressedEarly;
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
    const told = role ? clauseSpan(text, role.clause) : null;
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
      meaning:
        entry.category === "people" ? agreeingMeaning(meaning, name, plural, celebrity, language) : meaning,
      role,
      name,
      plural,
      ...clauseOf(text, role, evidence?.text ?? name, phrases, language, givenNames),
      start: evidence?.start ?? 0,
      clauseStart: told?.start ?? evidence?.start ?? 0,
      clauseEnd: told?.end ?? evidence?.end ?? 0,
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

/**
 * How what is done to the dreamer in an image's clause reads: "force" overpowers (a tiger ate you, a dog bit
 * you), "care" is given and let in (the waitress served you, your mother hugged you), null says neither.
 */
function forceOf(analysis: DreamAnalysis, image: Image): Force {
  const { language } = analysis;
  const clause = analysis.text
    .slice(image.clauseStart, image.clauseEnd)
    .split(/[^\p{L}]+/u)
    .map(foldWord)
    .join(" ");
  if (FORCE_WORDS[language].test(clause)) return "force";
  if (CARE_WORDS[language].test(clause)) return "care";
  const { nightmare, tone } = analysis.emotions;
  return FORCEFUL_BEINGS.has(image.key) && (nightmare || tone === "dark") ? "force" : null;
}

/** A being acting on the dreamer with force: a dog that bit you, a tiger that chased you. */
function comesAtYou(analysis: DreamAnalysis, image: Image): boolean {
  return (
    image.role?.role === "target" &&
    ANIMATE.has(image.entry.category) &&
    !image.role.own &&
    forceOf(analysis, image) === "force"
  );
}

/** A meaning up to its first colon or a comma well into it: the gist a frame can carry. */
function shortGist(meaning: string): string {
  const colon = meaning.indexOf(": ");
  const cut = colon > 0 ? meaning.slice(0, colon) : meaning;
  const comma = cut.indexOf(", ");
  return (comma > 20 ? cut.slice(0, comma) : cut).replace(/[.!…]+$/, "");
}

/** An action that, done to the dreamer, consumes or overpowers: "a tiger ate you", not "they fed you". */
function consumes(analysis: DreamAnalysis, image: Image): boolean {
  return CONSUMING.has(image.key) && forceOf(analysis, image) !== "care";
}

function sharesWords(a: SymbolMatch, b: SymbolMatch | undefined): boolean {
  return (
    b !== undefined &&
    a.evidence.some((one) => b.evidence.some((other) => one.start < other.end && other.start < one.end))
  );
}

/** Where the `index`th of `told` images stands: the first, one in the middle, the last, or the only one. */
function placeOf(told: number, index: number): ImagePlace {
  if (told <= 1) return "only";
  if (index === 0) return "first";
  return index === told - 1 ? "last" : "middle";
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

/** The dream's most charged moment, retold: where its beat lies, the words, the feeling told in it. */
interface Turn {
  start: number;
  end: number;
  moment: string;
  feeling: string | null;
}

/** The opening retells at most this many whole clauses: a movement, not a transcript. */
const OPENING_CLAUSES = 3;

/** Everything a wording needs, worked out once per reading. */
interface Context {
  turn: Turn | null;
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

/**
 * Any image, named as the dreamer named it wherever the dream names it ("your grandmother", «tus hijas»),
 * else by the lexicon's word.
 */
function wordsFor(ctx: Context, key: string): { name: string; plural: boolean } {
  const image = ctx.images.find((candidate) => candidate.key === key);
  if (image) return image;
  const { analysis } = ctx;
  const entry = ctx.lexicon.entries.get(key);
  if (!entry) return { name: key, plural: false };
  const match = analysis.matches.find((candidate) => candidate.key === key);
  return match
    ? nameOf(analysis.text, match, entry, analysis.roles.roles.get(key), analysis.language)
    : { name: lexiconName(entry, analysis.language), plural: false };
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
  // Other bits of the hash than the wordings' own, so verb and transition vary apart across dreams.
  const verb = verbFor(image, verbs[((ctx.seed >>> 8) + index) % verbs.length] ?? verbs[0]!);
  const place = placeOf(Math.min(budget.images, images.length), index);
  const gist = meaning.gist;
  const about = gist ?? phrases.unspokenMeaning;
  const harmedOwn = images.find((other) => other.harmedOwn && other !== image);
  const out: string[] = [];
  const personal = ctx.options.history?.personalMeanings[image.key];
  /** The image is read through its lexicon meaning, so the lexicon's further sentences fit after it. */
  let lexiconFrame = false;
  let threatening = false;

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
  } else if (role?.role === "target" && image.entry.category === "action" && consumes(ctx.analysis, image)) {
    out.push(prose.must(phrases.doneToYou(image)));
  } else if (role?.role === "target" && image.entry.category === "action" && !UNDERGONE.has(image.key)) {
    out.push(prose.must(phrases.aimedAtYou(image)));
  } else {
    lexiconFrame = true;
    if (personal) {
      // The dreamer's own meaning comes before the lexicon's.
      out.push(prose.must(phrases.personal(image, phrases.quote(personal))));
      out.push(prose.must(phrases.beyondPersonal(image, phrases.join(verb, about))));
    } else if (comesAtYou(ctx.analysis, image)) {
      // A being that attacks or chases the dreamer is not read through its stock praise, nor its questions.
      threatening = true;
      out.push(prose.must(phrases.againstYou(image, shortGist(about))));
    } else {
      const meaningText = gist && budget.details && meaning.detail ? `${gist}: ${meaning.detail}` : about;
      out.push(prose.must(phrases.image(image, phrases.join(verb, meaningText), place)));
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
      const acted = prose.pick(phrases.actsOnYou(image, forceOf(ctx.analysis, image)));
      if (acted) out.push(acted);
    }
  }
  for (const sentence of meaning.extended.slice(0, lexiconFrame && !threatening ? budget.extended : 0)) {
    const picked = prose.pick([sentence]);
    if (picked) out.push(picked);
  }
  const [question, ...rest] = meaning.insight.slice(0, threatening ? 0 : budget.insights);
  if (question) {
    const picked = prose.pick(
      phrases.insight(image.name, /^[¿I]\b|^¿/.test(question) ? question : lowerFirst(question)),
    );
    if (picked) out.push(picked);
    for (const sentence of rest) {
      const further = prose.pick([sentence]);
      if (further) out.push(further);
    }
  }
  return out;
}

/** The longest turn retold whole; a longer beat is read through its part that carries the feeling. */
const TURN_WORDS = 30;

/**
 * The dream's turn (its tensest beat, see salience.ts) retold in the dreamer's words with the feeling told in
 * it: what the reading points to right after the opening. Null when the dream has no turn or it cannot be
 * retold whole.
 */
function turnOf(analysis: DreamAnalysis, phrases: Phrases): Turn | null {
  const { text, language, emotions } = analysis;
  const beat = climaxBeat(text, language, emotions, analysis.roles.wakingRemarks);
  if (!beat) return null;
  const inBeat = (span: Span) => span.start >= beat.start && span.end <= beat.end;
  const felt = emotions.dominant.find((feeling) => feeling.evidence.some(inBeat)) ?? emotions.dominant[0];
  let told: Span = beat;
  if (beat.text.split(/\s+/).length > TURN_WORDS) {
    const parts = [...beat.text.matchAll(/[^,;:]+/g)].map((part) => ({
      start: beat.start + (part.index ?? 0),
      end: beat.start + (part.index ?? 0) + part[0].length,
      text: part[0],
    }));
    const whole = parts.filter((part) => part.text.trim().split(/\s+/).length >= 4);
    const carries = (part: Span) =>
      felt?.evidence.some((span) => span.start >= part.start && span.end <= part.end) ?? false;
    const chosen = whole.find(carries) ?? whole[0];
    if (!chosen || chosen.text.split(/\s+/).length > TURN_WORDS) return null;
    told = chosen;
  }
  const { clause, cut } = clauseOf(text, undefined, told.text, phrases, language, namesIn(analysis));
  // A "we" moment can only be quoted, and the guidance would quote it again: such a turn is not pointed at.
  if (cut || clause.split(/\s+/).length < 3 || hasFirstPersonPlural(told.text, language)) return null;
  return {
    start: beat.start,
    end: beat.end,
    moment: clause,
    feeling: felt ? phrases.feelingName(felt.kind, felt.intensity) : null,
  };
}

function openingParagraph(ctx: Context, images: readonly Image[], prose: Prose): string {
  const { phrases, analysis, turn } = ctx;
  const clauses: string[] = [];
  let told = -1;
  // Whole clauses only, in the dream's order; one that overlaps a clause already told is the same moment.
  const whole = [...images].filter((image) => !image.cut).sort((a, b) => a.clauseStart - b.clauseStart);
  // The turn is read on its own just after: the opening tells the rest, when there is a rest.
  const beforeTurn = turn
    ? whole.filter((image) => image.clauseEnd <= turn.start || image.clauseStart >= turn.end)
    : whole;
  for (const image of beforeTurn.length > 0 ? beforeTurn : whole) {
    if (image.clauseStart < told || clauses.length >= OPENING_CLAUSES) continue;
    told = image.clauseEnd;
    clauses.push(image.clause);
  }
  const names = joinNames(
    images.map((image) => image.name),
    phrases.and,
  );
  const sentences = [prose.must(phrases.opening(clauses.length > 0 ? clauses : [names]))];
  if (turn) {
    const picked = prose.pick(phrases.turn(turn.moment, turn.feeling));
    if (picked) sentences.push(picked);
  }
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

/** Images a lexicon text can name, by their names in each language: "moons", «hospitales». */
const IMAGE_CATEGORIES = new Set(["nature", "animal", "people", "spiritual", "body", "place", "object"]);
const imageNamers = new WeakMap<
  ReadingLexicon,
  Record<Language, { keys: Map<string, string>; pattern: RegExp }>
>();

function imageNamer(lexicon: ReadingLexicon, language: Language) {
  let namers = imageNamers.get(lexicon);
  if (!namers) {
    const build = (side: Language) => {
      const keys = new Map<string, string>();
      for (const entry of lexicon.entries.values()) {
        if (IMAGE_CATEGORIES.has(entry.category)) keys.set(entry[side].name.toLowerCase(), entry.key);
      }
      const names = [...keys.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
      return { keys, pattern: new RegExp(`(?<!\\p{L})(${names.join("|")})(?:e?s)?(?!\\p{L})`, "gu") };
    };
    namers = { en: build("en"), es: build("es") };
    imageNamers.set(lexicon, namers);
  }
  return namers[language];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A theme or combination sentence that lists images this dream lacks ("moons and rainbows, hospitals and
 * doctors") is not about it.
 */
function namesOnlyPresent(ctx: Context, sentence: string, present: ReadonlySet<string>): boolean {
  const { keys, pattern } = imageNamer(ctx.lexicon, ctx.analysis.language);
  const absent = new Set<string>();
  for (const found of sentence.toLowerCase().matchAll(pattern)) {
    const key = keys.get(found[1] ?? "");
    if (key && !present.has(key)) absent.add(key);
  }
  return absent.size === 0;
}

function togetherParagraph(ctx: Context, images: readonly Image[], budget: Budget, prose: Prose): string {
  const { phrases, analysis, options } = ctx;
  const sentences: string[] = [];
  // The feeling is tied to the most central thing or being, not to an action ("the sadness around killing").
  const lead =
    analysis.salience.central
      .map((key) => images.find((image) => image.key === key))
      .find((image) => image && !NAMED_BY_LEXICON.has(image.entry.category))?.name ?? phrases.thisDream;
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
  const nameFor = (key: string) => wordsFor(ctx, key).name;
  if (budget.extras || images.length < 3) {
    const present = new Set(analysis.matches.map((match) => match.key));
    const aboutThisDream = (text: string) =>
      voiced(text, analysis.language).filter((sentence) => namesOnlyPresent(ctx, sentence, present));
    for (const combo of ctx.combined.slice(0, options.premium ? 2 : 1)) {
      const [first, ...more] = aboutThisDream(combo[analysis.language].description);
      if (!first) continue;
      const names = joinNames(combo.symbolKeys.map(nameFor), phrases.and);
      const picked = prose.pick(phrases.combined(names, lowerFirst(first)));
      if (picked) sentences.push(picked);
      if (options.premium && more[0]) {
        const further = prose.pick([more[0]]);
        if (further) sentences.push(further);
      }
    }
    for (const theme of ctx.themes.slice(0, options.premium ? 2 : 1)) {
      const side = theme[analysis.language];
      const inTheme = theme.symbolKeys.filter((key) => present.has(key)).slice(0, 3);
      const [first] = aboutThisDream(side.description);
      if (!first) continue;
      const picked = prose.pick(
        phrases.theme(
          joinNames(inTheme.map(nameFor), phrases.and),
          analysis.language === "en" ? side.name.toLowerCase() : lowerFirst(side.name),
          lowerFirst(first),
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
      const { name, plural } = wordsFor(ctx, match.key);
      const recent = Math.max(history.recentCount, count);
      const picked = prose.pick(
        phrases.recurringImage(
          name,
          plural,
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
      const picked = prose.pick(
        phrases.personalElsewhere(
          wordsFor(ctx, elsewhere.key).name,
          phrases.quote(history.personalMeanings[elsewhere.key] ?? ""),
        ),
      );
      if (picked) sentences.push(picked);
    }
    const similar = history.similarDream;
    if (similar) {
      const shared = similar.sharedKeys
        .filter((key) => lexicon.entries.has(key))
        .slice(0, 3)
        .map((key) => wordsFor(ctx, key).name);
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
    return consumes(ctx.analysis, image) ? phrases.shortDoneToYou : phrases.shortAimedAtYou;
  }
  return shortGist(image.meaning.gist ?? phrases.unspokenMeaning);
}

function shortVersion(ctx: Context): string {
  const { phrases, analysis } = ctx;
  const feeling = analysis.emotions.dominant[0];
  const feelingName = feeling ? phrases.feelingName(feeling.kind, feeling.intensity) : null;
  let best = "";
  // The same images as info.central, most central first, as many as fit.
  const central = mostCentralFirst(analysis, ctx.images);
  for (let count = 1; count <= central.length; count++) {
    const images = central.slice(0, count);
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
    best || phrases.polish(phrases.short(central[0]?.name ?? "", "", null)).slice(0, READING_LENGTH.short.max)
  );
}

function write(ctx: Context, budget: Budget): string {
  const { phrases } = ctx;
  const prose = new Prose(ctx.seed, phrases);
  // The most central ones, told in the dream's order.
  const images = mostCentralFirst(ctx.analysis, ctx.images)
    .slice(0, budget.images)
    .sort((a, b) => a.start - b.start);
  const names = joinNames(
    images.slice(0, 3).map((image) => image.name),
    phrases.and,
  );
  // The practice cannot be left out, so its openers are taken first: a lexicon sentence opening like one of
  // its steps is the one that gives way.
  // Guidance and practice start from THIS dream's turn and feeling, not from a stock frame.
  const felt = ctx.analysis.emotions.dominant[0];
  const moment: DreamMoment = {
    turn: ctx.turn?.moment ?? null,
    feeling: ctx.turn?.feeling ?? (felt ? phrases.feelingName(felt.kind, felt.intensity) : null),
  };
  const practice = prose.must(
    phrases.practice(
      ctx.practice.name,
      images[0]?.name ?? names,
      stepsOf(toReaderVoice(ctx.practice.instructions, ctx.analysis.language)),
      moment,
    ),
  );
  const opening = openingParagraph(ctx, images, prose);
  const imageSentences = images.flatMap((image, index) => meaningSentences(ctx, image, index, budget, prose));
  const together = togetherParagraph(ctx, images, budget, prose);
  const history = historyParagraph(ctx, images, prose);
  const topGist = images[0] ? gistOf(ctx, images[0]) : "";
  const guidance = prose.must(phrases.guidance(names, topGist, moment));
  const journal = budget.journal ? prose.pick(phrases.journal(names)) : null;
  return [
    opening,
    imageSentences.join(" "),
    together,
    history,
    `${phrases.guidanceHeading}\n${[guidance, journal, practice].filter(Boolean).join(" ")}`,
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

/** The images as the salience ranked them (the prose tells them in the dream's order). */
function mostCentralFirst(analysis: DreamAnalysis, images: readonly Image[]): Image[] {
  const rank = new Map(analysis.salience.ranked.map((ranked, index) => [ranked.match.key, index]));
  const last = analysis.salience.ranked.length;
  return [...images].sort((a, b) => (rank.get(a.key) ?? last) - (rank.get(b.key) ?? last));
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
  const central = mostCentralFirst(analysis, images);
  const result = (text: string, short: string): Reading => ({
    text,
    short,
    themes: care ? [] : themes.map((theme) => theme.key),
    combined: care ? [] : combined.map((combo) => combo.key),
    info: infoOf(
      analysis,
      options,
      short,
      central.map((image) => image.key),
    ),
    analysis,
  });

  if (care) {
    const reading = composeCare({
      analysis,
      language,
      premium: options.premium,
      names: central.map((image) => image.name),
    });
    return result(options.ultraSimplified ? reading.short : reading.text, reading.short);
  }
  if (images.length === 0) {
    const text = [phrases.invitation, options.category ? phrases.category(options.category, false) : null]
      .filter(Boolean)
      .join(" ");
    const feelings = analysis.emotions.dominant.slice(0, 2);
    const felt =
      feelings.length > 0
        ? `${phrases.invitationFeeling(
            joinNames(
              feelings.map((feeling) => phrases.feelingName(feeling.kind, feeling.intensity)),
              phrases.and,
            ),
          )} `
        : "";
    const full = `${text}\n\n${felt}${phrases.invitationGuidance}`;
    const short = text.length <= READING_LENGTH.short.max ? text : phrases.invitation;
    return result(options.ultraSimplified ? short : full, short);
  }

  const practice = choosePractice({
    themes,
    emotions: analysis.emotions,
    premium: options.premium,
    care: false,
    language,
    seed,
  });
  const ctx: Context = {
    analysis,
    options,
    lexicon,
    phrases,
    seed,
    images,
    themes,
    combined,
    practice,
    turn: turnOf(analysis, phrases),
  };
  const short = shortVersion(ctx);
  const text = options.ultraSimplified
    ? short
    : options.premium
      ? fitted(ctx, PREMIUM_BUDGETS, PREMIUM_START, READING_LENGTH.premium)
      : fitted(ctx, FREE_BUDGETS, FREE_START, READING_LENGTH.free);
  return result(text, short);
}

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
import { countPhrase, esGender, esIsPlural, esNounPhrase } from "./grammar";
import { offVoice, splitSentences, toReaderVoice } from "./lexicon-voice";
import { type ReadingLexicon, readingLexicon, type SymbolMeaning } from "./meanings";
import {
  type DreamMoment,
  ES_VERB_NOUNS,
  type Force,
  type ImagePlace,
  type ImageWords,
  type Mood,
  PHRASES,
  type Phrases,
  VIOLENCE_PHRASES,
  verbFor,
} from "./phrases";
import { choosePractice } from "./practices";
import {
  atSentenceStart,
  clauseOf,
  clauseSpan,
  dreamStart,
  isWholeClause,
  joinNames,
  lowerFirst,
  namesIn,
  openingParagraph,
  type Turn,
  turnOf,
} from "./retell";
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
/** Doings that are no move of the dreamer's: the guidance reads them through the image and the feeling. */
const PASSIVE_DOINGS = new Set(["travel", "sleeping", "reading", "waiting", "walking", "false_awakening"]);
/** Doings that befall the dreamer even when told as theirs ("I fell", "I got lost"): undergone. */
const BEFALLING = new Set(["falling", "lost", "paralysis", "drowning"]);
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
    "attack\\p{L}*|tore|torn|ripp\\p{L}*|chas(?:e|ed|es|ing)|hunt(?:ed|ing)|(?:ate|eat|eats|eating|devoured|devouring) (?:me|us)|eaten|devour\\p{L}*|bit|bites?|bitten|biting|kill\\p{L}*|murder\\p{L}*|hit|hits|hitting|punch\\p{L}*|kick\\p{L}*|beat|beating|beaten|stab\\p{L}*|shot|shoot\\p{L}*|drown\\p{L}*|kidnap\\p{L}*|abduct\\p{L}*|trap\\p{L}*|grabb?\\p{L}*|strangl\\p{L}*|chok\\p{L}*|hurt\\p{L}*|push\\p{L}*|dragg\\p{L}*|crush\\p{L}*|slapp?\\p{L}*|stung|threaten\\p{L}*|tortur\\p{L}*|swallow\\p{L}*|caught|held (?:me|us) down|tied (?:me|us)",
  ),
  es: wordPattern(
    "arranc\\p{L}*|atac\\p{L}*|persegu\\p{L}*|persig\\p{L}*|(?:me|nos) com(?:ia|io|ian|ieron|e|en)|devor\\p{L}*|comid[oa]s? por|mord\\p{L}*|muerd\\p{L}*|mat(?:a|o|aba|aban|ar|aron|ando)(?:me|nos)?|asesin\\p{L}*|golpe\\p{L}*|peg(?:o|aba|aban|aron)|apuñal\\p{L}*|dispar\\p{L}*|ahog\\p{L}*|secuestr\\p{L}*|rapt\\p{L}*|atrap\\p{L}*|encerr\\p{L}*|agarr\\p{L}*|empuj\\p{L}*|estrangul\\p{L}*|hir(?:io|ieron)|her(?:ia|ian|ido|ida)|lastim\\p{L}*|arrastr\\p{L}*|aplast\\p{L}*|amenaz\\p{L}*|tortur\\p{L}*|trag(?:o|aba|aron)|caz(?:o|aba|aban|aron)",
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
/**
 * A stock meaning that is warm or celebratory: in a fearful, sad or angry dream, or for an image that harms
 * or comes at the dreamer, it is read as strained, never as warmth ("blood: passion and vitality").
 */
const WARM_MEANING: Record<Language, RegExp> = {
  en: wordPattern(
    "joy\\p{L}*|celebrat\\p{L}*|warmth|passion|vitality|loyalty|friendship|spontaneity|fun|delight|happiness|pleasure|affection|belonging|tenderness|peace|flourish\\p{L}*",
  ),
  es: wordPattern(
    "alegr\\p{L}*|celebraci\\p{L}*|calidez|pasi[oó]n|vitalidad|lealtad|amistad|espontaneidad|diversi[oó]n|placer|felicidad|cariño|pertenencia|ternura|disfrute|paz|floreci\\p{L}*",
  ),
};
/** Images that wound or threaten by what they are: never the bearer of warmth ("the warmth the blood brought"). */
const HARMFUL_IMAGES = new Set([
  ...HARM,
  // Disasters: no "warmth the earthquake brought".
  "earthquake",
  "flood",
  "blood",
  "injury",
  "knife",
  "gun",
  "bomb",
  "poison",
  "monster",
  "devil",
]);
/** Feelings of a dream that is fearful, sad or angry: its images are not read through their warm side. */
const DARK_FEELINGS = new Set<EmotionKind>([
  "fear",
  "anxiety",
  "sadness",
  "grief",
  "anger",
  "disgust",
  "shame",
]);

// --- A dream of mass or graphic violence (safety.violence) ---------------------------------------------------

/** Renewal read into an ending ("something new can begin", «algo nuevo»): never said of a massacre's dead. */
const RENEWAL_MEANING: Record<Language, RegExp> = {
  en: wordPattern(
    "something new|new beginnings?|begin again|fresh start|rebirth|reborn|renewal|transformation|make room",
  ),
  es: wordPattern(
    "algo nuevo|lo nuevo|nuevos? comienzos?|empezar de nuevo|renac\\p{L}*|renovaci[oó]n|transformaci[oó]n|hacer espacio",
  ),
};

/** Mass or graphic violence with no care kind: a care reading, when one applies, says all this its own way. */
function violentScene(analysis: DreamAnalysis): boolean {
  return analysis.safety.violence === true && analysis.safety.kinds.length === 0;
}

/** A lexicon text that would read the violence as warmth or renewal ("blood: passion and vitality"). */
function warmsViolence(analysis: DreamAnalysis, text: string): boolean {
  const { language } = analysis;
  return (
    violentScene(analysis) && (WARM_MEANING[language].test(text) || RENEWAL_MEANING[language].test(text))
  );
}

/** Blood or death in such a dream: read as the shock of the scene, not through its stock meaning. */
function readAsShock(analysis: DreamAnalysis, image: Image): boolean {
  return HARMFUL_IMAGES.has(image.key) && warmsViolence(analysis, image.meaning.gist ?? "");
}

/**
 * Opens the images' part of such a reading: the shock acknowledged and said to be no prediction, then the
 * blood and deaths among `images` read as that shock, together, in one sentence.
 */
function violenceOpening(ctx: Context, images: readonly Image[], prose: Prose): string[] {
  if (!violentScene(ctx.analysis)) return [];
  const words = VIOLENCE_PHRASES[ctx.analysis.language];
  const out = [prose.must(words.steadying)];
  const shocked = images.filter((image) => readAsShock(ctx.analysis, image));
  if (shocked.length > 0) {
    const names = joinNames(
      shocked.map((image) => image.name),
      ctx.phrases.and,
    );
    out.push(prose.must(words.shock(names, shocked.length > 1 || shocked.some((image) => image.plural))));
  }
  return out;
}

/** Someone refusing, rejecting or mocking the dreamer: not the one who "brought warmth". */
const REFUSAL_WORDS: Record<Language, RegExp> = {
  en: wordPattern(
    "refus\\p{L}*|reject\\p{L}*|said no|says no|ignor\\p{L}*|mock\\p{L}*|laugh(?:ed|ing)? at|turned (?:me|us) away|would not|wouldn t|didn t want",
  ),
  es: wordPattern(
    "se neg\\p{L}*|nego|negaba|negaron|dijo que no|decia que no|no queria|no quiso|rechaz\\p{L}*|ignor\\p{L}*|se burl\\p{L}*|se reia(?:n)? de",
  ),
};

/** A retold clause with the dreamer in it: "you", «tú», «te», «ibas», «caíste». */
const SECOND_PERSON: Record<Language, RegExp> = {
  en: /(?<!\p{L})(?:you|your)(?!\p{L})/iu,
  es: /(?<!\p{L})(?:tú|te|ti|tu|tus|contigo)(?!\p{L})|\p{L}{2,}(?:aste|iste|abas|ías|arás|erás)(?!\p{L})/iu,
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

/** English verbs that do not end like one: "went shopping" is a doing, not a thing's name. */
const EN_IRREGULAR_VERB =
  /^(?:went|go|goes|was|were|got|get|had|has|have|came|come|saw|see|did|do|made|make|took|take|ran|run|ate|eat|fell|felt|found|gave|kept|left|lost|met|said|told|thought|bought|brought|caught|flew|swam|drove|rode|wrote|sat|stood|woke)$/i;

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
      /^the\s/.test(lower) ||
      EN_NO_ARTICLE.has(lower) ||
      entry.category === "action" ||
      entry.category === "emotion" ||
      /(?:ing|th)$/.test(lower);
    return bare ? lower : `the ${lower}`;
  }
  const noun = ES_VERB_NOUNS.get(lower.toLowerCase());
  if (noun) return noun;
  const head = lower.split(" ")[0] ?? lower;
  // A noun that ends like an infinitive keeps «el»: «el altar», «el amanecer».
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
  // "went shopping", «estaba llorando»: a clause that starts with a verb is not a name.
  const first = words[0] ?? "";
  if (VERB_FORM[language].test(first) || (language === "en" && EN_IRREGULAR_VERB.test(first))) return false;
  if (determined) return true;
  const before = /([\p{L}'’]+)[^\p{L}]*$/u.exec(text.slice(0, evidence.start))?.[1];
  // «empezó a temblar»: an infinitive after its preposition is a doing, not a name.
  const infinitive = language === "es" && words.length === 1 && /(?:ar|er|ir|ír)$/.test(first);
  if (infinitive && before && /^(?:a|al|de|para|sin|por)$/i.test(before)) return false;
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
  // Possessive "'s" and "s'" belong to the sentence they came from: "my parents'" is my parents.
  const word = (evidence && atSentenceStart(text, evidence.start) ? lowerFirst(written) : written)
    .replace(/['’]s$/, "")
    .replace(/(s)['’]$/, "$1");
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
  const agree = (text: string) => {
    const agreed = text.replace(BACK_REFERENCE[language], (found: string) => {
      if (celebrity) return found.startsWith("con ") ? `con ${celebrity}` : celebrity;
      if (found === "esa persona") return plural ? "esas personas" : found;
      return pronoun;
    });
    // «tu hija» is read through «tu niña interior», never «tu niño interior».
    return language === "es" && feminine ? agreed.replace(/\bniño interior\b/g, "niña interior") : agreed;
  };
  return {
    ...meaning,
    gist: meaning.gist && agree(meaning.gist),
    detail: meaning.detail && agree(meaning.detail),
    extended: meaning.extended.map(agree),
    insight: meaning.insight.map(agree),
  };
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
    // Read through what happened to it here ("the wolf you met at the end"), never through words cut short.
    image.told = image.cut || role?.own || celebrity ? null : phrases.inDream(name, image.clause);
    spans.set(span, image);
    images.push(image);
  }
  // A harm done to the dreamer ("my mother shot at me") does not harm the own one who does it.
  const harms = analysis.matches
    .filter((match) => HARM.has(match.key) && roles.roles.get(match.key)?.role !== "target")
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
function forceOf(analysis: DreamAnalysis, image: Clause): Force {
  const { language } = analysis;
  const clause = analysis.text
    .slice(image.clauseStart, image.clauseEnd)
    .split(/[^\p{L}]+/u)
    .map(foldWord)
    .join(" ");
  if (FORCE_WORDS[language].test(clause)) return "force";
  // "She refused what I offered": the offering words are not care given to the dreamer.
  if (REFUSAL_WORDS[language].test(clause)) return null;
  if (CARE_WORDS[language].test(clause)) return "care";
  const { nightmare, tone } = analysis.emotions;
  return FORCEFUL_BEINGS.has(image.key) && (nightmare || tone === "dark") ? "force" : null;
}

/** A symbol's clause in the dream: where force, care or refusal words are looked for. */
interface Clause {
  key: string;
  clauseStart: number;
  clauseEnd: number;
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

/** The heart of a meaning, without its second thoughts ("life force and vitality, and also what drains you"). */
function coreGist(meaning: string): string {
  return shortGist(meaning).split(/,? (?:and also|but also|y también|pero también)\b/)[0] ?? meaning;
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

/** The words of an image's clause, folded: what force, care or refusal words are looked for in. */
function foldedClause(analysis: DreamAnalysis, image: Image): string {
  return analysis.text
    .slice(image.clauseStart, image.clauseEnd)
    .split(/[^\p{L}]+/u)
    .map(foldWord)
    .join(" ");
}

/** The image wounds or threatens: by what it is (blood, a knife), or by force in its clause aimed at the dreamer. */
function harms(analysis: DreamAnalysis, image: Image): boolean {
  return (
    HARMFUL_IMAGES.has(image.key) ||
    (image.role?.role === "target" && forceOf(analysis, image) === "force") ||
    comesAtYou(analysis, image)
  );
}

/** A fearful, sad or angry dream: its strongest feeling is one of these, or it is a nightmare. */
function darkDream(analysis: DreamAnalysis): boolean {
  const kind = analysis.emotions.dominant[0]?.kind;
  return analysis.emotions.nightmare || (kind !== undefined && DARK_FEELINGS.has(kind));
}

/** An image that may carry the warmth of a light dream: it neither harms nor refuses nor mocks the dreamer. */
function warmBearer(analysis: DreamAnalysis, image: Image): boolean {
  return !harms(analysis, image) && !REFUSAL_WORDS[analysis.language].test(foldedClause(analysis, image));
}

/** Where the `index`th of `told` images stands: at the turn or first, linked to the lead after it, or alone. */
function placeOf(
  told: number,
  index: number,
  atTurn: boolean,
  lead: string | null,
  feeling: string | null,
  scene: string | null,
): ImagePlace {
  if (told <= 1) return { at: "only", lead, feeling, scene };
  if (index === 0) return { at: atTurn ? "turn" : "first", lead, feeling, scene };
  return { at: "linked", lead, feeling, scene };
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
  /** The sentences where each symbol is told in the dream itself (see scenesOf). */
  scenes: Map<string, number[]>;
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

function meaningSentences(
  ctx: Context,
  image: Image,
  index: number,
  place: ImagePlace,
  budget: Budget,
  prose: Prose,
): string[] {
  const { phrases, images, analysis } = ctx;
  // Told with the others in the opening of a violent dream's images (violenceOpening).
  if (readAsShock(analysis, image)) return [];
  const { meaning, role } = image;
  const verbs = meaning.copular ? phrases.copularVerbs : phrases.aboutVerbs;
  // Other bits of the hash than the wordings' own, so verb and transition vary apart across dreams.
  const verb = verbFor(image, verbs[((ctx.seed >>> 8) + index) % verbs.length] ?? verbs[0]!);
  const gist = meaning.gist;
  const about = gist ?? phrases.unspokenMeaning;
  const harmedOwn = images.find((other) => other.harmedOwn && other !== image);
  const out: string[] = [];
  const personal = ctx.options.history?.personalMeanings[image.key];
  /** The image is read through its lexicon meaning, so the lexicon's further sentences fit after it. */
  let lexiconFrame = false;
  let threatening = false;
  // Words cut short (perhaps the dreamer's own, quoted) are never read back: "when it appeared" stands in.
  const shown: Image = image.cut
    ? { ...image, clause: phrases.appeared(image.plural, image.entry.category === "action") }
    : image;

  if (image.celebrity) {
    // A dictator or a politician is not someone the dreamer "admires": read through what the name stirs.
    const admired = !CONTESTED_FIGURES.has(ctx.lexicon.celebrities.get(image.celebrity)?.category ?? "");
    out.push(
      prose.must(
        admired ? phrases.celebrity(image.celebrity, about) : phrases.contestedFigure(image.celebrity),
      ),
    );
  } else if (image.dead && image.key !== "deceased") {
    out.push(prose.must(phrases.visit(shown, about)));
  } else if (image.harmedOwn) {
    out.push(prose.must(phrases.ownHarmed(shown, image.person)));
  } else if (role?.own && (image.person || image.entry.category === "animal")) {
    // "My mother shot at me": one's own who uses force in the dream, not one harmed by it.
    const against = !role.harmed && forceOf(analysis, image) === "force";
    out.push(prose.must(phrases.ownReal(shown, image.person, about, against)));
  } else if (HARM.has(image.key) && harmedOwn) {
    out.push(prose.must(phrases.harmToOwn(image.name, harmedOwn)));
  } else if (HARM.has(image.key) && role?.role === "witness") {
    out.push(prose.must(phrases.harmWitnessed(image.name, shown)));
  } else if (role?.role === "target" && image.entry.category === "action" && consumes(ctx.analysis, image)) {
    out.push(prose.must(phrases.doneToYou(shown)));
  } else if (role?.role === "target" && image.entry.category === "action" && !UNDERGONE.has(image.key)) {
    out.push(prose.must(phrases.aimedAtYou(shown)));
  } else {
    lexiconFrame = true;
    if (personal) {
      // The dreamer's own meaning comes before the lexicon's.
      out.push(prose.must(phrases.personal(shown, phrases.quote(personal))));
      out.push(prose.must(phrases.beyondPersonal(shown, phrases.join(verb, about))));
    } else if (comesAtYou(ctx.analysis, image)) {
      // A being that attacks or chases the dreamer is not read through its stock praise, nor its questions.
      threatening = true;
      out.push(prose.must(phrases.againstYou(shown, shortGist(about))));
    } else if (
      gist &&
      WARM_MEANING[analysis.language].test(gist) &&
      (darkDream(analysis) || harms(analysis, image))
    ) {
      // Blood in a massacre, a party that mocks you: the warm stock meaning is read as strained, not as warmth.
      threatening = true;
      const felt = analysis.emotions.dominant[0];
      const dark =
        felt && DARK_FEELINGS.has(felt.kind) ? phrases.feelingName(felt.kind, felt.intensity) : null;
      out.push(prose.must(phrases.strained(shown, coreGist(gist), dark)));
    } else {
      // A short gist after the dream's own telling, never the lexicon's whole description.
      const meaningText = budget.details ? (about.split(": ")[0] ?? about) : shortGist(about);
      const verbAndMeaning = phrases.join(verb, meaningText);
      // Told through this dream's clause when that opens a new way, else placed beside the others.
      const opened = prose.pick(phrases.image(shown, verbAndMeaning, place));
      const placed = { ...place, scene: null };
      out.push(opened ?? prose.must(phrases.image({ ...shown, told: null }, verbAndMeaning, placed)));
    }
    const firstInClause =
      images.find((other) => other.clauseStart < image.clauseEnd && image.clauseStart < other.clauseEnd) ===
      image;
    // An action done to the dreamer in the same clause says it already ("a tiger ate you").
    const undergone = images.some(
      (other) =>
        other !== image &&
        other.role?.role === "target" &&
        other.entry.category === "action" &&
        other.clauseStart < image.clauseEnd &&
        image.clauseStart < other.clauseEnd,
    );
    if (
      role?.role === "target" &&
      ANIMATE.has(image.entry.category) &&
      firstInClause &&
      !undergone &&
      !image.cut
    ) {
      const acted = prose.pick(phrases.actsOnYou(shown, forceOf(ctx.analysis, image)));
      if (acted) out.push(acted);
    }
  }
  for (const sentence of meaning.extended.slice(0, lexiconFrame && !threatening ? budget.extended : 0)) {
    if (warmsViolence(analysis, sentence)) continue;
    const picked = prose.pick([sentence]);
    if (picked) out.push(picked);
  }
  // A massacre witnessed is not asked "what are you trying to put an end to?".
  const unasked = threatening || (violentScene(analysis) && HARM.has(image.key));
  const [question, ...rest] = meaning.insight
    .filter((sentence) => !warmsViolence(analysis, sentence))
    .slice(0, unasked ? 0 : budget.insights);
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

/** Where each sentence of the dream starts: an offset's sentence is its scene. */
function sentenceStarts(text: string): number[] {
  const starts = [0];
  for (const found of text.matchAll(/[.!?…\n]+\s*/g)) starts.push((found.index ?? 0) + found[0].length);
  return starts;
}

function sentenceAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The sentences where each symbol is told in the dream itself, not in a remark from waking life. */
function scenesOf(analysis: DreamAnalysis): Map<string, number[]> {
  const starts = sentenceStarts(analysis.text);
  const remarks = analysis.roles.wakingRemarks;
  return new Map(
    analysis.matches.map((match) => [
      match.key,
      match.evidence
        .filter(
          (evidence) =>
            !remarks.some((remark) => evidence.start >= remark.start && evidence.end <= remark.end),
        )
        .map((evidence) => sentenceAt(starts, evidence.start)),
    ]),
  );
}

/** The symbols meet in one scene: each is told in a sentence where the first one is. */
function meetInScene(scenes: ReadonlyMap<string, number[]>, keys: readonly string[]): boolean {
  const [first, ...rest] = keys.map((key) => scenes.get(key) ?? []);
  return (first ?? []).some((at) => rest.every((other) => other.includes(at)));
}

/** The largest group of the keys that meet in one scene, most central first. */
function sceneCluster(ctx: Context, keys: readonly string[]): string[] {
  const told = keys.filter((key) => (ctx.scenes.get(key) ?? []).length > 0);
  let best: string[] = [];
  for (const key of told) {
    const near = told.filter((other) => other === key || meetInScene(ctx.scenes, [key, other]));
    if (near.length > best.length) best = near;
  }
  return best;
}

/** Every word of the label is one of the names' own ("searching and losing" for "being lost and searching"). */
function restates(names: string, label: string): boolean {
  const words = (text: string) =>
    text
      .split(/[^\p{L}]+/u)
      .map(foldWord)
      .filter((word) => word.length >= 4);
  const named = words(names);
  // "lost" and "losing", «perderse» and «perder»: the same word when they share most of the shorter one.
  const same = (a: string, b: string) => {
    let common = 0;
    while (common < a.length && a[common] === b[common]) common++;
    return common >= 3 && common >= 0.6 * Math.min(a.length, b.length);
  };
  const said = words(label);
  return said.length > 0 && said.every((word) => named.some((name) => same(word, name)));
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
  // Warmth is never pinned on blood, on a dog that bit you or on a wife who said no, nor named in a dream
  // that also carries fear or sadness.
  const affirming = mood === "affirming";
  const mixed =
    affirming &&
    (analysis.emotions.tone === "dark" ||
      analysis.emotions.dominant.some((feeling) => DARK_FEELINGS.has(feeling.kind)));
  const toneLead = affirming
    ? (analysis.salience.central
        .map((key) => images.find((image) => image.key === key))
        .find((image) => image && !NAMED_BY_LEXICON.has(image.entry.category) && warmBearer(analysis, image))
        ?.name ?? phrases.thisDream)
    : lead;
  if (mood && budget.extras && !nightmare && !mixed) {
    const picked = prose.pick(phrases.tone(mood, toneLead));
    if (picked) sentences.push(picked);
  }
  const nameFor = (key: string) => wordsFor(ctx, key).name;
  if (budget.extras || images.length < 3) {
    const present = new Set(analysis.matches.map((match) => match.key));
    // A fearful, sad or angry dream is not told that its images celebrate together.
    const dark = darkDream(analysis);
    const aboutThisDream = (text: string) =>
      voiced(text, analysis.language).filter(
        (sentence) =>
          namesOnlyPresent(ctx, sentence, present) &&
          !(dark && WARM_MEANING[analysis.language].test(sentence)) &&
          !warmsViolence(analysis, sentence),
      );
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
      // A theme is told through its images that meet in one scene of the dream, never through scattered ones.
      const inTheme = sceneCluster(
        ctx,
        theme.symbolKeys.filter((key) => present.has(key)),
      ).slice(0, 3);
      const [first] = aboutThisDream(side.description);
      if (!first || inTheme.length < 2) continue;
      const names = joinNames(inTheme.map(nameFor), phrases.and);
      const themeName = analysis.language === "en" ? side.name.toLowerCase() : lowerFirst(side.name);
      // "What searching and losing have in common is being lost and searching" says nothing.
      if (restates(names, themeName) || (dark && WARM_MEANING[analysis.language].test(themeName))) continue;
      const picked = prose.pick(phrases.theme(names, themeName, lowerFirst(first)));
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
  if (readAsShock(ctx.analysis, image)) return VIOLENCE_PHRASES[ctx.analysis.language].shortShock;
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
  const violenceNote = violentScene(analysis) ? ` ${VIOLENCE_PHRASES[analysis.language].shortNote}` : "";
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
    const text = phrases.polish(phrases.short(names, gists.join("; "), feelingName)) + violenceNote;
    if (text.length > READING_LENGTH.short.max) break;
    best = text;
  }
  return (
    best || phrases.polish(phrases.short(central[0]?.name ?? "", "", null)).slice(0, READING_LENGTH.short.max)
  );
}

/** An image's name when it is a thing or a being: an action ("the driving") is not something to stand beside. */
function thingOrBeing(image: Image | undefined): string | null {
  return image && !NAMED_BY_LEXICON.has(image.entry.category) ? image.name : null;
}

/** The images whose clause lies in the dream's turn, those the retold moment names first. */
function atTurn(ctx: Context, images: readonly Image[]): Image[] {
  const { turn } = ctx;
  if (!turn) return [];
  const there = images.filter((image) => image.clauseStart < turn.end && turn.start < image.clauseEnd);
  const moment = turn.moment.toLowerCase();
  const named = (image: Image) => moment.includes(image.name.toLowerCase().split(" ").at(-1) ?? image.name);
  return [...there.filter(named), ...there.filter((image) => !named(image))];
}

/** A symbol told in the turn with a role there: any of the dream's, not only the central images. */
interface Actor extends Clause {
  category: string;
  role: SymbolRole;
}

/** The symbols whose clause lies in the dream's turn (in the whole dream when it has none), most salient first. */
function actorsAtTurn(ctx: Context): Actor[] {
  const { analysis } = ctx;
  const turn = ctx.turn ?? { start: 0, end: analysis.text.length };
  const actors: Actor[] = [];
  for (const { match } of analysis.salience.ranked) {
    const role = analysis.roles.roles.get(match.key);
    const entry = ctx.lexicon.entries.get(match.key);
    if (!role || !entry || role.onlyInWakingRemark) continue;
    const span = clauseSpan(analysis.text, role.clause);
    if (span.start >= turn.end || turn.start >= span.end) continue;
    actors.push({
      key: match.key,
      category: entry.category,
      role,
      clauseStart: span.start,
      clauseEnd: span.end,
    });
  }
  return actors;
}

/**
 * The dreamer's part at the turn (acting, acted on by force, given something, looking on) and the thing or
 * being there: what the guidance asks about. An action names the part, a thing or a being is the image.
 */
function partAtTurn(ctx: Context, images: readonly Image[]): Pick<DreamMoment, "part" | "image" | "scene"> {
  const { analysis } = ctx;
  const there = actorsAtTurn(ctx);
  // The dream's own clause where the part is played, retold: what makes the question this dream's.
  const sceneOf = (actor: Actor | undefined) => {
    const image = actor && ctx.images.find((candidate) => candidate.key === actor.key);
    return image && !image.cut ? image.clause : null;
  };
  const being = there.find((actor) => actor.role.role === "target" && ANIMATE.has(actor.category));
  if (being) {
    const force = forceOf(analysis, being);
    const part = force === "care" ? "receiving" : force === "force" ? "undergoing" : null;
    return { part, image: wordsFor(ctx, being.key).name, scene: part ? sceneOf(being) : null };
  }
  const image =
    thingOrBeing(atTurn(ctx, images)[0]) ??
    (ctx.turn ? null : thingOrBeing(images.find((candidate) => thingOrBeing(candidate))));
  const acted = (role: SymbolRole["role"]) =>
    there.find((actor) => actor.category === "action" && actor.role.role === role);
  // What was done to the dreamer outweighs what they did or saw in the same moment.
  const undergone = acted("target");
  if (undergone) {
    const part = forceOf(analysis, undergone) === "care" ? "receiving" : "undergoing";
    return { part, image, scene: sceneOf(undergone) };
  }
  const witnessed = acted("witness");
  // Looking on is a part only where a harm or a force is seen: a lost wallet or a mother cooking is not watched.
  if (witnessed && (HARM.has(witnessed.key) || forceOf(analysis, witnessed) === "force")) {
    // A witnessed harm is named through who it befell, never through the street where it happened.
    const who = there.find((actor) => ANIMATE.has(actor.category) && actor.role.role !== "target");
    return { part: "watching", image: who ? wordsFor(ctx, who.key).name : null, scene: sceneOf(witnessed) };
  }
  // Travelling, reading, sleeping or waiting is no move the dreamer made ("it was you who acted" reads thin):
  // a fall or being lost befell them, the rest is read through the image and the feeling.
  const doings = there.filter((actor) => actor.category === "action" && actor.role.role === "agent");
  const done = doings.find((actor) => !PASSIVE_DOINGS.has(actor.key) && !BEFALLING.has(actor.key));
  if (done) return { part: "doing", image, scene: sceneOf(done) };
  const befell = doings.find((actor) => BEFALLING.has(actor.key));
  return befell ? { part: "undergoing", image, scene: sceneOf(befell) } : { part: null, image, scene: null };
}

/** The images a theme's practice concerns, as they meet in the dream; null for a practice chosen by mood. */
function practiceAnchor(ctx: Context): string | null {
  const { analysis, practice, phrases } = ctx;
  const theme = ctx.themes[0];
  if (!theme?.[analysis.language].techniques.some((technique) => technique.name === practice.name))
    return null;
  const present = theme.symbolKeys.filter((key) => ctx.lexicon.entries.has(key) && ctx.scenes.has(key));
  const keys = sceneCluster(ctx, present).slice(0, 2);
  return keys.length > 0
    ? joinNames(
        keys.map((key) => wordsFor(ctx, key).name),
        phrases.and,
      )
    : null;
}

function write(ctx: Context, budget: Budget): string {
  const { phrases, analysis } = ctx;
  const prose = new Prose(ctx.seed, phrases);
  const central = mostCentralFirst(analysis, ctx.images).slice(0, budget.images);
  // The opening tells them in the dream's order.
  const inOrder = [...central].sort((a, b) => a.start - b.start);
  // The images are read from the turn outward: the one at the turn first, the others as they bear on it.
  const turnImage = atTurn(ctx, central).find((image) => !NAMED_BY_LEXICON.has(image.entry.category));
  const images = turnImage ? [turnImage, ...inOrder.filter((image) => image !== turnImage)] : inOrder;
  // The most central thing or being: what the guidance and the images after the first are tied to.
  const leadImage = central.find((image) => !NAMED_BY_LEXICON.has(image.entry.category));
  const lead = leadImage?.name ?? central[0]?.name ?? phrases.thisDream;
  const about = leadImage ?? central[0];
  const linkedTo = thingOrBeing(images[0]) ?? leadImage?.name ?? null;
  // Guidance and practice start from THIS dream's turn, the dreamer's part in it and its feeling.
  const felt = analysis.emotions.dominant[0];
  const part = partAtTurn(ctx, central);
  // The opening retells the turn; the guidance and practice point back at it rather than read it out again.
  const turnTold = ctx.turn?.moment;
  const again = (clause: string | null) =>
    clause !== null && turnTold && (turnTold.includes(clause) || clause.includes(turnTold))
      ? phrases.turnAgain
      : clause;
  const moment: DreamMoment = {
    turn: again(ctx.turn?.moment ?? null),
    feeling: ctx.turn?.feeling ?? (felt ? phrases.feelingName(felt.kind, felt.intensity) : null),
    ...part,
    // A part without its own clause is told through the turn, or the clause of the most central thing; only
    // a clause where the dreamer is there ("you", «te») says where they played it.
    scene: again(
      [part.scene, ctx.turn?.moment, leadImage?.cut ? null : leadImage?.clause].find(
        (clause) => part.part && clause && SECOND_PERSON[analysis.language].test(clause),
      ) ?? null,
    ),
  };
  // The practice cannot be left out, so its openers are taken first: a lexicon sentence opening like one of
  // its steps is the one that gives way.
  const practice = prose.must(
    phrases.practice(
      ctx.practice.name,
      practiceAnchor(ctx),
      stepsOf(toReaderVoice(ctx.practice.instructions, analysis.language)),
      // With no turn, the practice starts from the lead image's own moment: never the same words in two dreams.
      { ...moment, turn: moment.turn ?? moment.scene ?? (about?.cut ? null : (about?.clause ?? null)) },
    ),
  );
  const opening = openingParagraph(ctx, inOrder, prose);
  const told = Math.min(budget.images, images.length);
  // A clause opens one image sentence at most ("When you …,"): images that share it are placed otherwise.
  const opened = new Set<string>();
  const steadied = violenceOpening(ctx, images, prose);
  const imageSentences = images.flatMap((image, index) => {
    const scene = image.cut || image.told || opened.has(image.clause) ? null : image.clause;
    opened.add(image.clause);
    const linked = image.name === linkedTo ? null : linkedTo;
    const place = placeOf(told, index, image === turnImage, linked, moment.feeling, scene);
    return meaningSentences(ctx, image, index, place, budget, prose);
  });
  const together = togetherParagraph(ctx, inOrder, budget, prose);
  const history = historyParagraph(ctx, inOrder, prose);
  // The guidance never reads back words cut short either.
  const asked = about?.cut ? { ...about, clause: phrases.appeared(about.plural, false) } : about;
  const guidance = prose.must(
    phrases.guidance(
      asked ?? { name: lead, clause: lead, plural: false },
      about ? gistOf(ctx, about) : "",
      moment,
    ),
  );
  const names = joinNames(
    inOrder.slice(0, 3).map((image) => image.name),
    phrases.and,
  );
  const journal = budget.journal ? prose.pick(phrases.journal(names)) : null;
  return [
    opening,
    [...steadied, ...imageSentences].join(" "),
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

/** The dream's moment for a reading without images: its turn, else its first sentence when retold whole. */
function unreadMoment(analysis: DreamAnalysis, phrases: Phrases): string | null {
  const turn = turnOf(analysis, phrases);
  if (turn) return turn.moment;
  const { text, language } = analysis;
  const first =
    text
      .slice(dreamStart(text, language))
      .split(/[.!?…\n]/)[0]
      ?.trim() ?? "";
  if (first === "") return null;
  const { clause, cut } = clauseOf(text, undefined, first, phrases, language, namesIn(analysis));
  return cut || !isWholeClause(clause, language) ? null : clause;
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
  // A combination holds only where its parts meet in one scene: no "naked at school" without the school there.
  const scenes = scenesOf(analysis);
  const combined = data.combined
    .filter(
      (combo) => combo.symbolKeys.every((key) => keys.has(key)) && meetInScene(scenes, combo.symbolKeys),
    )
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
    // No image to read: a short reading of what is there (its feeling, its moment), then a gentle ask for more.
    const feelings = analysis.emotions.dominant.slice(0, 2);
    const felt =
      feelings.length > 0
        ? joinNames(
            feelings.map((feeling) => phrases.feelingName(feeling.kind, feeling.intensity)),
            phrases.and,
          )
        : null;
    const unread = phrases.polish(phrases.unread(unreadMoment(analysis, phrases), felt));
    const text = [unread, options.category ? phrases.category(options.category, false) : null]
      .filter(Boolean)
      .join(" ");
    const full = `${text}\n\n${phrases.invitationGuidance} ${phrases.reportMissing}`;
    const short = text.length <= READING_LENGTH.short.max ? text : phrases.unread(null, felt);
    return result(options.ultraSimplified ? short : full, short);
  }

  const practice = choosePractice({
    themes,
    emotions: analysis.emotions,
    premium: options.premium,
    // A massacre or a war with its dead gets a calm, grounding practice, as a care reading does.
    care: violentScene(analysis),
    language,
    seed,
    kind: central[0]?.entry.category,
    role: central[0]?.role?.role,
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
    scenes,
  };
  const short = shortVersion(ctx);
  const text = options.ultraSimplified
    ? short
    : options.premium
      ? fitted(ctx, PREMIUM_BUDGETS, PREMIUM_START, READING_LENGTH.premium)
      : fitted(ctx, FREE_BUDGETS, FREE_START, READING_LENGTH.free);
  return result(text, short);
}

import type { Celebrity, LexiconData, SymbolEntry, Theme } from "../lexicon/schema";
import type { Language } from "../morphology";
import { offVoice, splitSentences, toReaderVoice } from "./lexicon-voice";

/**
 * What a reading takes from the lexicon for one symbol: the meaning cut out of its description so the prose
 * can weave it with what happened in THIS dream (the symbol list under the reading shows the description
 * whole), and the further sentences a longer reading may draw on. Worked out once per lexicon and symbol.
 */

export interface SymbolMeaning {
  /**
   * What the image speaks of, as a phrase that follows a verb: "raw power and passion",
   * «el fluir de tu vida emocional». Null when the description has no verb to cut at.
   */
  gist: string | null;
  /** The description after its colon, as a phrase ("fierce emotions, bold desires…"), when there is one. */
  detail: string | null;
  /** The description says what the image is ("a threshold", «un umbral»), not what it speaks of. */
  copular: boolean;
  /** Sentences of the extended description that keep the reader's voice. */
  extended: string[];
  /** Sentences of the deeper insight that keep the reader's voice. */
  insight: string[];
}

export interface ReadingLexicon {
  entries: ReadonlyMap<string, SymbolEntry>;
  themes: ReadonlyMap<string, Theme>;
  /** By display name, as the matcher reports it in `details`. */
  celebrities: ReadonlyMap<string, Celebrity>;
  meaning(key: string, language: Language): SymbolMeaning | undefined;
}

const MEANING_VERB: Record<Language, RegExp> = {
  en: /^(.{2,90}?) (?:(?:often|usually|also|typically|generally) )?(speaks? of|represents?|stands? for|points? to|reflects?|symboli[sz]es?|embod(?:ies|y)|mirrors?|holds?|means|is|are) (.+)$/s,
  es: /^(.{2,90}?) (?:(?:suele|suelen|a menudo|también) )?(hablan? del?|hablar del?|representan?|representar|simbolizan?|simbolizar|reflejan?|reflejar|señalan?|apuntan? al?|encarnan?|significan?|guardan?|contienen?|es|son) (.+)$/s,
};
const COPULAR = new Set(["is", "are", "es", "son"]);
/** A subject that denies its verb ("An ex rarely means…"): the sentence does not say what the image means. */
const DENIED_SUBJECT = /\b(?:rarely|not|never|seldom|rara vez|no|nunca)\b/;

const SPANISH_PARALLEL = (phrase: string) =>
  phrase.replace(/(,| y| o) del /g, "$1 el ").replace(/(,| y| o) de /g, "$1 ");
const FOR_PARALLEL = (phrase: string) => phrase.replace(/(,| and| or) for /g, "$1 ");
const OF_PARALLEL = (phrase: string) => phrase.replace(/(,| and| or) of /g, "$1 ");
const PARALLEL: Record<string, (phrase: string) => string> = {
  "habla de": SPANISH_PARALLEL,
  "hablan de": SPANISH_PARALLEL,
  "stands for": FOR_PARALLEL,
  "stand for": FOR_PARALLEL,
  "speaks of": OF_PARALLEL,
  "speak of": OF_PARALLEL,
};

const cache = new WeakMap<LexiconData, ReadingLexicon>();

/** The lexicon as a reading uses it, built once per LexiconData. */
export function readingLexicon(data: LexiconData): ReadingLexicon {
  const known = cache.get(data);
  if (known) return known;
  const entries = new Map(data.symbols.map((entry) => [entry.key, entry]));
  const meanings = new Map<string, SymbolMeaning>();
  const lexicon: ReadingLexicon = {
    entries,
    themes: new Map(data.themes.map((theme) => [theme.key, theme])),
    celebrities: new Map(data.celebrities.map((celebrity) => [celebrity.name, celebrity])),
    meaning(key, language) {
      const id = `${language}:${key}`;
      const found = meanings.get(id);
      if (found) return found;
      const entry = entries.get(key);
      if (!entry) return undefined;
      const meaning = meaningOf(entry, language);
      meanings.set(id, meaning);
      return meaning;
    },
  };
  cache.set(data, lexicon);
  return lexicon;
}

function withoutFinalStop(text: string): string {
  return text.trim().replace(/[.!…]+$/, "");
}

/** Sentences of a lexicon text in the reader's voice; those that cannot be voiced are left out. */
function voicedSentences(text: string, language: Language): string[] {
  return splitSentences(toReaderVoice(text, language)).filter((sentence) => !offVoice(sentence, language));
}

export function meaningOf(entry: SymbolEntry, language: Language): SymbolMeaning {
  const side = entry[language];
  const whole = toReaderVoice(side.description, language);
  const [first = whole] = splitSentences(whole);
  const extended = voicedSentences(side.extendedDescription, language);
  const insight = voicedSentences(side.deeperInsight, language);
  const found = MEANING_VERB[language].exec(first);
  const subject = found?.[1] ?? "";
  const verb = found?.[2] ?? "";
  const predicate = found?.[3];
  if (!predicate || DENIED_SUBJECT.test(subject) || subject.split(" ").length > 12) {
    // "A rope binds and connects: ties and obligations…": what follows the colon names the meaning.
    const colon = first.indexOf(": ");
    const listed = colon > 0 ? withoutFinalStop(first.slice(colon + 2)) : null;
    const usable = listed && !offVoice(listed, language) && !/^(?:it|they|esto|eso)\b/i.test(listed);
    return { gist: usable ? listed : null, detail: null, copular: false, extended, insight };
  }
  // "habla del fluir…" / "apunta al centro…": the article belongs to the meaning; "refleja a tu niño
  // interior": the personal "a" belongs to the verb.
  const article = verb.endsWith("del") || verb.endsWith(" al") ? "el " : "";
  const cut = predicate.search(/[:;]/);
  const cutOff = cut < 0 ? predicate : predicate.slice(0, cut);
  const phrase = language === "es" ? cutOff.replace(/^al /, "el ").replace(/^a (?=\p{Ll})/u, "") : cutOff;
  // "habla de poder en bruto y de pasión", "stands for your inner guide and for the lessons": the repeated
  // preposition belongs to the verb, not to the meaning that other verbs will introduce.
  const repeated = PARALLEL[verb];
  const parallel = repeated ? repeated(phrase) : phrase;
  const gist = withoutFinalStop(article + parallel);
  const detail = cut >= 0 && predicate[cut] === ":" ? withoutFinalStop(predicate.slice(cut + 1)) : null;
  const voicedDetail = detail && !offVoice(detail, language) ? detail : null;
  if (gist.length < 4 || offVoice(gist, language)) {
    // «Estar atrapado habla de sentirte encerrado: una situación…»: the list after the colon still says it.
    return { gist: voicedDetail, detail: null, copular: false, extended, insight };
  }
  return { gist, detail: voicedDetail, copular: COPULAR.has(verb), extended, insight };
}

/**
 * Text normalisation and tokenisation shared by the lexicon compiler and the matcher, so a term and a dream
 * word meet in the same form: lower case, accents folded (people often type "musica" for "música"), but ñ
 * kept apart from n ("año" is not "ano").
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

const PLAIN_WORD = /^[a-z0-9']*$/;
const FOLD_CACHE_LIMIT = 50_000;
const folded = new Map<string, string>();

export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  if (PLAIN_WORD.test(lower)) return lower;
  // Dreams reuse their words: each accented or capitalised spelling is folded once.
  const known = folded.get(word);
  if (known !== undefined) return known;
  const result = lower
    .normalize("NFD")
    .replace(/n\u0303/g, "ñ")
    .replace(COMBINING_MARKS, "")
    .replace(/[’‘`´]/g, "'");
  if (folded.size >= FOLD_CACHE_LIMIT) folded.clear();
  folded.set(word, result);
  return result;
}

/**
 * English contractions typed without the apostrophe ("didnt", "couldnt", "im"): casual writing is full of
 * them, and the negation and absence rules must still see them. Only forms that are not words of their own.
 */
const BARE_CONTRACTIONS = new Map(
  [
    "didn't",
    "don't",
    "doesn't",
    "wasn't",
    "weren't",
    "isn't",
    "aren't",
    "haven't",
    "hasn't",
    "hadn't",
    "wouldn't",
    "shouldn't",
    "couldn't",
    "can't",
    "won't",
    "ain't",
    "mustn't",
    "i'm",
    "i've",
    "you're",
    "they're",
    "we've",
    "you've",
    "they've",
    "that's",
    "there's",
    "what's",
    "she's",
    "he'll",
    "she'll",
    "they'll",
    "you'll",
  ].map((word) => [word.replace("'", ""), word]),
);

/** Possessive "'s" and a trailing apostrophe carry no meaning for matching: "dog's" finds dog. */
function stripPossessive(folded: string): string {
  if (folded.endsWith("'s")) return folded.slice(0, -2);
  if (folded.endsWith("'")) return folded.slice(0, -1);
  return folded;
}

export interface Token {
  /** Normalised form used for matching: "dog's" -> "dog". */
  readonly norm: string;
  /** The folded word before the possessive was stripped ("wendy's"), when it differs from `norm`. */
  readonly possessive: string | undefined;
  /** Character offsets of the word in the original text. */
  readonly start: number;
  readonly end: number;
  /** True when sentence or clause punctuation separates this token from the previous one. */
  readonly breakBefore: boolean;
  /** Written with a capital first letter ("Town", "E"): names and initials. */
  readonly capital: boolean;
  /** The token opens a quotation: words someone says ("Hide me"). */
  readonly opensQuote: boolean;
  /** The token starts a sentence: the text's first word, or one after ".", "!", "?" or "…". */
  readonly sentenceStart: boolean;
  /** Written with an accent on its last letter ("tiró", "café"): in Spanish, mostly a verb's past. */
  readonly finalStress: boolean;
}

// Dotted abbreviations ("r.i.p.", "q.e.p.d.") are one word, currency signs are words ("paid her $10");
// otherwise letters and digits with inner apostrophes.
const WORD = /(?:\p{L}\.){2,}|[$€£¥]|[\p{L}\p{N}]+(?:['’][\p{L}]+)*['’]?/gu;
const CLAUSE_BREAK = new Set(Array.from('.,;:!?()[]{}"“”«»¿¡…—–', (char) => char.charCodeAt(0)));

const STRESSED_VOWELS = new Set(Array.from("áéíóúÁÉÍÓÚ", (char) => char.charCodeAt(0)));
const OPENING_QUOTES = new Set(Array.from('"“«', (char) => char.charCodeAt(0)));
const SENTENCE_END = new Set(Array.from(".!?…", (char) => char.charCodeAt(0)));

const NO_BREAK = 0;
const CLAUSE = 1;
const QUOTE = 2;
const SENTENCE = 4;

/** Bit flags for the gap between two words: clause punctuation, an opening quotation, a sentence end. */
function breakBetween(text: string, from: number, to: number): number {
  let flags = NO_BREAK;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (CLAUSE_BREAK.has(code)) flags |= CLAUSE;
    if (SENTENCE_END.has(code)) flags |= SENTENCE;
  }
  // A straight quote right before a word opens a quotation; one right after a word closes it.
  if (flags !== NO_BREAK && OPENING_QUOTES.has(text.charCodeAt(to - 1))) flags |= QUOTE;
  return flags;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  const words = new RegExp(WORD);
  for (let match = words.exec(text); match; match = words.exec(text)) {
    const start = match.index;
    const raw = match[0];
    const folded = foldWord(raw.includes(".") ? raw.replaceAll(".", "") : raw);
    const contraction = BARE_CONTRACTIONS.get(folded);
    const norm = contraction ?? stripPossessive(folded);
    if (norm.length === 0) continue;
    const gap = breakBetween(text, previousEnd, start) | (tokens.length === 0 ? CLAUSE | SENTENCE : NO_BREAK);
    const first = raw[0] ?? "";
    // Every token has the same fields, so the matcher's hot loops see one object shape.
    tokens.push({
      norm,
      possessive: contraction === undefined && folded !== norm ? folded : undefined,
      start,
      end: start + raw.length,
      breakBefore: gap !== NO_BREAK,
      capital: first !== norm[0] && first !== first.toLowerCase(),
      opensQuote: (gap & QUOTE) !== 0,
      sentenceStart: (gap & SENTENCE) !== 0,
      finalStress: STRESSED_VOWELS.has(raw.charCodeAt(raw.length - 1)),
    });
    previousEnd = start + raw.length;
  }
  return tokens;
}

/** Splits a lexicon term into normalised words (same rules as dream text, hyphens split words). */
export function termWords(term: string): string[] {
  const undotted = term.replace(/(?:\p{L}\.){2,}/gu, (abbreviation) => abbreviation.replaceAll(".", ""));
  return Array.from(undotted.matchAll(/[$€£¥]|[\p{L}\p{N}*:=]+(?:['’][\p{L}]+)*/gu), (match) => {
    const word = match[0];
    // A term written with "'s" ("wendy's") keeps it and meets only the possessive form in a dream.
    if (word.startsWith("=")) return `=${foldWord(word.slice(1))}`;
    const folded = foldWord(word);
    return BARE_CONTRACTIONS.get(folded) ?? folded;
  });
}

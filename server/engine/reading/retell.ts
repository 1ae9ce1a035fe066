import type { Language } from "../morphology";
import { enArticle, hasFiniteVerb, hasFirstPersonPlural, startsWithVerb, toSecondPerson } from "./grammar";
import type { Phrases } from "./phrases";
import { climaxBeat } from "./salience";
import type { DreamAnalysis, ReadingOptions, Span, SymbolRole } from "./types";

/**
 * The retelling: the dream's own clauses told back in the second person (the opening) and its most charged
 * moment (the turn). Pure; compose.ts decides where they stand in the reading.
 */

/** Words that join a clause to the one before, and the framing of a dream report ("I dreamt that…"). */
const CLAUSE_LEAD: Record<Language, RegExp> = {
  en: /^(?:(?:and|but|so|then|suddenly|all of a sudden|finally|after that|later|afterwards|next|when|while|where|as|because|until|till|before|after|once|i dreamt|i dreamed|dreamt|dreamed|i had a dream|last night|that|in my dream|in the dream|anyway|at first|at the end|in the end|eventually|basically|literally|like|ok so|okay so)(?:\s*,\s*|\s+))+/i,
  es: /^(?:(?:y|e|pero|luego|de repente|de pronto|al final|finalmente|después|más tarde|entonces|cuando|mientras|donde|porque|hasta que|antes de que|así que|que|soñé|soñe|soñaba|anoche|tuve un sueño en el|en mi sueño|en el sueño|al principio|primero|en eso|al rato|o sea|tipo|bueno)(?:\s*,\s*|\s+))+/i,
};
/** A clause cut short on a word that needs a next one ("…across the hall with the"). */
const CLAUSE_TAIL: Record<Language, RegExp> = {
  en: /(?:[\s,]+(?:the|a|an|with|and|or|of|to|in|on|at|into|from|my|your|his|her|their|our|that|but|so|very|he|she|they|we|it|i))+[\s,]*$/i,
  es: /(?:[\s,]+(?:el|la|los|las|un|una|unos|unas|de|del|al|a|y|e|o|en|con|por|para|mi|mis|tu|tus|su|sus|que|pero|muy|él|ella|ellos|ellas|yo))+[\s,]*$/i,
};
const EN_INDEFINITE = /\b([Aa]n?) ([\p{L}\d][\p{L}\d'-]*)/gu;

export function joinNames(names: readonly string[], and: string): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Whether `start` opens a sentence of the text (a capital there is not a name). */
export function atSentenceStart(text: string, start: number): boolean {
  for (let index = start - 1; index >= 0; index--) {
    const char = text[index] ?? "";
    if (/\s|["“«(¿¡'‘]/.test(char)) continue;
    return /[.!?…\n]/.test(char);
  }
  return true;
}

const SENTENCE_END = /[.!?…\n]/;

/** The clause, or its whole sentence when the clause alone is a bare name ("Mi hermana" of "Mi hermana y yo…"). */
export function clauseSpan(text: string, clause: Span): Span {
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
    // After a colon a capital may open the words that follow ("vuelvo al sueño: Pasan los meses").
    if (!atSentenceStart(text, at) && !/:\s*$/.test(text.slice(Math.max(0, at - 3), at))) return true;
  }
  return false;
}

/** The words of the names the dream gives (a pet's, a famous person's): they keep their capitals. */
export function namesIn(analysis: DreamAnalysis): Set<string> {
  const names = [
    ...[...analysis.roles.roles.values()].map((role) => role.givenName),
    ...analysis.matches.map((match) => match.details?.[0]),
  ];
  return new Set(names.flatMap((name) => name?.split(/\s+/) ?? []));
}

/** Words that hang on something before them: a piece that opens with one is not a clause of its own. */
const DANGLING_START: Record<Language, RegExp> = {
  en: /^(?:of|with|without|to|from|by|for|about|like|than|if|unless|although|though|whether|which|who|whom|whose|what|because|since|into|onto|upon|except|despite|through|during|or|nor|such|looks?|(?!(?:no|some|every|any)thing|king|ring|wing|spring|string|morning|evening|ceiling|building|wedding)\p{L}+ing)(?![\p{L}'’])/iu,
  es: /^(?:de|del|con|sin|por|para|que|q|si|aunque|como|cual|cuales|cuyo|cuya|quien|quienes|hasta|desde|según|durante|o|u|ni|sino|pues|\p{L}+(?:ando|iendo))(?!\p{L})/iu,
};
/** Words a whole clause does not end on ("…what looks like", «…cuando de»). */
const DANGLING_END: Record<Language, RegExp> = {
  en: /(?<![\p{L}'’])(?:saying|said|says|asking|asked|thinking|wondering|realized|realised|noticed|like|than|as|about|for|by|if|when|what|which|who|this|these|those|some|any|is|was|were|are|be|been|had|have|has|could|would|just|not|no|there|where|while|because|before|after|over|under|through|same|next|mr|mrs|ms|dr|st)$/iu,
  es: /(?<!\p{L})(?:decía|dijo|diciendo|pensaba|pensando|preguntaba|como|cuando|si|donde|porque|aunque|más|menos|se|me|te|le|les|nos|lo|sin|sobre|entre|hasta|desde|hacia|era|es|estaba|había|fue|no|ni|mientras|cual|tan|mismo|misma|sr|sra|dr|dra)$/iu,
};
/**
 * A retold clause is a sentence's worth: enough words to tell something, few enough to stay a moment. Spanish
 * drops the subject, so «subiste una montaña» tells as much as "you climbed a mountain".
 */
const CLAUSE_WORDS: Record<Language, { min: number; max: number }> = {
  en: { min: 4, max: 30 },
  es: { min: 3, max: 30 },
};
/** The pronoun a clause that starts on its verb lost to the clause before ("I ran and | was on the beach"). */
const EN_SUBJECT_BEFORE = /(?:^|[^\p{L}'’])(I|we|he|she|they)\s*(?:,\s*)?(?:and\s+)?$/u;
const EN_SENTENCE_SUBJECT = /^\s*(I|we|he|she|they)\s/u;
/** The dreamer with someone else ("my sister and I", "Jen and I"): who the retold "we" is. */
const EN_WITH_COMPANION =
  /\b((?:[Mm]y|[Oo]ur)\s+[\p{Ll}]+(?:\s+\p{Lu}\p{Ll}+)?|\p{Lu}\p{Ll}+)\s+and\s+I\b|\bI\s+and\s+((?:my)\s+[\p{Ll}]+(?:\s+\p{Lu}\p{Ll}+)?)/u;
/** "I was with my husband. We were moving…": the one the dreamer was with. */
const EN_WITH_SOMEONE = /\bwith\s+((?:[Mm]y|[Oo]ur)\s+\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)/u;
const EN_COMPANION_BEFORE = /^\s*((?:[Mm]y|[Oo]ur)\s+\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?|\p{Lu}\p{Ll}+)\s+and\s*$/u;
const EN_WITH_COMPANION_AS_WE = new RegExp(EN_WITH_COMPANION.source, "gu");
const EN_PLURAL: Record<string, string> = {
  "we're": "{} are",
  "we've": "{} have",
  "we'd": "{} had",
  "we'll": "{} will",
  we: "{}",
  us: "{}",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
};
const EN_PLURAL_WORDS = /(?<![\p{L}'’])(?:we['’](?:re|ve|d|ll)|we|us|our|ours|ourselves)(?![\p{L}'’])/giu;
const QUOTE_OPEN = /(?:^|\s)['‘](?=\p{L})/u;
const QUOTE_CLOSE = /\p{L}['’](?!\p{L})/u;

/** A quotation opened and never closed in the clause ("he said 'it's fine"): speech cut in half. */
function unclosedQuote(words: string): boolean {
  const open = words.search(QUOTE_OPEN);
  return open >= 0 && !QUOTE_CLOSE.test(words.slice(open + 2));
}
/** "Lisa and you", "Sue and Carol", «Ana y tú»: a capitalised word joined to a person opens the clause. */
const NAME_PAIR: Record<Language, RegExp> = {
  en: /^\p{Lu}\p{Ll}+ and (?:you\b|\p{Lu})/u,
  es: /^\p{Lu}\p{Ll}+ [ye] (?:tú\b|\p{Lu})/u,
};
/** "Sergeant Petrie", "Aunt Ruth": a title and a name, both capitalised. */
const TITLE_AND_NAME = /^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+/u;
/** Words that open a sentence with a capital without being a name. */
const COMMON_START: Record<Language, RegExp> = {
  en: /^(?:The|A|An|This|That|These|Those|There|Here|It|He|She|They|His|Her|Their|Its|Mom|Dad|Mother|Father|Everyone|Everybody|Everything|Someone|Somebody|Something|Nobody|Nothing|No|None|One|Both|All|Some|Most|Many|Each|Every|Then|Now|Suddenly|Later|When|While|After|Before|Outside|Inside|Finally|Again|Only|Just|Even|Still|Also|Maybe|Soon|People|Other|Another)$/u,
  es: /^(?:El|La|Los|Las|Un|Una|Unos|Unas|Este|Esta|Ese|Esa|Esto|Eso|Él|Ella|Ellos|Ellas|Mamá|Papá|Todo|Todos|Toda|Todas|Alguien|Nadie|Nada|Algo|Ambos|Luego|Entonces|Después|Ahora|Cuando|Mientras|Otro|Otra|Otros|Otras|Cada|Algunos|Algunas|Muchos|Muchas|Varios|Varias|Solo|Sólo|También|Todavía|Aquí|Allí|Ahí|No|Sí|Ya|Gente)$/u,
};

/** Whether the text also writes the word in lower case: then a capital on it only opens a sentence. */
function writtenLower(text: string, word: string): boolean {
  const lower = word.toLowerCase();
  for (let at = text.indexOf(lower); at >= 0; at = text.indexOf(lower, at + lower.length)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + lower.length] ?? " ";
    if (!/[\p{L}\p{M}]/u.test(before) && !/[\p{L}\p{M}]/u.test(after)) return true;
  }
  return false;
}
/** Second-person words that open a retold clause: never a name, whatever the text capitalises. */
const YOU_WORDS = new Set(["You", "Your", "Tú", "Tu", "Tus", "Te", "Ti"]);

/**
 * The "we" of a clause retold: "we ran" -> "you and your sister ran", the dream saying who ("my sister and
 * I", "with my sister"). English only: Spanish would need the verb's person changed, so a Spanish
 * "we" clause is not retold.
 */
function withoutWe(words: string, companion: string): string {
  const together = `you and ${companion}`;
  return words.replace(/\b(of|to) us\b/giu, "$1 you").replace(EN_PLURAL_WORDS, (word) => {
    const replacement = (EN_PLURAL[word.toLowerCase().replace("’", "'")] ?? word).replace("{}", together);
    return word[0] === word[0]?.toUpperCase()
      ? replacement.charAt(0).toUpperCase() + replacement.slice(1)
      : replacement;
  });
}

/** Words about dreaming itself ("this dream was terrifying", «ya no sé qué es sueño»): a remark, not a scene. */
const ABOUT_DREAMS: Record<Language, RegExp> = {
  en: /(?<!\p{L})(?:dream\p{L}*|nightmare\p{L}*)(?!\p{L})/iu,
  es: /(?<!\p{L})(?:sueñ\p{L}*|soñ\p{L}*|pesadilla\p{L}*)(?!\p{L})/iu,
};

/** A remark on the dream, not a scene of it: "ok this one was terrifying", «bueno, la verdad es que…». */
const REMARK_START: Record<Language, RegExp> = {
  en: /^(?:ok|okay|lol|omg|btw|honestly|idk|this one)(?![\p{L}'’])/iu,
  es: /^(?:bueno|ok|jaja\p{L}*|la verdad|o sea|no sé|este fue)(?!\p{L})/iu,
};

/** What was said, cut off: a clause that ends a word or two after its verb of saying ("te dijo tu mujer"). */
const SAYING_CUT: Record<Language, RegExp> = {
  en: /(?<![\p{L}'’])(?:said|told|asked|says|tells)(?:\s+[\p{L}'’]+){0,2}\s*$/iu,
  es: /(?<!\p{L})(?:dijo|dijiste|decía|decías|preguntó|preguntaba|contó|contaba)(?:\s+\p{L}+){0,2}\s*$/iu,
};

/** "in a giant bowl and Tina is sitting…": a place with no verb of its own, joined to the next clause. */
const PLACE_THEN_AND: Record<Language, RegExp> = {
  en: /^(?:in|on|at|into|inside|under|near|behind)\s+([^,]*?)\s+and\s/iu,
  es: /^(?:en|a|al|dentro de|debajo de|cerca de|detrás de)\s+([^,]*?)\s+[ye]\s/iu,
};

function placeThenAnd(clause: string, language: Language): boolean {
  const place = PLACE_THEN_AND[language].exec(clause)?.[1];
  return place !== undefined && !hasFiniteVerb(place, language);
}

const PIECE_BREAK = /\s*[,;]\s*|\s+[-–—]\s+/;
const DETERMINER_START: Record<Language, RegExp> = {
  en: /^(?:a|an|the|some)\s/i,
  es: /^(?:un|una|unos|unas|el|la|los|las)\s/i,
};

/** "a TV - there are windows", «la gente desconocida, los vecinos se fueron»: a thing listed, glued to a clause. */
function listThenClause(clause: string, language: Language): boolean {
  const [first, ...rest] = clause.split(PIECE_BREAK);
  return (
    rest.length > 0 &&
    first !== undefined &&
    DETERMINER_START[language].test(first) &&
    !hasFiniteVerb(first, language) &&
    !startsWithVerb(rest[0] ?? "", language)
  );
}

/** Whether a retold clause reads as a whole sentence: a finite verb, nothing hanging at either end. */
export function isWholeClause(clause: string, language: Language): boolean {
  const words = clause.split(/\s+/).filter(Boolean);
  return (
    !ABOUT_DREAMS[language].test(clause) &&
    !REMARK_START[language].test(clause) &&
    !SAYING_CUT[language].test(clause) &&
    !placeThenAnd(clause, language) &&
    /^[^()]*(?:\([^()]*\)[^()]*)*$/.test(clause) &&
    words.length >= CLAUSE_WORDS[language].min &&
    words.length <= CLAUSE_WORDS[language].max &&
    !DANGLING_START[language].test(clause) &&
    // No piece between commas or dashes hangs either: "played on what looks like, next wire fence…".
    !clause.split(PIECE_BREAK).some((piece) => DANGLING_END[language].test(piece.trim())) &&
    !listThenClause(clause, language) &&
    !(language === "en" && startsWithVerb(clause, language)) &&
    hasFiniteVerb(clause, language)
  );
}

/** The dream's clause about an image, retold in the second person; `cut` when it cannot be retold whole. */
export function clauseOf(
  text: string,
  role: SymbolRole | undefined,
  fallback: string,
  phrases: Phrases,
  language: Language,
  givenNames: ReadonlySet<string>,
): { clause: string; cut: boolean } {
  const span = role ? clauseSpan(text, role.clause) : undefined;
  return retold(text, span ?? { start: -1, end: -1, text: fallback }, phrases, language, givenNames);
}

/**
 * A stretch of the dream retold in the second person, or the dreamer's words quoted as written with `cut`
 * set: a piece that is no whole clause, or cannot be told to one "you", is never retold as if it were.
 * `span.start` < 0: the words are not placed in the text.
 */
function retold(
  text: string,
  span: Span,
  phrases: Phrases,
  language: Language,
  givenNames: ReadonlySet<string>,
): { clause: string; cut: boolean } {
  let trimmed = span.text
    .replace(/["“”«»]/g, "")
    .replace(/[.!?…;:]+/g, ",")
    .replace(/^[\s,"“«(]+|[\s,"”»(]+$/g, "")
    .replace(CLAUSE_LEAD[language], "");
  // "I ran and | was on the beach": the clause carries the subject the split left behind.
  if (language === "en" && span.start >= 0 && startsWithVerb(trimmed, language)) {
    const sentence = text.slice(sentenceStart(text, span.start), span.start);
    const subject = (EN_SUBJECT_BEFORE.exec(sentence) ?? EN_SENTENCE_SUBJECT.exec(sentence))?.[1];
    if (subject) trimmed = `${subject} ${trimmed}`;
  }
  // "Mr. Parker, my old chemistry teacher, handed out…" cut at "Mr.": the subject reads on to its verb.
  const appositive = /^([^,]+),\s+(.+)$/su.exec(trimmed);
  if (
    appositive?.[1] &&
    appositive[2] &&
    !hasFiniteVerb(appositive[1], language) &&
    startsWithVerb(appositive[2], language)
  )
    trimmed = `${appositive[1]} ${appositive[2]}`;
  // "My sister and | I were dancing": the companion the split left behind is part of the subject.
  if (language === "en" && span.start >= 0 && /^I\b/.test(trimmed)) {
    const before = text.slice(sentenceStart(text, span.start), span.start + span.text.search(/\bI\b/));
    const companion = EN_COMPANION_BEFORE.exec(before);
    if (companion?.[1]) trimmed = `${companion[1]} and ${trimmed}`;
  }
  const endsCut = CLAUSE_TAIL[language].test(trimmed) || unclosedQuote(trimmed);
  const written = trimmed
    .replace(CLAUSE_TAIL[language], "")
    // "chanting fight fight fight": a word said once reads the same and never looks like a slip.
    .replace(/\b(\p{L}+)(?:\s+\1\b)+/giu, "$1");
  const plural = hasFirstPersonPlural(written, language);
  // Who the "we" is: said in the clause, else earlier in the dream ("Jen and I… We got to the airport").
  const companionMatch =
    plural && language === "en"
      ? (EN_WITH_COMPANION.exec(written) ??
        (span.start > 0
          ? (EN_WITH_COMPANION.exec(text.slice(0, span.start)) ??
            EN_WITH_SOMEONE.exec(text.slice(0, span.start)))
          : null))
      : null;
  // "my sister and I were…" is "we were…" with a name for the "we".
  const single = companionMatch ? written.replace(EN_WITH_COMPANION_AS_WE, "we") : written;
  // The "we" words wait aside while the "I" words are retold, then become "you and …" (withoutWe).
  const held: string[] = [];
  const singular =
    plural && language === "en"
      ? single.replace(EN_PLURAL_WORDS, (word) => `⟦${held.push(word) - 1}⟧`)
      : single;
  // "telling me I time travelled" -> "telling you that you time travelled", not "you you".
  let voiced = toSecondPerson(singular, language)
    ?.replace(/⟦(\d+)⟧/g, (_, index: string) => held[Number(index)] ?? "")
    ?.replace(/\byou you\b/g, "you that you")
    // Retold, not quoted: "an school" reads "a school".
    .replace(EN_INDEFINITE, (all, article: string, word: string) =>
      language === "en" ? `${article[0] === "A" ? "A" : "a"}${enArticle(word).slice(1)} ${word}` : all,
    );
  if (voiced && plural) {
    // Only a "we" whose others the dream names is retold: "you and the others were making love" is not.
    const companion = companionMatch?.[1] ?? companionMatch?.[2];
    const named = companion ? toSecondPerson(companion, language) : null;
    voiced = language === "en" && named ? withoutWe(voiced, named) : undefined;
  }
  if (!voiced || hasFirstPersonPlural(voiced, language)) return { clause: phrases.quote(written), cut: true };
  // «el habia dejado plata»: an unaccented «él» before its verb is the pronoun, not the article.
  if (language === "es" && /^el\s/.test(voiced) && startsWithVerb(voiced.slice(3), language))
    voiced = `él${voiced.slice(2)}`;
  // "I ran down the street and was on the beach": the second verb follows "you" too.
  if (language === "en" && /^you\b/i.test(voiced))
    voiced = voiced.replace(/\b(and|then|but) was\b/g, "$1 were");
  const first = /^[\p{L}\p{M}'’-]*/u.exec(voiced)?.[0] ?? "";
  // A retold clause reads on mid-sentence: lower case, unless its first word is a name (one the text
  // capitalises mid-sentence, or one the dreamer gave) or an acronym; "A" and "I" are single letters.
  // "You" and a verb ("Pasan los meses" after a colon) are never names, whatever the text capitalises;
  // "Lisa and you…" is, though the text only writes it where a sentence starts.
  const name =
    !YOU_WORDS.has(first) &&
    !startsWithVerb(voiced, language) &&
    (capitalisedInside(text, first) ||
      givenNames.has(first) ||
      (!COMMON_START[language].test(first) &&
        (NAME_PAIR[language].test(voiced) ||
          TITLE_AND_NAME.test(voiced) ||
          (/^\p{Lu}\p{Ll}{2,}$/u.test(first) && !writtenLower(text, first)))));
  const acronym = first.length > 1 && first === first.toUpperCase();
  const clause = name || acronym || first === "I" ? voiced : lowerFirst(voiced);
  return { clause, cut: endsCut || !isWholeClause(clause, language) };
}

function sentenceStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && !SENTENCE_END.test(text[start - 1] ?? "")) start--;
  return start;
}

/** The dream's most charged moment, retold: where its beat lies, the words, the feeling told in it. */
export interface Turn {
  start: number;
  end: number;
  moment: string;
  feeling: string | null;
}

/** What the opening needs of a central image: its name and its clause, retold. */
export interface RetoldImage {
  name: string;
  clause: string;
  cut: boolean;
  clauseStart: number;
  clauseEnd: number;
  dead: boolean;
}

/** Picks wordings so that no two sentences of a reading open alike (compose.ts's Prose). */
export interface Wordings {
  pick(variants: readonly string[]): string | null;
  must(variants: readonly string[]): string;
}

/** What the opening needs of the reading's context. */
export interface RetellContext {
  turn: Turn | null;
  analysis: DreamAnalysis;
  options: ReadingOptions;
  phrases: Phrases;
}

/** The opening retells at most this many whole clauses: a movement, not a transcript. */
const OPENING_CLAUSES = 3;

/** The dreamer's words for the strongest feeling, quoted: " (“terrified”)". */
function feelingWords(ctx: RetellContext): string {
  const evidence = ctx.analysis.emotions.dominant[0]?.evidence[0]?.text;
  return evidence ? ` (${ctx.phrases.quote(evidence)})` : "";
}

/** The meaning of an image read through its role: what the sentence says after the image's name. */

/** The longest turn retold whole; a longer beat is read through its part that carries the feeling. */
const TURN_WORDS = 30;

/** An explicit return to the dream after waking remarks ("Anyway, the dream:", «Vuelvo al sueño:»). */
const DREAM_RETURN: Record<Language, RegExp> = {
  en: /back to the dream\b[^.!?…\n:]*:?|\bthe dream(?: itself| was| goes)?\s*:|(?:^|[.!?…\n]\s*)in (?:the|my) dream\b/iu,
  es: /vuelvo al sueño\b[^.!?…\n:]*:?|\bel sueño(?: fue| era)?\s*:|(?:^|[.!?…\n]\s*)en el sueño\b/iu,
};

/**
 * Where the dream itself starts: after an explicit return to it ("Ahora no estoy soñando y vuelvo al sueño:"),
 * the text before is waking context. An "In the dream" far into the text is part of the dream, not its door.
 */
export function dreamStart(text: string, language: Language): number {
  const found = DREAM_RETURN[language].exec(text);
  if (!found || found.index === 0) return 0;
  const colon = found[0].endsWith(":");
  return colon || found.index < text.length / 2 ? found.index + (colon ? found[0].length : 0) : 0;
}

/** The clause is dream content: after the dream starts, and no waking remark ("I woke up relieved"). */
function inDream(analysis: DreamAnalysis, start: number, span: { start: number; end: number }): boolean {
  return (
    span.start >= start &&
    !analysis.roles.wakingRemarks.some((remark) => remark.start < span.end && span.start < remark.end)
  );
}

/** The pieces of a stretch between commas and semicolons, as spans of the text. */
function partsOf(span: Span): Span[] {
  return [...span.text.matchAll(/[^,;:]+/g)].map((part) => ({
    start: span.start + (part.index ?? 0),
    end: span.start + (part.index ?? 0) + part[0].length,
    text: part[0],
  }));
}

function sentenceAround(text: string, span: Span): Span {
  const start = sentenceStart(text, span.start);
  let end = span.end;
  while (end < text.length && !SENTENCE_END.test(text[end] ?? "")) end++;
  return { start, end, text: text.slice(start, end) };
}

/**
 * The dream's turn (its tensest beat, see salience.ts) retold as a whole clause with its subject, and the
 * feeling told in it: what the reading points to right after the opening. When the beat is a waking remark
 * or no whole clause, the next charged moment stands in: a sentence that carries one of the dream's strongest
 * feelings. Null when none can be retold whole.
 */
export function turnOf(analysis: DreamAnalysis, phrases: Phrases): Turn | null {
  const { text, language, emotions } = analysis;
  const start = dreamStart(text, language);
  const beat = climaxBeat(text, language, emotions, analysis.roles.wakingRemarks);
  const moments = [
    ...(beat ? [beat] : []),
    ...emotions.dominant.flatMap((feeling) => feeling.evidence.map((span) => sentenceAround(text, span))),
  ];
  const names = namesIn(analysis);
  const seen = new Set<string>();
  for (const moment of moments) {
    const key = `${moment.start}:${moment.end}`;
    if (seen.has(key) || !inDream(analysis, start, moment)) continue;
    seen.add(key);
    const carries = (part: Span) =>
      emotions.dominant.some((feeling) =>
        feeling.evidence.some((span) => span.start >= part.start && span.end <= part.end),
      );
    // A moment too long to retell is read through its pieces, the ones that carry a feeling first; one of
    // the right length is retold whole or not at all.
    const long = moment.text.split(/\s+/).length > TURN_WORDS;
    const parts = long ? partsOf(moment).sort((a, b) => Number(carries(b)) - Number(carries(a))) : [moment];
    for (const told of parts) {
      const { clause, cut } = retold(text, told, phrases, language, names);
      if (cut) continue;
      const felt = emotions.dominant.find((feeling) =>
        feeling.evidence.some((span) => span.start >= told.start && span.end <= told.end),
      );
      return {
        start: told.start,
        end: told.end,
        moment: clause,
        feeling: felt ? phrases.feelingName(felt.kind, felt.intensity) : null,
      };
    }
  }
  return null;
}

export function openingParagraph(
  ctx: RetellContext,
  images: readonly RetoldImage[],
  prose: Wordings,
): string {
  const { phrases, analysis, turn } = ctx;
  const clauses: string[] = [];
  let told = -1;
  const start = dreamStart(analysis.text, analysis.language);
  // Whole clauses of the dream only, in its order; one that overlaps a clause already told is the same moment.
  // The turn is read on its own just after: the opening tells the rest.
  const whole = [...images]
    .filter(
      (image) =>
        !image.cut &&
        inDream(analysis, start, { start: image.clauseStart, end: image.clauseEnd }) &&
        !(turn && image.clauseStart < turn.end && turn.start < image.clauseEnd),
    )
    .sort((a, b) => a.clauseStart - b.clauseStart);
  for (const image of whole) {
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

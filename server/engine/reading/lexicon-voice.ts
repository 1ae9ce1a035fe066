import type { Language } from "../morphology";

/**
 * The lexicon's texts in the reading's voice: many descriptions speak of "the dreamer" / "el soñante", and
 * many Spanish ones agree with a male reader ("estás listo", "a ti mismo"). A reading speaks to "you" / "tú"
 * in a voice that does not assume the reader's gender, so these texts are rewritten once per lexicon, when
 * it is first read (see meanings.ts), never per dream.
 */

// English ---------------------------------------------------------------------------------------------

const EN_AUXILIARIES = new Map([
  ["is", "are"],
  ["was", "were"],
  ["has", "have"],
  ["does", "do"],
  ["goes", "go"],
  ["isn't", "aren't"],
  ["doesn't", "don't"],
  ["hasn't", "haven't"],
  ["wasn't", "weren't"],
]);
const EN_MODALS = new Set(["can", "cannot", "could", "may", "might", "must", "should", "will", "would"]);
// Words after "the dreamer" that end in -s but are not the dreamer's verb.
const EN_NOT_VERBS = new Set(["as", "us", "towards", "across", "this", "has", "is", "was", "always"]);

/** "carries" -> "carry", "wishes" -> "wish", "takes" -> "take": a third-person verb in the base form. */
function enBaseForm(verb: string): string {
  const auxiliary = EN_AUXILIARIES.get(verb);
  if (auxiliary) return auxiliary;
  if (verb.endsWith("ies") && verb.length > 4) return `${verb.slice(0, -3)}y`;
  if (/(?:sh|ch|ss|x|zz)es$/.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

const EN_DREAMER_POSSESSIVE = /\b([Tt])he dreamer['’]s\b/g;
const EN_DREAMER = /(?:\b([a-z]+) )?\b([Tt])he dreamer\b( (?:[a-z']+))?/g;
// After a preposition "the dreamer" is an object: "a part of the dreamer seeks" keeps its verb.
const EN_PREPOSITIONS = new Set([
  "of",
  "in",
  "to",
  "for",
  "from",
  "with",
  "at",
  "on",
  "by",
  "about",
  "within",
  "inside",
  "into",
  "towards",
  "toward",
  "upon",
  "over",
  "around",
]);
// Verbs that the lexicon coordinates after the dreamer's first verb: "what the dreamer takes in, needs or hungers for".
const EN_COORDINATED_VERBS = new Set([
  "needs",
  "hungers",
  "feels",
  "connects",
  "processes",
  "accepts",
  "chooses",
  "communicates",
  "holds",
  "longs",
  "expresses",
  "releases",
  "takes",
  "shuts",
  "bites",
  "permits",
  "wants",
  "seeks",
  "keeps",
  "gives",
  "receives",
  "handles",
  "moves",
]);
const EN_COORDINATED = /(,|\bor|\band) ([a-z]+s)\b/g;
const EN_THEY_AFTER =
  /\b(themselves|their own|theirs|their|they['’]re|they['’]ve|they are|they were|they have|they|them)\b/g;
const EN_THEY = new Map([
  ["themselves", "yourself"],
  ["their own", "your own"],
  ["theirs", "yours"],
  ["their", "your"],
  ["they're", "you're"],
  ["they’re", "you’re"],
  ["they've", "you've"],
  ["they’ve", "you’ve"],
  ["they are", "you are"],
  ["they were", "you were"],
  ["they have", "you have"],
  ["they", "you"],
  ["them", "you"],
]);

/** Where two versions of a sentence start to differ: the rewriting of the dreamer began there. */
function firstChange(before: string, after: string): number {
  let index = 0;
  while (index < before.length && before.charCodeAt(index) === after.charCodeAt(index)) index++;
  return index;
}

function capitalFor(marker: string, word: string): string {
  return marker === marker.toUpperCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** One English sentence: "the dreamer feels they have lost their footing" -> "you feel you have lost your footing". */
function enSentenceToYou(sentence: string): string {
  const first = sentence.search(/\b[Tt]he dreamer\b/);
  if (first < 0) return sentence;
  let verbAt = -1;
  let text = sentence.replace(EN_DREAMER_POSSESSIVE, (_all, t: string) => capitalFor(t, "your"));
  text = text.replace(
    EN_DREAMER,
    (_all, before: string | undefined, t: string, next: string | undefined, offset: number) => {
      const lead = before ? `${before} ` : "";
      const you = capitalFor(t, "you");
      if (!next) return `${lead}${you}`;
      const word = next.trim();
      if ((before && EN_PREPOSITIONS.has(before)) || EN_MODALS.has(word) || EN_NOT_VERBS.has(word)) {
        return `${lead}${you} ${before && EN_PREPOSITIONS.has(before) ? word : (EN_AUXILIARIES.get(word) ?? word)}`;
      }
      verbAt = offset;
      if (!/^[a-z']+s$/.test(word)) return `${lead}${you} ${word}`;
      return `${lead}${you} ${enBaseForm(word)}`;
    },
  );
  if (verbAt >= 0) {
    // The verbs coordinated with the dreamer's, up to the end of the clause, follow it into the base form.
    const clauseEnd = text.slice(verbAt).search(/[:;.—]/);
    const end = clauseEnd < 0 ? text.length : verbAt + clauseEnd;
    const clause = text
      .slice(verbAt, end)
      .replace(EN_COORDINATED, (all, joint: string, verb: string) =>
        EN_COORDINATED_VERBS.has(verb) ? `${joint} ${enBaseForm(verb)}` : all,
      );
    text = text.slice(0, verbAt) + clause + text.slice(end);
  }
  // After the dreamer is named, "they/their/them" in the same sentence are the dreamer too.
  const from = Math.min(first, firstChange(sentence, text));
  const head = text.slice(0, from);
  const tail = text.slice(from).replace(EN_THEY_AFTER, (word) => EN_THEY.get(word) ?? word);
  return head + tail;
}

// Spanish ---------------------------------------------------------------------------------------------

const ES_IRREGULAR_SECOND = new Map([
  ["es", "eres"],
  ["ha", "has"],
  ["va", "vas"],
  ["está", "estás"],
  ["esté", "estés"],
  ["da", "das"],
  ["sea", "seas"],
]);

/** A third-person singular verb in the second person: "quiere" -> "quieres", "recibió" -> "recibiste". */
function esSecondPerson(verb: string): string {
  const irregular = ES_IRREGULAR_SECOND.get(verb);
  if (irregular) return irregular;
  if (verb.endsWith("ió")) return `${verb.slice(0, -2)}iste`;
  if (verb.endsWith("ó")) return `${verb.slice(0, -1)}aste`;
  return /[aeiouáéí]$/.test(verb) ? `${verb}s` : verb;
}

const ES_GERUND = /(?:ando|iendo|yendo|ándo\p{L}*|iéndo\p{L}*)$/u;
const ES_INFINITIVE = /(?:ar|er|ir)$/;
/** Function words: never the noun of a phrase nor the verb of a clause. */
const ES_FUNCTION_WORDS = new Set([
  "de",
  "del",
  "en",
  "y",
  "o",
  "que",
  "con",
  "a",
  "al",
  "por",
  "para",
  "el",
  "la",
  "los",
  "las",
  "un",
  "una",
  "lo",
  "le",
  "se",
  "su",
  "sus",
]);
const FUNCTION_WORD = `(?:${[...ES_FUNCTION_WORDS].join("|")})`;

/** Marks where the dreamer's own verb was rewritten: coordinated verbs are looked for after it. */
const VERB_MARK = "\u0000";

/** Phrases whose turn the rules below cannot take; written out once. */
const ES_PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/\bmantiene erguido al soñante\b/g, `${VERB_MARK}te mantiene en pie`],
  [/\bse le mete al soñante\b/g, "se te mete"],
  [/\bnadie comprende de verdad al soñante\b/g, "nadie te comprende de verdad"],
  [/\bque hace humilde y a la vez amplía al soñante\b/g, "que te hace humilde y a la vez te amplía"],
];

// "la capacidad del soñante", "las zonas más indómitas del soñante": the phrase becomes "tu/tus …".
const ES_PHRASE_OF_DREAMER = new RegExp(
  `\\b(el|la|los|las|del|al)((?: (?!${FUNCTION_WORD}\\b)[\\p{L}]+){1,3}) del soñante\\b`,
  "gu",
);
const ES_OBJECT_DREAMER = /\b([\p{L}]+) al soñante( le)?\b/gu;
const ES_INVERTED_SUBJECT = /\bse ([\p{L}]+) el soñante\b/gu;
const ES_PREPOSITION_DREAMER = /\b(en|para|sobre|entre|con|dentro del|del|antes que) (el )?soñante\b/gu;
const ES_SUBJECT_DREAMER = /\bel soñante(,)? ((?:(?:no|todavía|quizá|ya|también|aún) )*)(se )?([\p{L}]+)/gu;

// Once the sentence is about the reader, the verbs and pronouns that follow are the reader's too.
const ES_COORDINATED_VERBS = new Set([
  "siente",
  "deja",
  "guarda",
  "elige",
  "calla",
  "anhela",
  "lleva",
  "procesa",
  "acepta",
  "suelta",
  "acoge",
  "aprieta",
  "quiere",
  "teme",
  "busca",
  "recibe",
  "valora",
  "evita",
  "ve",
  "vive",
  "necesita",
  "ha",
  "avanza",
  "resuelve",
]);
const ES_COORDINATED =
  /(, | y lo que | o lo que | y que | o que | y | o | lo que | mientras )(no )?(se )?([\p{L}]+)/gu;

const ES_OBJECT_CLITIC =
  /\b(?:le|lo) (falta|faltan|importa|resta|cuesta|pasa|ocurre|resulta|duele|sostiene|ven|rodea|frena)\b/g;
const ES_REFLEXIVE_VERB = /\bse (siente|da|expresa|comunica|permite|esfuerza|muestra|vincula)\b/g;
const ES_REFLEXIVE_INFINITIVE = /\b([\p{L}]+[aeií]r)se\b/gu;
const ES_POSSESSIVE_AFTER = /\b(sus|su|sí mismo|sí misma|quien es)\b/g;
const ES_AFTER = new Map([
  ["sus", "tus"],
  ["su", "tu"],
  ["sí mismo", "ti"],
  ["sí misma", "ti"],
  ["quien es", "quien eres"],
]);

function esPossessiveFor(article: string): string {
  return article.endsWith("s") ? "tus" : "tu";
}

function esVerbLike(word: string): boolean {
  return word.length > 1 && !ES_FUNCTION_WORDS.has(word);
}

function esSentenceToYou(sentence: string): string {
  if (!sentence.includes("soñante")) return sentence;
  let text = sentence;
  for (const [pattern, replacement] of ES_PHRASES) text = text.replace(pattern, replacement);
  text = text.replace(ES_PHRASE_OF_DREAMER, (_all, article: string, phrase: string) => {
    const prefix = article === "del" ? "de " : article === "al" ? "a " : "";
    return `${prefix}${esPossessiveFor(article)} ${phrase.trim()}`;
  });
  text = text.replace(ES_OBJECT_DREAMER, (all, word: string, indirect: string | undefined) => {
    if (indirect) return `${word} te`;
    if (ES_INFINITIVE.test(word) && esVerbLike(word)) return `${word}te`;
    if (/^[\p{Ll}]+(?:a|e|an|en)$/u.test(word) && esVerbLike(word)) return `te ${word}`;
    return all.replace(/al soñante/, "a ti");
  });
  text = text.replace(ES_INVERTED_SUBJECT, (_all, verb: string) => `${VERB_MARK}te ${esSecondPerson(verb)}`);
  text = text.replace(ES_PREPOSITION_DREAMER, (_all, preposition: string) => {
    if (preposition === "entre") return "entre tú";
    if (preposition === "con") return "contigo";
    if (preposition === "antes que") return "antes que tú";
    if (preposition === "del") return "de ti";
    if (preposition === "dentro del") return "dentro de ti";
    return `${preposition} ti`;
  });
  text = text.replace(
    ES_SUBJECT_DREAMER,
    (all, comma: string | undefined, adverbs: string, reflexive: string | undefined, verb: string) => {
      if (!esVerbLike(verb)) return all.replace("el soñante", "tú");
      if (ES_GERUND.test(verb)) return `tú${comma ?? ""} ${adverbs}${reflexive ? "te " : ""}${verb}`;
      return `${VERB_MARK}${adverbs}${reflexive ? "te " : ""}${esSecondPerson(verb)}`;
    },
  );
  text = text.replace(/\bdel soñante\b/g, "de ti").replace(/\bal soñante\b/g, "a ti");
  const verbAt = text.indexOf(VERB_MARK);
  if (verbAt >= 0) {
    text = text.replace(VERB_MARK, "");
    text =
      text.slice(0, verbAt) +
      text
        .slice(verbAt)
        .replace(
          ES_COORDINATED,
          (all, joint: string, negation = "", reflexive: string | undefined, verb: string) =>
            ES_COORDINATED_VERBS.has(verb)
              ? `${joint}${negation}${reflexive ? "te " : ""}${esSecondPerson(verb)}`
              : all,
        );
  }
  const from = firstChange(sentence, text);
  const head = text.slice(0, from);
  const tail = text
    .slice(from)
    .replace(/\bse le\b/g, "se te")
    .replace(/\btodavía no ha\b/g, "todavía no has")
    .replace(ES_OBJECT_CLITIC, "te $1")
    .replace(ES_REFLEXIVE_VERB, (_all, verb: string) => `te ${esSecondPerson(verb)}`)
    .replace(ES_REFLEXIVE_INFINITIVE, "$1te")
    .replace(ES_POSSESSIVE_AFTER, (word) => ES_AFTER.get(word) ?? word);
  return head + tail;
}

/**
 * Reader-agreeing Spanish forms rewritten without gender: the reading cannot know it, and "listo/a" reads
 * as a form, not as a voice. Only forms whose subject is the reader ("estás listo", "ti mismo").
 */
const ES_NEUTRAL: ReadonlyArray<[RegExp, string]> = [
  [/\b(estás|estés) (?:lista o listo|listo o lista|listo|lista) para\b/g, "$1 en condiciones de"],
  [/\b(estás|estés) (?:lista o listo|listo o lista|listo|lista)\b/g, "$1 en condiciones"],
  [/\bsentirte (?:listo|lista)\b/g, "sentirte en condiciones"],
  [/\b(te sientes|sentirte|te sientas) (?:lo bastante )?(?:seguro|segura)\b/g, "$1 a salvo"],
  [/\bqué tan (?:seguro|segura) te sientes\b/g, "hasta qué punto te sientes a salvo"],
  [/\b(a|de|en|para|con) ti (?:mismo|misma)\b/g, "$1 ti"],
  [/\bti (?:mismo|misma)\b/g, "ti"],
  [/\btú (?:mismo|misma)\b/g, "tú"],
  [/\bcontigo (?:mismo|misma)\b/g, "contigo"],
  [/\bde (?:pequeño o pequeña|pequeña o pequeño|pequeño|pequeña)\b/g, "en tu infancia"],
  [/\bcuando eras (?:pequeño|pequeña|niño|niña)\b/g, "en tu infancia"],
  [/\bestás dispuesto a\b/g, "te animas a"],
  [/\b(?:estás|estar) (?:segura o seguro|seguro o segura)\b/g, "tienes certeza"],
];

/**
 * Forms that still agree with the reader after ES_NEUTRAL: the sentence is left out of a reading rather
 * than shown with a guessed gender.
 */
const READER_COPULA =
  "(?:te sientes|te sentías|sentirte|te sientas|estás|estés|estabas|eres|seas|te ves|verte|quedarte|te quedas|te has quedado)";
const READER_ADJECTIVE =
  "(?:solo|sola|list[oa]|cansad[oa]|preparad[oa]|segur[oa]|insegur[oa]|atrapad[oa]|perdid[oa]|obligad[oa]|dispuest[oa]|tranquil[oa]|agotad[oa]|abrumad[oa]|satisfech[oa]|insatisfech[oa]|orgullos[oa]|conectad[oa]|desconectad[oa]|expuest[oa]|puest[oa] a prueba|inmers[oa]|[a-záéíóúñ]{2,}(?:ad|id)[oa]s?)";
// The adjective may come a few words after the verb: «sentirte torpe u observado».
const ES_READER_GENDERED = new RegExp(
  `\\b${READER_COPULA}(?: [a-záéíóúñ]+){0,3}? ${READER_ADJECTIVE}\\b|\\bti mism[oa]\\b|\\bhacerte el muerto\\b`,
  "i",
);

/** The English or Spanish text addressed to "you", without reader gender; sentence by sentence. */
export function toReaderVoice(text: string, language: Language): string {
  if (language === "en") {
    return /dreamer/.test(text) ? splitSentences(text).map(enSentenceToYou).join(" ") : text;
  }
  let voiced = /soñante/.test(text) ? splitSentences(text).map(esSentenceToYou).join(" ") : text;
  for (const [pattern, replacement] of ES_NEUTRAL) voiced = voiced.replace(pattern, replacement);
  return voiced;
}

/** The text still speaks of the reader in the third person or agrees with a guessed gender. */
export function offVoice(text: string, language: Language): boolean {
  if (language === "en") return /\bdreamer/i.test(text);
  return /soñante|quien sueña/i.test(text) || ES_READER_GENDERED.test(text);
}

const SENTENCE = /[^.!?…]+(?:[.!?…]+["”»)]*|$)/g;

/** Sentences of a lexicon text, trimmed (its texts do not abbreviate with dots). */
export function splitSentences(text: string): string[] {
  return Array.from(text.matchAll(SENTENCE), (match) => match[0].trim()).filter(Boolean);
}

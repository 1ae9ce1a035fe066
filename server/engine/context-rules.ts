import type { Language } from "./morphology";
import type { Token } from "./text";

/**
 * Generic rules that decide whether a word found in a dream speaks of something in the dream (labelling
 * rules of ../shared/eval/README.md): things stated absent ("there was no water"), comparisons ("like a
 * snake"), and actions only wanted, planned, feared or almost done ("almost kissed", "quería bailar").
 * Each rule looks only at the few words before a hit, inside the same clause.
 */

/** The tokens before `index`, nearest first, stopping at clause punctuation. */
function before(tokens: readonly Token[], index: number, count: number): string[] {
  const words: string[] = [];
  for (let k = index - 1; k >= 0 && words.length < count; k--) {
    if (tokens[k + 1]?.breakBefore) break;
    words.push(tokens[k]?.norm ?? "");
  }
  return words;
}

const ES_NEGATIVE_SUBJECTS = new Set(["nadie", "nunca", "jamas", "ninguno", "ninguna"]);
const ES_CLITICS = new Set(["me", "te", "se", "le", "lo", "la", "nos", "les", "los", "las", "os"]);

// --- Absence --------------------------------------------------------------------------------------------

const EN_HAVING = new Set(["wearing", "wear", "have", "had", "has", "having"]);
const EN_DETERMINERS = new Set(["a", "an", "the", "my", "his", "her", "your", "our", "their", "any"]);
const EN_ABSENCE = new Set(["no", "without", "nor", "neither", "none", "imagine", "imagined", "imagining"]);
const EN_NEGATIVE = /^(not|never|hardly|n't|.+n't)$/;
const ES_ABSENCE = new Set(["sin", "ningun", "ninguna", "ninguno", "ningunos", "ningunas", "ni"]);
const ES_NEGATED_EXISTENCE = new Set([
  "habia",
  "hay",
  "hubo",
  "existia",
  "existe",
  "tenia",
  "tengo",
  "tiene",
  "tienes",
  "tuve",
  "tuvo",
  "tenian",
  "tenemos",
  "teniamos",
  "quedaba",
  "quedaban",
  "veia",
  "vi",
]);

export function statedAbsent(tokens: readonly Token[], index: number, language: Language): boolean {
  const previous = before(tokens, index, 4);
  if (language === "en") {
    for (let k = 0; k < previous.length; k++) {
      const word = previous[k] ?? "";
      if (EN_ABSENCE.has(word) && k <= 2) return true;
      if (word === "of" && previous[k + 1] === "instead") return true;
      // "he wasn't wearing a shirt", "I didn't have my keys"
      if (EN_HAVING.has(word) && EN_NEGATIVE.test(previous[k + 1] ?? "")) return true;
      // "she is not my wife", "it was not a dog"
      if (word === "not" && k >= 1 && EN_DETERMINERS.has(previous[k - 1] ?? "")) return true;
      // "there wasn't any water", "not a single dog"
      if ((word === "any" || word === "single") && previous.slice(k + 1).some((w) => EN_NEGATIVE.test(w)))
        return true;
    }
    return false;
  }
  for (let k = 0; k < previous.length; k++) {
    const word = previous[k] ?? "";
    if (ES_ABSENCE.has(word)) return true;
    if (
      word === "de" &&
      (previous[k + 1] === "vez" || previous[k + 1] === "lugar") &&
      previous[k + 2] === "en"
    )
      return true;
    // "no había agua", "no había ningún perro"
    if (ES_NEGATED_EXISTENCE.has(word) && previous[k + 1] === "no") return true;
  }
  return false;
}

// --- Negated actions ------------------------------------------------------------------------------------

const EN_NEGATED_AUXILIARY = new Set([
  "didn't",
  "don't",
  "doesn't",
  "never",
  "wasn't",
  "weren't",
  "won't",
  "isn't",
  "aren't",
  "haven't",
  "hasn't",
  "hadn't",
  "wouldn't",
  "shouldn't",
]);
/** "could not scream" is an attempt (it counts); "did not scream" is not. */
const EN_ABILITY = new Set(["could", "can", "cannot"]);

export function negatedAction(tokens: readonly Token[], index: number, language: Language): boolean {
  const previous = before(tokens, index, 4);
  if (language === "en") {
    for (let k = 0; k < Math.min(previous.length, 2); k++) {
      const word = previous[k] ?? "";
      if (EN_NEGATED_AUXILIARY.has(word)) return true;
      if (word === "not" && !EN_ABILITY.has(previous[k + 1] ?? "")) return true;
    }
    return false;
  }
  // "no me caí", "nunca murió": the negation sits right before the verb and its clitics.
  let k = 0;
  while (k < previous.length && ES_CLITICS.has(previous[k] ?? "")) k++;
  const word = previous[k];
  if (word === "no" || word === "tampoco") return true;
  // "nadie se arrojaba a buscarlo", "nunca lo encontré": a negative subject or adverb negates its clause.
  return previous.some((w) => ES_NEGATIVE_SUBJECTS.has(w));
}

// --- Comparisons ----------------------------------------------------------------------------------------

const EN_LIKE_HOSTS = new Set([
  "look",
  "looks",
  "looked",
  "looking",
  "seem",
  "seems",
  "seemed",
  "feel",
  "feels",
  "felt",
  "sound",
  "sounds",
  "sounded",
  "smell",
  "smelled",
  "was",
  "were",
  "is",
  "are",
  "be",
  "just",
  "kind",
  "sort",
  "almost",
  "exactly",
  "much",
  "more",
  "something",
  "someone",
  "somebody",
  "act",
  "acted",
  "acting",
  "shaped",
  "dressed",
  "things",
  "stuff",
  "creature",
]);
/** Words before "like" that make it the verb: "I like", "we'd like", "didn't like". */
const EN_LIKERS = new Set([
  "i",
  "you",
  "we",
  "they",
  "he",
  "she",
  "who",
  "would",
  "i'd",
  "we'd",
  "don't",
  "didn't",
  "doesn't",
  "really",
  "also",
  "to",
  "not",
  "people",
]);
const EN_ARTICLES = new Set([
  "a",
  "an",
  "the",
  "some",
  "two",
  "three",
  "many",
  "little",
  "big",
  "giant",
  "huge",
]);
const EN_COMPARATORS = new Set(["resembled", "resembling", "resembles", "resemble"]);
const ES_COMPARATORS = new Set([
  "parecia",
  "parecian",
  "parece",
  "parecen",
  "parecido",
  "parecida",
  "parecidos",
  "parecidas",
  "semejante",
  "semejantes",
  "similar",
  "similares",
  "tipo",
  "estilo",
  "cual",
]);
const ES_ARTICLES = new Set(["un", "una", "unos", "unas"]);
const ES_DEFINITE = new Set(["el", "la", "los", "las"]);

export function comparison(tokens: readonly Token[], index: number, language: Language): boolean {
  const previous = before(tokens, index, 5);
  if (language === "en") {
    for (let k = 0; k < previous.length; k++) {
      const word = previous[k] ?? "";
      if (EN_COMPARATORS.has(word)) return true;
      if (word === "to" && previous[k + 1] === "similar") return true;
      if ((word === "if" || word === "though") && previous[k + 1] === "as") return true;
      // "looked like a big snake", "I mount it like a horse"; not "I like dogs", not "trembled like all over".
      if (word === "like") {
        const host = previous[k + 1] ?? "";
        if (EN_LIKE_HOSTS.has(host) && k <= 3) return true;
        if (!EN_LIKERS.has(host) && k <= 2 && (k === 0 || EN_ARTICLES.has(previous[k - 1] ?? "")))
          return true;
      }
    }
    return false;
  }
  for (let k = 0; k < previous.length; k++) {
    const word = previous[k] ?? "";
    if (ES_COMPARATORS.has(word)) return true;
    if (word === "si" && previous[k + 1] === "como") return true;
    // "como una serpiente", "como un gran perro" (not "como una serpiente en las manos")
    if (word === "como" && k >= 1 && k <= 2 && ES_ARTICLES.has(previous[k - 1] ?? "")) return true;
    // "como los de la iglesia", "como el de mi escuela"
    if (
      word === "como" &&
      k >= 2 &&
      k <= 4 &&
      ES_DEFINITE.has(previous[k - 1] ?? "") &&
      previous[k - 2] === "de"
    ) {
      return true;
    }
  }
  return false;
}

// --- Actions not done -----------------------------------------------------------------------------------

const EN_UNREAL = new Set([
  "will",
  "i'll",
  "he'll",
  "she'll",
  "they'll",
  "we'll",
  "you'll",
  "considered",
  "considering",
  "almost",
  "nearly",
  "would",
  "i'd",
  "he'd",
  "she'd",
  "they'd",
  "we'd",
  "you'd",
  "might",
  "if",
  "wish",
  "wished",
]);
/** "wanted to dance", "going to die", "about to kiss": the word before "to" makes it unreal. */
const EN_BEFORE_TO = new Set([
  "want",
  "wants",
  "wanted",
  "wanting",
  "going",
  "gonna",
  "about",
  "plan",
  "planned",
  "planning",
  "hope",
  "hoped",
  "hoping",
  "refused",
  "decided",
  "pretend",
  "pretended",
  "pretending",
  "supposed",
  "threatened",
  "threatening",
  "threatens",
  "threaten",
  "beg",
  "begged",
  "begging",
  "like",
  "love",
  "need",
  "needed",
  "wish",
  "wished",
]);
const ES_UNREAL = new Set(["casi", "si", "quiza", "quizas", "ojala"]);
const ES_WANTING = new Set([
  "queria",
  "quise",
  "quiero",
  "quisiera",
  "queriamos",
  "quisimos",
  "querian",
  "quieren",
  "quiere",
  "pensaba",
  "planeaba",
]);
const ES_GOING = new Set(["iba", "iban", "ibamos", "voy", "vas", "va", "vamos", "van", "fuera", "fueran"]);

export function unrealAction(tokens: readonly Token[], index: number, language: Language): boolean {
  const previous = before(tokens, index, 4);
  if (language === "en") {
    if (previous.slice(0, 3).some((word) => EN_UNREAL.has(word))) return true;
    const toIndex = previous.indexOf("to");
    return toIndex >= 0 && toIndex <= 1 && EN_BEFORE_TO.has(previous[toIndex + 1] ?? "");
  }
  let k = 0;
  while (k < previous.length && ES_CLITICS.has(previous[k] ?? "")) k++;
  const first = previous[k] ?? "";
  if (ES_WANTING.has(first)) return true;
  if (first === "a" && ES_GOING.has(previous[k + 1] ?? "")) return true;
  if (first === "de" && previous[k + 1] === "punto") return true;
  if (first === "de" && previous[k + 1] === "ganas") return true;
  // "para evitar que me atacara"
  if (first === "que" && (previous[k + 1] === "evitar" || previous[k + 1] === "impedir")) return true;
  if (previous.slice(0, 3).some((word, i) => word === "poco" && previous[i + 1] === "por")) return true;
  return previous.slice(0, 3).some((word) => ES_UNREAL.has(word));
}

// --- Verb forms that are not events ---------------------------------------------------------------------

/** Modals that leave the verbs of their clause unreal: "would find us and then run away". */
const EN_CLAUSE_MODALS = new Set([
  "would",
  "i'd",
  "he'd",
  "she'd",
  "they'd",
  "we'd",
  "might",
  "will",
  "i'll",
  "he'll",
  "she'll",
  "they'll",
  "we'll",
]);
const ES_FUTURE_ENDINGS = new Set(["a", "an", "as", "e", "emos", "eis", "ia", "ian", "ias", "iamos", "iais"]);

/**
 * A verb in its base form governed by a modal earlier in the clause (English), or in the future or
 * conditional (Spanish "se caerá", "me mataría"), speaks of something that has not happened.
 */
export function unrealVerbForm(
  tokens: readonly Token[],
  index: number,
  lemma: string,
  language: Language,
): boolean {
  const word = tokens[index]?.norm ?? "";
  if (language === "en") {
    if (word !== lemma) return false;
    return before(tokens, index, 8).some((w) => EN_CLAUSE_MODALS.has(w));
  }
  const infinitive = lemma.endsWith("se") ? lemma.slice(0, -2) : lemma;
  return word.startsWith(infinitive) && ES_FUTURE_ENDINGS.has(word.slice(infinitive.length));
}

// --- Exclamations ---------------------------------------------------------------------------------------

const EN_EXCLAIMED = new Set(["god", "lord", "jesus", "christ", "boy", "gosh", "heavens"]);
const ES_EXCLAIMED = new Set(["dios", "jesus", "cristo", "señor", "hombre"]);
const ES_EXCLAMATION_AFTER = new Set(["mio", "santo", "bendito"]);
const ES_EXCLAMATION_BEFORE = new Set(["ay", "oh", "por", "gracias", "santo", "vaya"]);

/**
 * "Oh my God", "boy, I hope...", "¡Dios mío!", "gracias a Dios": the word is an exclamation, not a being in
 * the dream. Only a few words are used this way, and only where they stand alone or after "oh", "ay".
 */
export function exclamation(tokens: readonly Token[], index: number, language: Language): boolean {
  const word = tokens[index]?.norm ?? "";
  const previous = before(tokens, index, 2);
  const next = tokens[index + 1];
  const standsAlone = (tokens[index]?.breakBefore ?? true) && (!next || next.breakBefore);
  if (language === "en") {
    if (!EN_EXCLAIMED.has(word)) return false;
    return previous[0] === "oh" || (previous[0] === "my" && previous[1] === "oh") || standsAlone;
  }
  if (!ES_EXCLAIMED.has(word)) return false;
  if (ES_EXCLAMATION_AFTER.has(next?.norm ?? "") && !next?.breakBefore) return true;
  if (ES_EXCLAMATION_BEFORE.has(previous[0] ?? "")) return true;
  if (previous[0] === "a" && previous[1] === "gracias") return true;
  return standsAlone;
}

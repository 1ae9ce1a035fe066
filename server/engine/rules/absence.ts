import type { Language } from "../morphology";
import type { Token } from "../text";
import * as shared from "./words";

// Bound once: the module loader reads imports through getters, and these run for every word of every dream.
const {
  EN_BELIEVING,
  EN_POSSESSIVES,
  ES_ARTICLES,
  ES_BELIEVING,
  ES_CLITICS,
  ES_DEFINITE,
  ES_NEGATIVE_SUBJECTS,
  anyIn,
  before,
  joinedWord,
} = shared;

/**
 * Things stated absent ("there was no water", "sin zapatos", "the library used to be here") and actions
 * negated ("didn't scream", "no me caí", "nobody got hurt").
 */

// --- Absence --------------------------------------------------------------------------------------------

const EN_HAVING = new Set(["wearing", "wear", "have", "had", "has", "having"]);
const EN_DETERMINERS = new Set(["a", "an", "the", "any", ...EN_POSSESSIVES]);
const EN_ABSENCE = new Set([
  "no",
  "without",
  "nor",
  "neither",
  "none",
  "nobody",
  "imagine",
  "imagined",
  "imagining",
]);
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
  "tienen",
  "teniamos",
  "quedaba",
  "quedaban",
  "veia",
  "vi",
  // "no era un bebé sino una tortuga"
  "era",
  "eran",
  // "no llevaba mascarilla", "no traía pantalón"
  "llevaba",
  "llevo",
  "llevaban",
  "traia",
  "traigo",
  "traian",
]);

const EN_INDEFINITE = new Set(["a", "an"]);
const ES_WAS = new Set(["era", "eran", "fuera", "seria"]);

/**
 * A first guess at what something was: "at first I thought it was an airplane", "creí que era un avión".
 * The guess names a thing that is not there.
 */
function mistakenFor(previous: readonly string[], language: Language): boolean {
  if (language === "en") {
    if (!EN_INDEFINITE.has(previous[0] ?? "") || previous[1] !== "was" || previous[2] !== "it") return false;
    return (
      EN_BELIEVING.has(previous[3] ?? "") || (previous[3] === "that" && EN_BELIEVING.has(previous[4] ?? ""))
    );
  }
  if (!ES_ARTICLES.has(previous[0] ?? "") || !ES_WAS.has(previous[1] ?? "") || previous[2] !== "que")
    return false;
  return ES_BELIEVING.has(previous[3] ?? "");
}

/** "I had forgotten to put on my shoes", "forgot to wear a shirt": the thing is missing. */
function forgottenToWear(previous: readonly string[]): boolean {
  for (let k = 0; k < previous.length - 2; k++) {
    const wearing = previous[k] === "wear" || (previous[k] === "on" && previous[k + 1] === "put");
    if (!wearing) continue;
    const to = previous[k] === "wear" ? k + 1 : k + 2;
    return previous[to] === "to" && EN_FORGETTING.has(previous[to + 1] ?? "");
  }
  return false;
}
const EN_FORGETTING = new Set(["forgot", "forgotten", "forget", "forgetting"]);

export function statedAbsent(tokens: readonly Token[], index: number, language: Language): boolean {
  if (mistakenFor(before(tokens, index, 5), language)) return true;
  if (language === "en" && forgottenToWear(before(tokens, index, 6))) return true;
  const previous = before(tokens, index, 4);
  if (language === "en") {
    for (let k = 0; k < previous.length; k++) {
      const word = previous[k] ?? "";
      if (EN_ABSENCE.has(word) && k <= 2) return true;
      if (word === "of" && previous[k + 1] === "instead") return true;
      // "he wasn't wearing a shirt", "I didn't have my keys"
      if (EN_HAVING.has(word) && EN_NEGATIVE.test(previous[k + 1] ?? "")) return true;
      // "the school hasn't got a gym"
      if (word === "got" && EN_NOT_HAVE_GOT.has(previous[k + 1] ?? "")) return true;
      // "she is not my wife", "it was not a dog"
      if (word === "not" && k >= 1 && EN_DETERMINERS.has(previous[k - 1] ?? "")) return true;
      // "there wasn't any water", "not a single dog"
      if (word === "any" || word === "single") {
        for (let j = k + 1; j < previous.length; j++) if (EN_NEGATIVE.test(previous[j] ?? "")) return true;
      }
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
    // "nadie llevaba mascarilla"
    if (ES_NEGATED_EXISTENCE.has(word) && ES_NEGATIVE_SUBJECTS.has(previous[k + 1] ?? "")) return true;
  }
  return false;
}

const EN_NOT_HAVE_GOT = new Set(["hasn't", "haven't", "hadn't"]);
const EN_NOT_THERE = new Set(["isn't", "wasn't", "aren't", "weren't"]);
const EN_PRONOUN_OF_ABSENCE = new Set(["one", "any"]);
const ES_FOUND_NONE = new Set([
  "habia",
  "hay",
  "hubo",
  "existia",
  "encontre",
  "encontraba",
  "encontramos",
  "quedaba",
]);
const ES_NONE = new Set(["ninguno", "ninguna", "nada"]);

/**
 * The thing is denied right after it is named: "I looked for an elevator but there wasn't one", "busqué un
 * ascensor, pero no había ninguno" (the search is told; the thing is not there).
 */
export function deniedAfter(tokens: readonly Token[], last: number, language: Language): boolean {
  let k = last + 1;
  // one or two words may sit between the thing and "but": "an elevator anywhere, but..."
  const limit = Math.min(tokens.length, last + 4);
  const contrast = language === "en" ? EN_CONTRAST : ES_CONTRAST;
  while (k < limit && !contrast.has(tokens[k]?.norm ?? "")) {
    if (tokens[k]?.breakBefore && k > last + 1) return false;
    k++;
  }
  if (k >= limit) return false;
  const next1 = joinedWord(tokens, k + 1);
  const next2 = joinedWord(tokens, k + 2);
  const next3 = joinedWord(tokens, k + 3);
  if (language === "en") {
    if (next1 !== "there") return false;
    if (EN_NOT_THERE.has(next2)) return EN_PRONOUN_OF_ABSENCE.has(next3);
    return next2 === "was" || next2 === "were" || next2 === "is" ? next3 === "none" : false;
  }
  // "aunque ahí no había ninguno"
  const skip = ES_THERE.has(next1) ? 1 : 0;
  const [no, found, none] = skip ? [next2, next3, joinedWord(tokens, k + 4)] : [next1, next2, next3];
  if (no !== "no" || !ES_FOUND_NONE.has(found)) return false;
  return none === "" || ES_NONE.has(none);
}
const EN_CONTRAST = new Set(["but", "though", "although"]);
const ES_CONTRAST = new Set(["pero", "aunque"]);
const ES_THERE = new Set(["ahi", "alli", "alla", "aqui", "aca"]);

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
      // "nobody screamed", "no one got hurt"
      if (word === "nobody" || (word === "one" && previous[k + 1] === "no")) return true;
      if (word === "not" && !EN_ABILITY.has(previous[k + 1] ?? "")) return true;
    }
    return false;
  }
  // "no me caí", "nunca murió": the negation sits right before the verb and its clitics.
  let k = 0;
  while (k < previous.length && ES_CLITICS.has(previous[k] ?? "")) k++;
  const word = previous[k];
  // "sin matar a ninguna", "una guagua sin chofer"
  if (word === "no" || word === "tampoco" || word === "sin") return true;
  // "nadie se arrojaba a buscarlo", "nunca lo encontré": a negative subject or adverb negates its clause.
  return anyIn(previous, ES_NEGATIVE_SUBJECTS);
}

// --- Things that used to be there -----------------------------------------------------------------------

/** "where the library used to be": the verbs of a thing's place, not of an act ("used to argue"). */
const EN_STOOD = new Set(["be", "stand", "sit", "hang", "lie"]);
const ES_FORMERLY = new Set(["estaba", "habia", "estaban", "habian", "quedaba"]);

/**
 * "a classroom where the library used to be", "donde antes estaba la biblioteca": the thing is gone; its
 * place is what the dream shows.
 */
export function formerlyThere(tokens: readonly Token[], first: number, last: number, language: Language) {
  const previous = before(tokens, first, 4);
  if (language === "en") {
    const whereBefore = previous[1] === "where" || previous[2] === "where";
    return (
      whereBefore &&
      joinedWord(tokens, last + 1) === "used" &&
      joinedWord(tokens, last + 2) === "to" &&
      EN_STOOD.has(joinedWord(tokens, last + 3))
    );
  }
  let k = 0;
  if (ES_DEFINITE.has(previous[k] ?? "")) k++;
  if (!ES_FORMERLY.has(previous[k] ?? "")) return previous[k] === "estar" && previous[k + 1] === "solia";
  return previous[k + 1] === "antes" || previous[k + 1] === "solia";
}

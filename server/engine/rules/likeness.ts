import type { Language } from "../morphology";
import type { Token } from "../text";
import * as shared from "./words";

// Bound once: the module loader reads imports through getters, and these run for every word of every dream.
const { before, EN_BE, EN_SUBJECTS, ES_ARTICLES, ES_DEFINITE } = shared;

/**
 * Likenesses: a word that only compares ("like a snake", "como una serpiente", "roja como la sangre"),
 * and an animal named for a part of another creature ("with deer legs").
 */

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
const ES_COPULAS = new Set(["era", "es", "eran", "son", "estaba", "quedaba", "parecia", "fue", "sea"]);
const ES_SAME_AS = new Set(["igualito", "igualita", "identico", "identica", "parecidisimo", "parecidisima"]);
/** Qualities that open a simile: "roja como la sangre", "frío como el hielo". */
const ES_SIMILE_QUALITIES = new Set(
  [
    "rojo",
    "blanco",
    "negro",
    "verde",
    "azul",
    "amarillo",
    "gris",
    "oscuro",
    "claro",
    "brillante",
    "frio",
    "caliente",
    "duro",
    "suave",
    "blando",
    "alto",
    "grande",
    "pequeño",
    "rapido",
    "lento",
    "fuerte",
    "ligero",
    "pesado",
    "limpio",
    "dulce",
    "amargo",
    "viejo",
    "feo",
    "bonito",
  ].flatMap((quality) => {
    const stem = quality.replace(/[oe]$/, "");
    return quality.endsWith("o")
      ? [quality, `${stem}a`, `${quality}s`, `${stem}as`]
      : [quality, `${quality}s`];
  }),
);

/** Words that may stand between "or" and the second alternative: "like an office or maybe even a bathroom". */
const EN_OR_FILLERS = new Set(["maybe", "perhaps", "possibly", "even", "probably", "really", "very", "some"]);
const ES_OR_FILLERS = new Set([
  "quiza",
  "quizas",
  "tal",
  "vez",
  "incluso",
  "hasta",
  "acaso",
  "mas",
  "bien",
  "muy",
]);

/** Where the alternative joined by "or" ends: the index of the word before "or", if "or" is near. */
const EN_OR = new Set(["or"]);
const ES_OR = new Set(["o", "u"]);
/** Prepositions that tie a place to the thing compared: "like a parking area in a restaurant". */
const EN_PLACE_LINKS = new Set(["in", "at", "on", "inside", "of"]);
const ES_PLACE_LINKS = new Set(["en", "de", "del", "dentro"]);
const EN_DETERMINER_FILLERS = new Set(["certain", "some", "sort", "kind"]);

/**
 * The index of the word before a linking word ("or", a preposition) near the hit, if only articles,
 * fillers and one free word (an adjective) stand between them: -1 otherwise.
 */
function linkedBefore(
  previous: readonly string[],
  index: number,
  language: Language,
  links: ReadonlySet<string>,
): number {
  const fillers = language === "en" ? EN_OR_FILLERS : ES_OR_FILLERS;
  const articles = language === "en" ? EN_ARTICLES : ES_ARTICLES;
  for (let k = 0; k < previous.length; k++) {
    const word = previous[k] ?? "";
    if (links.has(word)) return index - k - 2;
    // One free word (an adjective) is allowed next to the hit; the rest must be articles or fillers.
    if (k > 0 && !fillers.has(word) && !articles.has(word) && !EN_DETERMINER_FILLERS.has(word)) return -1;
  }
  return -1;
}

/** "was like X", "looked like X", "parecía un X": a likeness stated of the scene, not of an act. */
function sceneLikeness(tokens: readonly Token[], index: number, language: Language): boolean {
  const previous = before(tokens, index, 5);
  for (let k = 0; k < previous.length && k <= 3; k++) {
    if (language === "en" && previous[k] === "like") return EN_LIKE_HOSTS.has(previous[k + 1] ?? "");
    if (language === "es" && ES_COMPARATORS.has(previous[k] ?? "")) return true;
  }
  return false;
}

const EN_AMOUNT =
  /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|a hundred|hundreds|thousands|half|several|couple|few|maybe)$/;
const EN_LIKENESS_NOUNS = new Set([
  "characteristics",
  "features",
  "traits",
  "typical",
  "reminiscent",
  "size",
]);
const ES_LIKENESS_NOUNS = new Set([
  "tipico",
  "tipica",
  "tipicos",
  "tipicas",
  "propio",
  "propia",
  "caracteristicas",
  // "una araña del tamaño de un perro", "un paraguas con forma de murciélago"
  "tamaño",
  "forma",
]);

export function comparison(
  tokens: readonly Token[],
  index: number,
  language: Language,
  person = false,
): boolean {
  const previous = before(tokens, index, 6);
  // "like a tunnel or a cave", "como una serpiente o un lagarto": the comparison covers both alternatives.
  const alternative = linkedBefore(previous, index, language, language === "en" ? EN_OR : ES_OR);
  if (alternative >= 0 && comparison(tokens, alternative, language)) return true;
  // "it was like a parking area in a certain restaurant": the place belongs to the likeness too.
  const place = linkedBefore(previous, index, language, language === "en" ? EN_PLACE_LINKS : ES_PLACE_LINKS);
  if (place >= 0 && sceneLikeness(tokens, place, language)) return true;
  // "it had characteristics of a lamb", "a sound typical of bus doors", "típico de las puertas del bus"
  const of = previous.indexOf(language === "en" ? "of" : "de");
  if (
    of >= 0 &&
    of <= 3 &&
    (language === "en" ? EN_LIKENESS_NOUNS : ES_LIKENESS_NOUNS).has(previous[of + 1] ?? "")
  )
    return true;
  if (language === "en") {
    for (let k = 0; k < previous.length; k++) {
      const word = previous[k] ?? "";
      if (EN_COMPARATORS.has(word)) return true;
      // "roses as big as dinner plates"
      if (word === "as" && k <= 1 && previous[k + 2] === "as") return true;
      if (word === "to" && previous[k + 1] === "similar") return true;
      // "as if it were a test"; not "as if to say with his eyes"
      if ((word === "if" || word === "though") && previous[k + 1] === "as" && previous[k - 1] !== "to")
        return true;
      // "looked like a big snake", "I mount it like a horse"; not "I like dogs", not "trembled like all over".
      // "I was like 8 months pregnant", "like a couple of guys": "like" as a filler before an amount
      if (word === "like" && EN_AMOUNT.test(previous[k - 1] ?? "")) continue;
      if (word === "like") {
        const host = previous[k + 1] ?? "";
        // "walked to what looked like a cathedral": the thing seen is named, not compared.
        if (previous[k + 2] === "what" && EN_LIKE_HOSTS.has(host)) continue;
        if (EN_LIKE_HOSTS.has(host) && k <= 3) return true;
        // "cooking like she was Gordon Ramsay", "acting like he were a dog"
        if (k === 2 && EN_BE.has(previous[0] ?? "") && EN_SUBJECTS.has(previous[1] ?? "")) return true;
        if (!EN_LIKERS.has(host) && k <= 2 && (k === 0 || EN_ARTICLES.has(previous[k - 1] ?? "")))
          return true;
      }
    }
    return false;
  }
  for (let k = 0; k < previous.length; k++) {
    const word = previous[k] ?? "";
    // "fuimos hacia lo que parecía una catedral": the thing seen is named, not compared.
    if (ES_COMPARATORS.has(word) && previous[k + 1] === "que" && previous[k + 2] === "lo") continue;
    if (ES_COMPARATORS.has(word)) return true;
    if (word === "si" && previous[k + 1] === "como") return true;
    // "era igualito a Vicente Fernández", "idéntica a mi abuela"
    if (word === "a" && ES_SAME_AS.has(previous[k + 1] ?? "")) return true;
    // "era igual a su padre" (not "salía igual a la calle": "anyway")
    if (word === "a" && previous[k + 1] === "igual" && ES_COPULAS.has(previous[k + 2] ?? "")) return true;
    // "una alegría como de haber encontrado un tesoro"
    if (word === "de" && previous[k + 1] === "como") return true;
    // "nos sentábamos encima como en un sofá"
    if (word === "en" && previous[k + 1] === "como") return true;
    // "como una serpiente", "como un gran perro" (not "como una serpiente en las manos")
    if (word === "como" && k >= 1 && k <= 2 && ES_ARTICLES.has(previous[k - 1] ?? "")) return true;
    // "roja como la sangre", "blanco como la nieve": a quality likened to a thing
    if (
      word === "como" &&
      k === 1 &&
      ES_DEFINITE.has(previous[0] ?? "") &&
      ES_SIMILE_QUALITIES.has(previous[2] ?? "")
    )
      return true;
    // "flotaban como barquitos", "se movía como gelatina", "roja como sangre"; a bare person is a role
    // ("trabajaba como camarero"), unless plural ("la gente como hormiguitas")
    if (word === "como" && k === 0 && (!person || (tokens[index]?.norm ?? "").endsWith("s"))) return true;
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

// --- Features of a creature -----------------------------------------------------------------------------

const EN_BODY_PARTS = new Set([
  "leg",
  "legs",
  "head",
  "heads",
  "wing",
  "wings",
  "tail",
  "tails",
  "ear",
  "ears",
  "horn",
  "horns",
  "antlers",
  "feet",
  "paws",
  "claws",
  "face",
  "body",
  "fur",
  "hooves",
  "beak",
  "scales",
  "fangs",
]);
const EN_HAVING_FEATURE = new Set(["with", "had", "has", "having"]);
const ES_BODY_PARTS = new Set([
  "pata",
  "patas",
  "pierna",
  "piernas",
  "cabeza",
  "cabezas",
  "ala",
  "alas",
  "cola",
  "colas",
  "oreja",
  "orejas",
  "cuerno",
  "cuernos",
  "garra",
  "garras",
  "cara",
  "cuerpo",
  "pelaje",
  "pezuñas",
  "pico",
  "dientes",
  "ojos",
  "piel",
  "hocico",
  "escamas",
  "colmillos",
]);

/**
 * An animal named only for a part of another creature: "a fox-like animal with deer legs", "un hombre con
 * cabeza de perro", "una cola de caballo". The creature is not that animal.
 */
export function featureOfAnotherCreature(
  tokens: readonly Token[],
  first: number,
  last: number,
  language: Language,
): boolean {
  if (language === "en") {
    const next = tokens[last + 1];
    if (!next || next.breakBefore || !EN_BODY_PARTS.has(next.norm)) return false;
    return !tokens[first]?.breakBefore && EN_HAVING_FEATURE.has(tokens[first - 1]?.norm ?? "");
  }
  const previous = before(tokens, first, 2);
  return previous[0] === "de" && ES_BODY_PARTS.has(previous[1] ?? "");
}

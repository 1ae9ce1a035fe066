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

/**
 * Whether any of `words[from..to)` is in `set`. A plain loop: these rules run for every hit, and closures
 * (".some(w => ...)") would be created on each call.
 */
function anyIn(words: readonly string[], set: ReadonlySet<string>, from = 0, to = words.length): boolean {
  const end = Math.min(to, words.length);
  for (let k = Math.max(0, from); k < end; k++) if (set.has(words[k] ?? "")) return true;
  return false;
}

/** The word at `k`, or "" when there is none or punctuation comes right before it. */
function joinedWord(tokens: readonly Token[], k: number): string {
  const token = tokens[k];
  return token && !token.breakBefore ? token.norm : "";
}

const ES_NEGATIVE_SUBJECTS = new Set(["nadie", "nunca", "jamas", "ninguno", "ninguna"]);
const ES_CLITICS = new Set(["me", "te", "se", "le", "lo", "la", "nos", "les", "los", "las", "os"]);

// --- Absence --------------------------------------------------------------------------------------------

const EN_HAVING = new Set(["wearing", "wear", "have", "had", "has", "having"]);
const EN_DETERMINERS = new Set(["a", "an", "the", "my", "his", "her", "your", "our", "their", "any"]);
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
  "teniamos",
  "quedaba",
  "quedaban",
  "veia",
  "vi",
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
const ES_SAME_AS = new Set([
  "igual",
  "igualito",
  "igualita",
  "identico",
  "identica",
  "parecidisimo",
  "parecidisima",
]);
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
const ES_DEFINITE = new Set(["el", "la", "los", "las"]);

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

const EN_LIKENESS_NOUNS = new Set(["characteristics", "features", "traits", "typical", "reminiscent"]);
const ES_LIKENESS_NOUNS = new Set([
  "tipico",
  "tipica",
  "tipicos",
  "tipicas",
  "propio",
  "propia",
  "caracteristicas",
]);

export function comparison(tokens: readonly Token[], index: number, language: Language): boolean {
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
      if (word === "to" && previous[k + 1] === "similar") return true;
      // "as if it were a test"; not "as if to say with his eyes"
      if ((word === "if" || word === "though") && previous[k + 1] === "as" && previous[k - 1] !== "to")
        return true;
      // "looked like a big snake", "I mount it like a horse"; not "I like dogs", not "trembled like all over".
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
    // "una alegría como de haber encontrado un tesoro"
    if (word === "de" && previous[k + 1] === "como") return true;
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
    // "flotaban como barquitos", "la gente como hormiguitas" (a bare singular is a role: "trabajaba como camarero")
    if (word === "como" && k === 0 && (tokens[index]?.norm ?? "").endsWith("s")) return true;
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
  // "dying to get out of there"
  "dying",
  // purpose: "the dog is sent to attack", "trained to kill"
  "sent",
  "trained",
  "meant",
]);
/** "asked me to dance", "trying to get us to bake": someone is asked or made to act; the act is not told. */
const EN_REQUESTERS = new Set([
  "ask",
  "asks",
  "asked",
  "asking",
  "tell",
  "tells",
  "told",
  "telling",
  "get",
  "gets",
  "getting",
  "want",
  "wants",
  "wanted",
  "wanting",
  "beg",
  "begs",
  "begged",
  "begging",
  "invite",
  "invites",
  "invited",
  "inviting",
  "urge",
  "urged",
  "urging",
  "order",
  "ordered",
  "ordering",
  "expect",
  "expected",
  "expecting",
  "need",
  "needed",
  "persuade",
  "convince",
  "challenged",
  "dared",
]);
const EN_OBJECTS = new Set([
  "me",
  "us",
  "him",
  "her",
  "them",
  "you",
  "everyone",
  "everybody",
  "someone",
  "somebody",
]);
/** "she said she was going on a trip": a plan told by someone, not a trip taken. */
const EN_REPORTING = new Set([
  "said",
  "says",
  "say",
  "told",
  "tells",
  "mentioned",
  "announced",
  "explained",
  "saying",
  "telling",
]);
const EN_BE = new Set([
  "was",
  "were",
  "is",
  "are",
  "am",
  "be",
  "she's",
  "he's",
  "they're",
  "we're",
  "i'm",
  "you're",
]);
const ES_UNREAL = new Set(["casi", "si", "quiza", "quizas", "ojala"]);
/** "me pidió que bailara", "quería que corriéramos": an act asked or wished for in the subjunctive. */
const ES_REQUESTERS = new Set([
  "pidio",
  "pedia",
  "pide",
  "piden",
  "pedian",
  "pidieron",
  "pedi",
  "pido",
  "pediamos",
  "pidiendo",
  "queria",
  "quiere",
  "querian",
  "quieren",
  "quiero",
  "quise",
  "quisieron",
  "quisiera",
  "rogo",
  "rogaba",
  "ruega",
  "suplico",
  "suplicaba",
  "suplica",
  "exigio",
  "exigia",
  "exige",
  "ordeno",
  "ordenaba",
  "ordena",
  "insistia",
  "insistio",
]);
const ES_REPORTING = new Set([
  "dijo",
  "decia",
  "dice",
  "dicen",
  "dijeron",
  "decian",
  "conto",
  "contaba",
  "cuenta",
  "comento",
  "comentaba",
  "aviso",
  "avisaba",
  "anuncio",
  "anunciaba",
  "explico",
  "explicaba",
]);
const ES_GOING_PLAN = new Set(["iba", "iban", "ibamos", "va", "van", "vamos", "voy", "vas"]);

/** The hit and the words before it in its clause, nearest first. */
function withPrevious(tokens: readonly Token[], index: number, count: number): string[] {
  return [tokens[index]?.norm ?? "", ...before(tokens, index, count)];
}

/** "she said she was going on a trip", "me dijo que se iba de viaje": a plan reported, not an act seen. */
function reportedPlan(tokens: readonly Token[], index: number, language: Language): boolean {
  const words = withPrevious(tokens, index, 7);
  if (language === "en") {
    let going = words.indexOf("going");
    const leaving = words.indexOf("leaving");
    if (going < 0 || (leaving >= 0 && leaving < going)) going = leaving;
    if (going < 0 || !EN_BE.has(words[going + 1] ?? "")) return false;
    return anyIn(words, EN_REPORTING, going + 2, going + 5);
  }
  let going = 0;
  while (going < words.length && !ES_GOING_PLAN.has(words[going] ?? "")) going++;
  if (going === words.length) return false;
  let k = going + 1;
  while (k < words.length && ES_CLITICS.has(words[k] ?? "")) k++;
  if (words[k] !== "que") return false;
  k++;
  while (k < words.length && ES_CLITICS.has(words[k] ?? "")) k++;
  return ES_REPORTING.has(words[k] ?? "");
}
const ES_STARTING = /^(poner|echar|empezar|comenzar|largar)(me|te|se|nos)?$/;
const ES_INFINITIVE = /^[a-zñ]{2,}(ar|er|ir)(me|te|se|nos|lo|la|le)?$/;
const ES_PAST_SUBJUNCTIVE = /(ara|aras|aran|áramos|iera|ieras|ieran|iéramos|ase|ases|asen|iese|ieses|iesen)$/;
const ES_TELLING = new Set([
  "dijo",
  "decia",
  "dice",
  "dijeron",
  "decian",
  "grito",
  "gritaba",
  "gritaron",
  "ordeno",
]);
const ES_WANTING = new Set([
  "quieres",
  "queres",
  "quisieras",
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

const EN_BELIEVING = new Set([
  "thought",
  "think",
  "assumed",
  "believed",
  "figured",
  "guessed",
  "suspected",
  "imagined",
]);
const EN_COUNTERFACTUAL = new Set(["could", "should", "would", "might", "could've", "should've", "would've"]);
const EN_SUBJECTS = new Set(["i", "he", "she", "they", "we", "you", "it", "someone", "somebody", "everyone"]);
const ES_BELIEVING = new Set([
  "crei",
  "creia",
  "creyo",
  "creian",
  "creyeron",
  "creimos",
  "pense",
  "pensaba",
  "penso",
  "pensaban",
  "pensaron",
  "supuse",
  "suponia",
  "imagine",
  "imaginaba",
]);
const ES_PERFECT = new Set(["habia", "habian", "habiamos", "hubiera", "hubieran"]);

/**
 * "I thought I had killed him, but...", "my family thought I ran away", "creí que lo había matado": the act
 * is only believed by someone in the dream, not told as having happened.
 */
function believedAction(previous: readonly string[], language: Language): boolean {
  let k = 0;
  if (language === "en") {
    if (previous[k] === "had" || previous[k] === "'d") k++;
    if (!EN_SUBJECTS.has(previous[k] ?? "")) return false;
    k++;
    if (previous[k] === "that") k++;
    return EN_BELIEVING.has(previous[k] ?? "");
  }
  while (ES_CLITICS.has(previous[k] ?? "") || ES_PERFECT.has(previous[k] ?? "")) k++;
  if (previous[k] !== "que") return false;
  return ES_BELIEVING.has(previous[k + 1] ?? "");
}

/**
 * "threatens to kill one man, then the next, by shooting each": the means of an act that is only threatened,
 * wanted or planned is not done either. Looks back to the start of the sentence, across commas.
 */
function meansOfUnrealAct(tokens: readonly Token[], index: number): boolean {
  if (tokens[index - 1]?.norm !== "by" || tokens[index]?.breakBefore) return false;
  for (let k = index - 2; k >= 1 && k >= index - 16; k--) {
    if (tokens[k]?.norm === "to" && EN_BEFORE_TO.has(tokens[k - 1]?.norm ?? "")) return true;
    if (tokens[k]?.sentenceStart) return false;
  }
  return false;
}

const CONDITIONAL_OPENERS = new Set(["if", "si", "suppose", "supposing", "imagine", "imagina", "supongamos"]);

/**
 * A sentence that opens with a condition ("If I fell, I would die", "Si me caigo, me muero") or a worst
 * case ("En el peor de los casos, se caen todos"): its acts are hypothetical. Scans back to the sentence's
 * start, across commas.
 */
function hypotheticalSentence(tokens: readonly Token[], index: number): boolean {
  for (let k = index - 1; k >= 0 && k >= index - 24; k--) {
    const word = tokens[k]?.norm ?? "";
    if (word === "case" && tokens[k - 1]?.norm === "worst") return true;
    if (word === "casos" && tokens[k - 2]?.norm === "de" && tokens[k - 3]?.norm === "peor") return true;
    if (tokens[k]?.sentenceStart) return CONDITIONAL_OPENERS.has(word);
  }
  return false;
}

const EN_HABITUAL = new Set(["always", "usually", "often", "sometimes", "constantly"]);
const EN_HABIT_MODALS = new Set(["would", "i'd", "he'd", "she'd", "they'd", "we'd", "you'd"]);

/** "As a kid I'd always get lost", "he would often yell": a habit in the past, which did happen. */
function habitual(previous: readonly string[]): boolean {
  return EN_HABITUAL.has(previous[0] ?? "") && EN_HABIT_MODALS.has(previous[1] ?? "");
}

export function unrealAction(tokens: readonly Token[], index: number, language: Language): boolean {
  const previous = before(tokens, index, 6);
  if (believedAction(previous, language)) return true;
  if (hypotheticalSentence(tokens, index)) return true;
  if (language === "en") {
    if (meansOfUnrealAct(tokens, index)) return true;
    // "I could have killed him", "he could have been bitten": what might have been, not what was.
    const have = previous[0] === "been" ? 1 : 0;
    if (previous[have] === "have" && EN_COUNTERFACTUAL.has(previous[have + 1] ?? "")) return true;
    // "there was no time to eat", "it was time to leave"
    if (previous[0] === "to" && previous[1] === "time") return true;
    if (anyIn(previous, EN_UNREAL, 0, 3) && !habitual(previous)) return true;
    // "instead of running", "rather than fight"
    if (previous[0] === "of" && previous[1] === "instead") return true;
    if (previous[0] === "than" && previous[1] === "rather") return true;
    if (reportedPlan(tokens, index, language)) return true;
    const toIndex = previous.indexOf("to");
    if (toIndex < 0 || toIndex > 1) return false;
    if (EN_BEFORE_TO.has(previous[toIndex + 1] ?? "")) return true;
    return EN_OBJECTS.has(previous[toIndex + 1] ?? "") && EN_REQUESTERS.has(previous[toIndex + 2] ?? "");
  }
  let k = 0;
  while (k < previous.length && ES_CLITICS.has(previous[k] ?? "")) k++;
  const first = previous[k] ?? "";
  if (ES_WANTING.has(first)) return true;
  // "quería salir corriendo": the act hangs on a wanted infinitive
  if (ES_INFINITIVE.test(first) && ES_WANTING.has(previous[k + 1] ?? "")) return true;
  if (first === "a" && ES_GOING.has(previous[k + 1] ?? "")) return true;
  // "me voy a poner a llorar", "iba a echarme a correr": going to start the act
  if (first === "a" && ES_STARTING.test(previous[k + 1] ?? "") && previous[k + 2] === "a") {
    let j = k + 3;
    while (j < previous.length && ES_CLITICS.has(previous[j] ?? "")) j++;
    if (ES_GOING.has(previous[j] ?? "")) return true;
  }
  // "ya era hora de comer"
  if (first === "de" && previous[k + 1] === "hora") return true;
  if (first === "de" && previous[k + 1] === "punto") return true;
  if (first === "de" && previous[k + 1] === "ganas") return true;
  // "para evitar que me atacara"
  if (first === "que" && (previous[k + 1] === "evitar" || previous[k + 1] === "impedir")) return true;
  // "me pidió que bailara", "quería que nos quedáramos"
  if (first === "que") {
    let j = k + 1;
    while (j < previous.length && ES_CLITICS.has(previous[j] ?? "")) j++;
    if (ES_REQUESTERS.has(previous[j] ?? "")) return true;
    // "me dijo que corriera": an order told, in the subjunctive
    if (ES_TELLING.has(previous[j] ?? "") && ES_PAST_SUBJUNCTIVE.test(tokens[index]?.norm ?? "")) return true;
  }
  // "en vez de correr", "en lugar de huir"
  if (
    first === "de" &&
    (previous[k + 1] === "vez" || previous[k + 1] === "lugar") &&
    previous[k + 2] === "en"
  )
    return true;
  if (reportedPlan(tokens, index, language)) return true;
  for (let i = 0; i < 3; i++) if (previous[i] === "poco" && previous[i + 1] === "por") return true;
  return anyIn(previous, ES_UNREAL, 0, 3);
}

const EN_EVENT_VERBS = new Set([
  "have",
  "throw",
  "hold",
  "attend",
  "cause",
  "celebrate",
  "organize",
  "organise",
  "plan",
  "take",
]);
const ES_EVENT_VERBS = new Set([
  "tener",
  "tuviera",
  "tuvieramos",
  "hacer",
  "celebrar",
  "organizar",
  "causar",
]);

/**
 * An event named as the object of a verb that is only wanted or planned: "we were going to have a party",
 * "don't want to have an accident", "queríamos celebrar una boda". Up to two words (article, modifier) may
 * stand between the verb and the event.
 */
export function unrealEvent(tokens: readonly Token[], index: number, language: Language): boolean {
  const verbs = language === "en" ? EN_EVENT_VERBS : ES_EVENT_VERBS;
  for (let k = index - 1; k >= Math.max(0, index - 3); k--) {
    if (tokens[k + 1]?.breakBefore) return false;
    if (verbs.has(tokens[k]?.norm ?? "")) return unrealAction(tokens, k, language);
  }
  return false;
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
    const previous = before(tokens, index, 8);
    return anyIn(previous, EN_CLAUSE_MODALS) && !habitual(previous);
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

// --- Names ----------------------------------------------------------------------------------------------

const NAME_TITLES = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "dr",
  "prof",
  "sr",
  "sra",
  "srta",
  "dra",
  "don",
  "doña",
  "señor",
  "señora",
  "señorita",
]);

/**
 * A capitalised word after a title or an initial, or in a capitalised "X of the Y", is a name, not the thing
 * it also means: "Miss Hens", "Mr. Fox", "E. Town", "la señora Gallo", "Historia de la Iglesia".
 */
const TITLE_OF = new Set(["of", "de", "del"]);
const TITLE_ARTICLES = new Set(["the", "la", "el", "los", "las"]);

/** "History of the Church", "Historia de la Iglesia", "Queen of Hearts": a capitalised title or name. */
function inTitle(tokens: readonly Token[], index: number): boolean {
  let k = index - 1;
  if (TITLE_ARTICLES.has(tokens[k]?.norm ?? "") && !tokens[k + 1]?.breakBefore) k--;
  if (!TITLE_OF.has(tokens[k]?.norm ?? "") || tokens[k + 1]?.breakBefore) return false;
  const head = tokens[k - 1];
  // A capital that only starts a sentence ("Volviendo del Mercadona") says nothing.
  return Boolean(head?.capital && !head.breakBefore && !tokens[k]?.breakBefore && head.norm !== "i");
}

export function partOfName(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  const previous = tokens[index - 1];
  if (!token?.capital || !previous) return false;
  if (inTitle(tokens, index)) return true;
  // Spanish writes its titles in lower case: "la señora Gallo".
  if (NAME_TITLES.has(previous.norm)) return true;
  if (!previous.capital) return false;
  // An initial: one letter (not the pronoun "I") followed by its period ("E. Town").
  return previous.norm.length === 1 && previous.norm !== "i" && token.breakBefore;
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

// --- Words said ------------------------------------------------------------------------------------------

const EN_ADDRESSED = new Set(["me", "us", "him", "her", "them", "it", "now", "away", "quickly", "fast"]);

/**
 * An order or plea quoted at the start of someone's words: `"Hide me."`, `"Run!"`. It asks for the act; it
 * does not tell it.
 */
export function quotedImperative(tokens: readonly Token[], index: number, lemma: string, language: Language) {
  const token = tokens[index];
  if (language !== "en" || !token?.opensQuote || token.norm !== lemma) return false;
  const next = tokens[index + 1];
  return !next || next.breakBefore || EN_ADDRESSED.has(next.norm);
}

// --- Things that used to be there -----------------------------------------------------------------------

const ES_FORMERLY = new Set(["estaba", "habia", "estaban", "habian", "quedaba"]);

/**
 * "a classroom where the library used to be", "donde antes estaba la biblioteca": the thing is gone; its
 * place is what the dream shows.
 */
export function formerlyThere(tokens: readonly Token[], first: number, last: number, language: Language) {
  const previous = before(tokens, first, 4);
  if (language === "en") {
    const whereBefore = previous[1] === "where" || previous[2] === "where";
    return whereBefore && joinedWord(tokens, last + 1) === "used" && joinedWord(tokens, last + 2) === "to";
  }
  let k = 0;
  if (ES_DEFINITE.has(previous[k] ?? "")) k++;
  if (!ES_FORMERLY.has(previous[k] ?? "")) return previous[k] === "estar" && previous[k + 1] === "solia";
  return previous[k + 1] === "antes" || previous[k + 1] === "solia";
}

// --- A place named again --------------------------------------------------------------------------------

/** The generic room symbol and the rooms that have their own symbols (labelling rule 4). */
export const GENERIC_ROOM = "room";
export const SPECIFIC_ROOMS: ReadonlySet<string> = new Set([
  "bedroom",
  "bathroom",
  "kitchen",
  "basement",
  "attic",
]);
const REFERRING = new Set([
  "the",
  "that",
  "this",
  "la",
  "el",
  "esa",
  "ese",
  "esta",
  "este",
  "aquella",
  "aquel",
]);
/** Words after "the room" that introduce another room: "the room where...", "the room I was in". */
const INTRODUCING = new Set([
  "where",
  "that",
  "which",
  "with",
  "of",
  "i",
  "we",
  "he",
  "she",
  "they",
  "you",
  "next",
  "donde",
  "que",
  "con",
  "de",
  "del",
  "en",
]);

/**
 * "I go into the bedroom... when I enter the room": a definite "the room" that follows a bedroom (or
 * another room with its own symbol) names that room again, not another one.
 */
export function refersBackToRoom(tokens: readonly Token[], first: number, last: number): boolean {
  if (!REFERRING.has(tokens[first - 1]?.norm ?? "") || tokens[first]?.breakBefore) return false;
  const next = tokens[last + 1];
  return !next || next.breakBefore || !INTRODUCING.has(next.norm);
}

// --- Verb forms that look like nouns (Spanish) -----------------------------------------------------------

const ES_REFLEXIVE = new Set(["me", "te", "se", "nos", "os"]);

/**
 * "me monté en el carro", "se cerró la puerta": a reflexive pronoun never stands before a noun, so the
 * word is a verb that happens to fold to a noun ("monte", "cerro").
 */
export function verbAfterClitic(tokens: readonly Token[], first: number, language: Language): boolean {
  return language === "es" && !tokens[first]?.breakBefore && ES_REFLEXIVE.has(tokens[first - 1]?.norm ?? "");
}

// --- Names given to people and animals ------------------------------------------------------------------

const ES_DETERMINERS = new Set([
  "el",
  "la",
  "los",
  "las",
  "un",
  "una",
  "unos",
  "unas",
  "del",
  "al",
  "mi",
  "mis",
  "tu",
  "su",
  "sus",
  "este",
  "esta",
  "ese",
  "esa",
  "aquel",
  "aquella",
]);

/**
 * Spanish writes common nouns in lower case, so a capitalised one inside a sentence and without an article
 * is a name: "rumbo a Culebra", "mi abuela Chela", "en Caballito", "le puso Tigre".
 */
/** "en Dos Hermanas": a person's word inside a capitalised name (not "mi Mamá", not a sentence's start). */
export function inSpanishPlaceName(tokens: readonly Token[], first: number): boolean {
  const previous = tokens[first - 1];
  return Boolean(
    tokens[first]?.capital && !tokens[first]?.breakBefore && previous?.capital && !previous.sentenceStart,
  );
}

export function spanishProperName(tokens: readonly Token[], first: number, last: number): boolean {
  const token = tokens[first];
  if (!token?.capital || token.sentenceStart || token.opensQuote || first !== last) return false;
  return !ES_DETERMINERS.has(tokens[first - 1]?.norm ?? "");
}

const EN_NAMED = new Set(["named", "called", "nicknamed"]);
const EN_NAME_BEARERS = new Set([
  "cat",
  "dog",
  "kitten",
  "puppy",
  "horse",
  "pony",
  "pet",
  "bird",
  "parrot",
  "hamster",
  "rabbit",
  "fish",
  "turtle",
  "snake",
  "cow",
  "goat",
  "pig",
  "daughter",
  "son",
  "baby",
  "friend",
  "cousin",
  "boy",
  "girl",
  "man",
  "woman",
  "guy",
]);

/**
 * Names given in the dream ("my cat Pumpkin", "a dog named Bear"): every later use of that capitalised
 * word is the name, not the thing ("Pumpkin was sitting on the wardrobe").
 */
export function namesGiven(tokens: readonly Token[], language: Language): Set<string> {
  const names = new Set<string>();
  if (language === "es") {
    // "mi perra Luna ... Luna me lame la cara": a name used inside a sentence is the name at its start too.
    for (let k = 1; k < tokens.length; k++)
      if (spanishProperName(tokens, k, k)) names.add(tokens[k]?.norm ?? "");
    return names;
  }
  for (let k = 1; k < tokens.length; k++) {
    const token = tokens[k] as Token;
    if (!token.capital || token.breakBefore) continue;
    const previous = tokens[k - 1]?.norm ?? "";
    if (EN_NAMED.has(previous) || EN_NAME_BEARERS.has(previous)) names.add(token.norm);
  }
  return names;
}

const RELIGIOUS_TITLES = new Set([
  "father",
  "mother",
  "sister",
  "brother",
  "padre",
  "madre",
  "hermana",
  "hermano",
  "sor",
  "fray",
]);
const POSSESSIVES = new Set([
  "my",
  "his",
  "her",
  "our",
  "their",
  "your",
  "mi",
  "su",
  "tu",
  "nuestro",
  "nuestra",
]);

/** "Father Brennan said a prayer", "el padre Chuy": a priest or nun, not a relative. */
export function religiousTitle(tokens: readonly Token[], first: number): boolean {
  const token = tokens[first];
  const next = tokens[first + 1];
  if (!token || !RELIGIOUS_TITLES.has(token.norm) || !next?.capital || next.breakBefore) return false;
  if (POSSESSIVES.has(tokens[first - 1]?.norm ?? "")) return false;
  // Spanish "el padre Chuy" has its title in lower case; English capitalises it.
  return token.capital || tokens[first - 1]?.norm === "el" || tokens[first - 1]?.norm === "la";
}

import type { Language } from "../morphology";
import type { Token } from "../text";
import * as shared from "./words";

// Bound once: the module loader reads imports through getters, and these run for every word of every dream.
const { EN_POSSESSIVES, before } = shared;

/**
 * Words that are names, not things: exclamations ("Oh my God"), titles and initials ("Miss Hens", "E. Town"),
 * names given in the dream ("my cat Pumpkin", "mi hija Mora"), Spanish verbs that fold to nouns ("me monté").
 */

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
  "sgt",
  "lt",
  "capt",
  "cpl",
  "pvt",
  "col",
  "gen",
  "rev",
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
    // "the dog's name is Duke"
    if ((previous === "is" || previous === "was") && tokens[k - 2]?.norm === "name") names.add(token.norm);
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
const POSSESSIVES = new Set([...EN_POSSESSIVES, "mi", "su", "tu", "nuestro", "nuestra"]);

/** "Father Brennan said a prayer", "el padre Chuy": a priest or nun, not a relative. */
export function religiousTitle(tokens: readonly Token[], first: number): boolean {
  const token = tokens[first];
  const next = tokens[first + 1];
  if (!token || !RELIGIOUS_TITLES.has(token.norm) || !next?.capital || next.breakBefore) return false;
  if (POSSESSIVES.has(tokens[first - 1]?.norm ?? "")) return false;
  // Spanish "el padre Chuy" has its title in lower case; English capitalises it.
  return token.capital || tokens[first - 1]?.norm === "el" || tokens[first - 1]?.norm === "la";
}

/**
 * An animal's word inside a capitalised name: "the Elks Lodge", "my Lion King poster", "the Chicago Bulls".
 * Not at a sentence's start, where every word is capitalised.
 */
export function animalInName(tokens: readonly Token[], first: number, last: number): boolean {
  const token = tokens[first];
  if (!token?.capital || token.sentenceStart || first !== last) return false;
  const next = tokens[last + 1];
  const previous = tokens[first - 1];
  return Boolean(
    (next?.capital && !next.breakBefore) ||
      (previous?.capital && !previous.sentenceStart && !token.breakBefore),
  );
}

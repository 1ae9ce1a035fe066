/**
 * How place names are compared: the gazetteer builder deduplicates names with it and the search index keys on
 * it, so "Múnich", "MUNICH" and "munich" meet, and so do "Saint-Étienne" and "saint etienne".
 */

const COMBINING_MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;
/** Latin letters NFD does not decompose into a base letter and a mark. */
const UNDECOMPOSABLE: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
};
const UNDECOMPOSABLE_LETTERS = new RegExp(`[${Object.keys(UNDECOMPOSABLE).join("")}]`, "g");

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const NOT_ASCII_LETTER_OR_DIGIT = /[^a-z0-9]+/g;

/** Lower case, accents and punctuation folded away, words separated by one space. */
export function foldPlaceName(text: string): string {
  // Most names are plain ASCII: the Unicode path (NFD, marks) is only paid for the others.
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().replace(NOT_ASCII_LETTER_OR_DIGIT, " ").trim();
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .replace(UNDECOMPOSABLE_LETTERS, (letter) => UNDECOMPOSABLE[letter]!)
    .replace(NOT_LETTER_OR_DIGIT, " ")
    .trim();
}

const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

/** True for a name written in Latin script only ("Nueva York", "Ciudad de México"; not "Мюнхен"). */
export function isLatinScript(name: string): boolean {
  return LATIN_LETTER.test(name) && !NON_LATIN_LETTER.test(name);
}

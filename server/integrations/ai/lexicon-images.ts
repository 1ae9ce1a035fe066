import type { LexiconData, SymbolCategory } from "../../engine/lexicon/schema";
import type { Language } from "../../engine/morphology";

/**
 * The lexicon's images a model's answer may not bring in: a reading or an oracle message that names one the
 * engine did not recognise has invented it. Both writers hand this list to check-model-reading.ts.
 */

// Symbols that are dream images: naming one the text lacks invents it. Feelings, actions, colours, numbers and
// abstractions are the reading's own vocabulary.
const IMAGE_CATEGORIES: ReadonlySet<SymbolCategory> = new Set([
  "nature",
  "animal",
  "people",
  "spiritual",
  "body",
  "place",
  "object",
  "event",
]);

// Images whose names are everyday words of guidance or of the practice ("mirrors your", "a door opens",
// "the thread running through", "your breath", "tu papel", "lo desconocido"): the lexicon's own prose about
// other symbols uses them this way, so banning them would reject most honest readings.
const GUIDANCE_WORDS: ReadonlySet<string> = new Set([
  "back",
  "bed",
  "breath",
  "bridge",
  "candle",
  "cold",
  "crystal",
  "destiny",
  "door",
  "energy",
  "exhaustion",
  "face",
  "fountain",
  "gift",
  "hand",
  "heart",
  "heat",
  "injury",
  "key",
  "landscape",
  "leaf",
  "map",
  "mask",
  "meeting",
  "mirror",
  "nature",
  "night",
  "notebook",
  "pain",
  "paper",
  "pen",
  "ritual",
  "road",
  "room",
  "root",
  "seed",
  "soil",
  "soul",
  "station",
  "stranger",
  "thread",
  "treasure",
  "wall",
  "well",
  "younger_self",
]);

type Image = { key: string; names: Record<Language, string> };

// A lexicon is loaded once and checked against by many requests: list its images once.
const imagesByLexicon = new WeakMap<LexiconData, readonly Image[]>();

function imagesOf(lexicon: LexiconData): readonly Image[] {
  let images = imagesByLexicon.get(lexicon);
  if (!images) {
    images = lexicon.symbols
      .filter((entry) => IMAGE_CATEGORIES.has(entry.category) && !GUIDANCE_WORDS.has(entry.key))
      .map((entry) => ({ key: entry.key, names: { en: entry.en.name, es: entry.es.name } }));
    imagesByLexicon.set(lexicon, images);
  }
  return images;
}

/** The names, in the answer's language, of every image the engine did not recognise in the text. */
export function unrecognisedImageNames(
  lexicon: LexiconData,
  recognisedKeys: ReadonlySet<string>,
  language: Language,
): string[] {
  return imagesOf(lexicon)
    .filter((image) => !recognisedKeys.has(image.key))
    .map((image) => image.names[language]);
}

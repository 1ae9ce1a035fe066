import type { AppContext } from "../../context";
import { readDream } from "../../engine/reading/index";
import { translationDay } from "./daily-reset";
import { recognize } from "./recognize";

/** One dream per language, reaching the matcher's rules and the reading's analysers and composer. */
const SAMPLE_DREAMS = [
  "I dreamt that a big dog chased me through my grandmother's house and I could not find the door.",
  "Soñé que una culebra me perseguía por la casa de mi abuela y no encontraba la puerta.",
];

/**
 * Compiles the symbol engine and translates a dream in each language once, before the server listens: otherwise
 * the first user's translation pays for compiling the lexicon (seconds) instead of milliseconds. The day it is
 * counted on is computed once too: the first time-zone computation loads the time-zone library and data (80 ms).
 */
export function warmUpTranslation(ctx: Pick<AppContext, "symbols">): void {
  for (const content of SAMPLE_DREAMS) {
    const { result, lexicon, language } = recognize(ctx, content, "en");
    readDream(content, result.symbols, lexicon, {
      language,
      premium: true,
      ultraSimplified: false,
      category: null,
    });
  }
  translationDay(new Date(), "America/Mexico_City", null);
}

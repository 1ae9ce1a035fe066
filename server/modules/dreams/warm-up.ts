import type { AppContext } from "../../context";
import { compose } from "../../engine/composer";
import { recognize } from "./recognize";

/** One dream per language, reaching the matcher's rules and the composer. */
const SAMPLE_DREAMS = [
  "I dreamt that a big dog chased me through my grandmother's house and I could not find the door.",
  "Soñé que una culebra me perseguía por la casa de mi abuela y no encontraba la puerta.",
];

/**
 * Compiles the symbol engine and translates a dream in each language once, before the server listens: otherwise
 * the first user's translation pays for compiling the lexicon (seconds) instead of milliseconds.
 */
export function warmUpTranslation(ctx: Pick<AppContext, "symbols">): void {
  for (const content of SAMPLE_DREAMS) {
    const { result, lexicon, language } = recognize(ctx, content, "en");
    compose(result.symbols, lexicon, { language, premium: true, ultraSimplified: false, category: null });
  }
}

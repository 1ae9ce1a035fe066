import type { Language } from "./morphology";
import type { Token } from "./text";

export type DreamLanguage = Language | "mixed";

// Frequent function words, folded. Words shared by both languages ("a", "no", "me", "con"...) are left out.
const EN_WORDS = new Set(
  "the and i was to of in my it that he she we with but for on had is were they his her there this then at be as when by from were you what just so out up all about into could would like because been have not him them our their an or which".split(
    " ",
  ),
);
const ES_WORDS = new Set(
  "el la de que y en los las un una mi con por era estaba pero se lo del al para su yo habia estabamos muy como porque cuando sus le les donde mis ella soño soñe mas esta este eso esa todo todos tambien despues entonces nos fue ya hasta sin sobre".split(
    " ",
  ),
);

export interface LanguageGuess {
  language: DreamLanguage;
  en: number;
  es: number;
}

/** Guesses the dream's language from function words; "mixed" when both carry real weight. */
export function detectLanguage(tokens: readonly Token[], text = ""): LanguageGuess {
  let en = 0;
  let es = 0;
  for (const token of tokens) {
    if (EN_WORDS.has(token.norm)) en++;
    else if (ES_WORDS.has(token.norm)) es++;
  }
  if (en === es) return { language: /[áéíóúñ¿¡]/i.test(text) ? "es" : "en", en, es };
  const minority = Math.min(en, es);
  const majority = Math.max(en, es);
  if (minority >= 4 && minority / majority >= 0.35) return { language: "mixed", en, es };
  return { language: es > en ? "es" : "en", en, es };
}

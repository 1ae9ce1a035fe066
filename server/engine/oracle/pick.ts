import { dreamHash } from "../reading/dream-hash";

/**
 * Picks one wording among several, by a hash of the text and of the place in the reading (`slot`): the same
 * challenge always reads the same, and each place varies on its own so two readings seldom share a sentence.
 */
export type Pick = <T>(slot: string, options: readonly T[]) => T;

export function pickerFor(text: string): Pick {
  return <T>(slot: string, options: readonly T[]): T => {
    if (options.length === 0) throw new Error(`no wording for ${slot}`);
    return options[dreamHash(`${slot}\n${text}`) % options.length] as T;
  };
}

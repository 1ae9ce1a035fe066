import { surfaceForms } from "../morphology";
import { patternProblem } from "../reading/word-patterns";
import { termWords } from "../text";
import type { LexiconData } from "./schema";

/**
 * Everything that can be wrong with the lexicon data besides its shape (the loader checks that): duplicate
 * keys, missing evaluation keys, a term claimed by two symbols in one language, a generated form that is
 * another symbol's word, references to unknown symbols. Returns one line per problem.
 */
export function checkLexicon(
  data: LexiconData,
  owners: ReadonlyMap<string, string>,
  requiredKeys: Iterable<string> = [],
): string[] {
  const errors: string[] = [];
  const where = (key: string) => `${key} (${owners.get(key) ?? "?"})`;

  const seen = new Set<string>();
  for (const entry of data.symbols) {
    if (seen.has(entry.key)) errors.push(`duplicate key ${entry.key}`);
    seen.add(entry.key);
  }

  for (const key of requiredKeys) {
    if (!seen.has(key)) errors.push(`evaluation key missing from the lexicon: ${key}`);
  }

  const termText = (spec: string | { t: string }) => (typeof spec === "string" ? spec : spec.t);
  const normalised = (term: string) =>
    termWords(term)
      .map((word) => word.replace(/:v$/, "").replace(/^=/, ""))
      .join(" ");

  // Names are unique in the database (case-insensitive): two symbols with one name could not both be stored.
  const nameOwner = new Map<string, string>();
  for (const entry of data.symbols) {
    const name = entry.en.name.toLowerCase();
    const owner = nameOwner.get(name);
    if (owner) errors.push(`name "${entry.en.name}" used by both ${where(owner)} and ${where(entry.key)}`);
    nameOwner.set(name, entry.key);
  }

  for (const language of ["en", "es"] as const) {
    // A phrase that starts with "*" would make the matcher try a wildcard at every word of every dream.
    for (const entry of data.symbols) {
      const side = entry[language];
      for (const spec of [...side.terms, ...Object.values(side.regional ?? {}).flat(), ...(side.not ?? [])]) {
        const term = termText(spec);
        if (term.trim().startsWith("*"))
          errors.push(`${language} "${term}" of ${where(entry.key)} starts with "*": start with a word`);
      }
    }
    const termOwner = new Map<string, string>();
    const lemmaOwner = new Map<string, string>();
    for (const entry of data.symbols) {
      const side = entry[language];
      const all = [...side.terms, ...Object.values(side.regional ?? {}).flat()];
      for (const spec of all) {
        // A word of two senses may sit in two symbols when each use is told apart by context (near/notNear):
        // "cielo" is sky, or heaven near "Dios".
        if (typeof spec !== "string" && (spec.near || spec.notNear)) continue;
        const term = normalised(termText(spec));
        const owner = termOwner.get(term);
        if (owner && owner !== entry.key)
          errors.push(`${language} term "${term}" in both ${where(owner)} and ${where(entry.key)}`);
        termOwner.set(term, entry.key);
        if (!term.includes(" ")) lemmaOwner.set(term, entry.key);
      }
    }
    // A generated form that is another symbol's own word ("perra" from "perro" while "perra" is elsewhere).
    for (const entry of data.symbols) {
      const gendered = entry.category === "people" || entry.category === "animal";
      for (const spec of entry[language].terms) {
        if (typeof spec !== "string" && (spec.near || spec.notNear)) continue;
        const raw = termText(spec);
        if (raw.includes(" ") || raw.startsWith("=")) continue;
        const isVerb = raw.endsWith(":v");
        for (const form of surfaceForms(normalised(raw), { language, verb: isVerb, gendered })) {
          const other = lemmaOwner.get(form);
          if (other && other !== entry.key) {
            errors.push(
              `${language} "${raw}" of ${where(entry.key)} also produces "${form}", a term of ${where(other)} (write it with "=" or drop one)`,
            );
          }
        }
      }
    }
  }

  for (const entry of data.symbols) {
    const terms = [
      ...entry.en.terms,
      ...entry.es.terms,
      ...Object.values(entry.es.regional ?? {}).flat(),
    ].map(termText);
    for (const [term, keys] of Object.entries(entry.alsoKeys ?? {})) {
      if (!terms.includes(term))
        errors.push(`${where(entry.key)}: alsoKeys names "${term}", which is not one of its terms`);
      for (const key of keys)
        if (!seen.has(key)) errors.push(`${where(entry.key)}: alsoKeys gives unknown symbol ${key}`);
    }
  }

  for (const celebrity of data.celebrities) {
    if (celebrity.aliases.some((alias) => alias !== alias.toLowerCase()))
      errors.push(`celebrity ${celebrity.name}: aliases must be lower case`);
  }
  for (const theme of data.themes) {
    for (const key of theme.symbolKeys)
      if (!seen.has(key)) errors.push(`theme ${theme.key}: unknown symbol ${key}`);
    for (const cue of [...(theme.cues?.en ?? []), ...(theme.cues?.es ?? [])]) {
      const problem = patternProblem(cue);
      if (problem) errors.push(`theme ${theme.key}: cue ${problem}`);
    }
  }
  for (const combo of data.combined) {
    for (const key of combo.symbolKeys)
      if (!seen.has(key)) errors.push(`combined symbol ${combo.key}: unknown symbol ${key}`);
  }
  return errors;
}

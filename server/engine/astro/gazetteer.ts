import type { BirthPlace } from "../../../contract/oracle";
import type { Language } from "../morphology";

/** Places whose English or Spanish (or other Latin-script) names start with or equal the query, best first. */
export function searchPlaces(query: string, language: Language, limit: number): BirthPlace[] {
  throw new Error(`not built yet: ${query} ${language} ${limit}`);
}

/** The place the user picked from the suggestions. */
export function placeById(id: number, language: Language): BirthPlace | undefined {
  throw new Error(`not built yet: ${id} ${language}`);
}

/** The best place for a typed name ("Nueva York", "London, CA", "Springfield, IL"); undefined when none. */
export function resolvePlace(text: string, language: Language): BirthPlace | undefined {
  throw new Error(`not built yet: ${text} ${language}`);
}

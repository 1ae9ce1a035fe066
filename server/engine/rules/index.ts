/**
 * Generic rules that decide whether a word found in a dream speaks of something in the dream (labelling
 * rules of ../shared/eval/README.md): things stated absent ("there was no water"), comparisons ("like a
 * snake"), and actions only wanted, planned, feared or almost done ("almost kissed", "quería bailar").
 * Most rules look only at the few words before a hit, inside the same clause.
 */

export { deniedAfter, formerlyThere, negatedAction, statedAbsent } from "./absence";
export { comparison, featureOfAnotherCreature } from "./likeness";
export {
  animalInName,
  exclamation,
  inSpanishPlaceName,
  namesGiven,
  partOfName,
  religiousTitle,
  spanishProperName,
  verbAfterClitic,
} from "./names";
export { GENERIC_ROOM, refersBackToRoom, SPECIFIC_ROOMS } from "./rooms";
export { quotedImperative, unrealAction, unrealEvent, unrealVerbForm } from "./unreal";

import type { Token } from "../text";

/**
 * "The room" named again after a bedroom (or another room with its own symbol) is that room.
 */

// --- A place named again --------------------------------------------------------------------------------

/** The generic room symbol and the rooms that have their own symbols (labelling rule 4). */
export const GENERIC_ROOM = "room";
export const SPECIFIC_ROOMS: ReadonlySet<string> = new Set([
  "bedroom",
  "bathroom",
  "kitchen",
  "basement",
  "attic",
]);
const GENERIC_ROOM_WORDS = new Set(["room", "habitacion", "cuarto", "pieza"]);
const REFERRING = new Set([
  "the",
  "that",
  "this",
  "la",
  "el",
  "esa",
  "ese",
  "esta",
  "este",
  "aquella",
  "aquel",
]);
/** Words after "the room" that introduce another room: "the room where...", "the room I was in". */
const INTRODUCING = new Set([
  "where",
  "that",
  "which",
  "with",
  "of",
  "i",
  "we",
  "he",
  "she",
  "they",
  "you",
  "next",
  "donde",
  "que",
  "con",
  "de",
  "del",
  "en",
]);

/**
 * "I go into the bedroom... when I enter the room": a definite "the room" that follows a bedroom (or
 * another room with its own symbol) names that room again, not another one.
 */
export function refersBackToRoom(tokens: readonly Token[], first: number, last: number): boolean {
  // Only the plain words for a room: "la sala" is a living room of its own.
  if (first !== last || !GENERIC_ROOM_WORDS.has(tokens[first]?.norm ?? "")) return false;
  if (!REFERRING.has(tokens[first - 1]?.norm ?? "") || tokens[first]?.breakBefore) return false;
  const next = tokens[last + 1];
  return !next || next.breakBefore || !INTRODUCING.has(next.norm);
}

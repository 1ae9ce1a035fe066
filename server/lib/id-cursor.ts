import { validationError } from "./errors";

/**
 * The admin lists page by row id (ids grow with time). The cursor is the last id of the previous page; anything
 * else is refused as invalid rather than reaching the database.
 */
export function decodeIdCursor(cursor: string): number {
  const id = /^[1-9]\d{0,9}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!(id <= 2_147_483_647)) throw validationError("validation.invalidPageCursor", "cursor");
  return id;
}

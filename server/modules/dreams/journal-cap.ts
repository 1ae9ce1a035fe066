import { eq } from "drizzle-orm";
import { MAX_JOURNAL_DREAMS } from "../../../contract/dreams";
import type { Queryable } from "../../db/client";
import { dreams } from "../../db/schema/index";
import { AppError } from "../../lib/errors";

/** Refuses (409) adding `adding` dreams to a journal that holds `held`, past MAX_JOURNAL_DREAMS. */
export function assertJournalRoom(held: number, adding: number): void {
  if (held + adding > MAX_JOURNAL_DREAMS) {
    throw new AppError("CONFLICT", "dreams.journalFull", {
      params: { max: MAX_JOURNAL_DREAMS },
      reason: "QUOTA_EXCEEDED",
    });
  }
}

/** The same check before saving one more dream: a count over the user's index, a few ms even at the cap. */
export async function assertRoomForOneMore(db: Queryable, userId: number): Promise<void> {
  assertJournalRoom(await db.$count(dreams, eq(dreams.userId, userId)), 1);
}

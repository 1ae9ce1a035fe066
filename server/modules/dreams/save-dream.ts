import { isPremium } from "../../../contract/billing-constants";
import type { SaveDreamBody } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { autoTitle, type DreamRow, dreamColumns } from "./dream-presenter";
import { assertClaimedUser } from "./dreams.policy";
import { assertRoomForOneMore } from "./journal-cap";
import { bySalience, readWithHistory } from "./read-dream";
import { readForJournal } from "./translation-receipt";

/**
 * Saves a dream to the user's journal; the symbols are recognised again here rather than taken from the client,
 * with their meanings only when the user may have them (readForJournal),
 * and with the reading's short version, central symbols and care flags when it has them.
 */
export async function saveDream(
  ctx: Pick<AppContext, "db" | "symbols" | "config" | "clock">,
  user: SessionUser,
  body: SaveDreamBody,
): Promise<DreamRow> {
  assertClaimedUser(body.userId, user);
  await assertRoomForOneMore(ctx.db, user.id);
  const read = readForJournal(ctx, user, body.content, body.translationReceipt);
  const reading = read.meaningsWithheld
    ? null
    : await readWithHistory(ctx, user, body.content, read, {
        premium: isPremium(user),
        ultraSimplified: false,
        category: body.category ?? null,
      });
  const [row] = await ctx.db
    .insert(dreams)
    .values({
      userId: user.id,
      title: body.title?.trim() || autoTitle(body.content),
      content: body.content,
      translation: body.translation ?? null,
      recognizedSymbols: reading ? bySalience(read.symbols, reading) : read.symbols,
      symbolKeys: read.keys,
      meaningsWithheld: read.meaningsWithheld,
      reading: reading?.info ?? null,
      isPremiumTranslation: Boolean(body.isPremiumTranslation) && isPremium(user),
      category: body.category ?? null,
      tags: [...new Set(body.tags ?? [])],
      language: read.language,
    })
    .returning(dreamColumns);
  return row as DreamRow;
}

import { isPremium } from "../../../contract/billing-constants";
import type { SaveDreamBody } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { autoTitle, type DreamRow, dreamColumns } from "./dream-presenter";
import { assertClaimedUser } from "./dreams.policy";
import { assertRoomForOneMore } from "./journal-cap";
import { readForJournal } from "./translation-receipt";

/**
 * Saves a dream to the user's journal; the symbols are recognised again here rather than taken from the client,
 * with their meanings only when the user may have them (readForJournal).
 */
export async function saveDream(
  ctx: Pick<AppContext, "db" | "symbols" | "config" | "clock">,
  user: SessionUser,
  body: SaveDreamBody,
): Promise<DreamRow> {
  assertClaimedUser(body.userId, user);
  await assertRoomForOneMore(ctx.db, user.id);
  const { symbols, keys, language, meaningsWithheld } = readForJournal(
    ctx,
    user,
    body.content,
    body.translationReceipt,
  );
  const [row] = await ctx.db
    .insert(dreams)
    .values({
      userId: user.id,
      title: body.title?.trim() || autoTitle(body.content),
      content: body.content,
      translation: body.translation ?? null,
      recognizedSymbols: symbols,
      symbolKeys: keys,
      meaningsWithheld,
      isPremiumTranslation: Boolean(body.isPremiumTranslation) && isPremium(user),
      category: body.category ?? null,
      tags: [...new Set(body.tags ?? [])],
      language,
    })
    .returning(dreamColumns);
  return row as DreamRow;
}

import type { SaveDreamBody } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { isPremium } from "../accounts/user-presenter";
import { autoTitle, type DreamRow, dreamColumns } from "./dream-presenter";
import { assertClaimedUser } from "./dreams.policy";
import { recognize } from "./recognize";

/** Saves a dream to the user's journal; the symbols are recognised again here rather than taken from the client. */
export async function saveDream(
  ctx: Pick<AppContext, "db" | "symbols">,
  user: SessionUser,
  body: SaveDreamBody,
): Promise<DreamRow> {
  assertClaimedUser(body.userId, user);
  const { symbols, keys, language } = recognize(ctx, body.content, user.language);
  const [row] = await ctx.db
    .insert(dreams)
    .values({
      userId: user.id,
      title: body.title?.trim() || autoTitle(body.content),
      content: body.content,
      translation: body.translation ?? null,
      recognizedSymbols: symbols,
      symbolKeys: keys,
      isPremiumTranslation: Boolean(body.isPremiumTranslation) && isPremium(user),
      category: body.category ?? null,
      tags: [...new Set(body.tags ?? [])],
      language,
    })
    .returning(dreamColumns);
  return row as DreamRow;
}

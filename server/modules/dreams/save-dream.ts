import { isPremium } from "../../../contract/billing-constants";
import type { SaveDreamBody } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import { type IdempotencyKey, type IdempotentOutcome, runIdempotent } from "../../lib/idempotency";
import type { SessionUser } from "../accounts/sessions";
import { autoTitle, type DreamRow, dreamColumns } from "./dream-presenter";
import { assertClaimedUser } from "./dreams.policy";
import { assertRoomForOneMore } from "./journal-cap";
import { getDream } from "./own-dream";
import { bySalience, readWithHistory } from "./read-dream";
import { readForJournal } from "./translation-receipt";

/**
 * Saves a dream to the user's journal; the symbols are recognised again here rather than taken from the client,
 * with their meanings only when the user may have them (readForJournal),
 * and with the reading's short version, central symbols and care flags when it has them.
 * With an Idempotency-Key a retry answers the dream the first attempt saved (read again) instead of a second one.
 */
export function saveDreamOnce(
  ctx: Pick<AppContext, "db" | "symbols" | "config" | "clock">,
  user: SessionUser,
  body: SaveDreamBody,
  idempotency: IdempotencyKey | undefined,
): Promise<IdempotentOutcome<DreamRow>> {
  return runIdempotent(ctx, user.id, idempotency, body, {
    prepare: () => dreamToInsert(ctx, user, body),
    create: async (tx, values) => {
      const [row] = await tx.insert(dreams).values(values).returning(dreamColumns);
      return { statusCode: 201, resourceId: row!.id, result: row as DreamRow };
    },
    replay: (id) => getDream(ctx, user, Number(id)),
  });
}

/** saveDream without a key (scripts, benches). */
export async function saveDream(
  ctx: Pick<AppContext, "db" | "symbols" | "config" | "clock">,
  user: SessionUser,
  body: SaveDreamBody,
): Promise<DreamRow> {
  return (await saveDreamOnce(ctx, user, body, undefined)).result;
}

/** The checks and the symbol reading, done before the write's transaction. */
async function dreamToInsert(
  ctx: Pick<AppContext, "db" | "symbols" | "config" | "clock">,
  user: SessionUser,
  body: SaveDreamBody,
): Promise<typeof dreams.$inferInsert> {
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
  return {
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
  };
}

import { and, eq } from "drizzle-orm";
import { isPremium } from "../../../contract/billing-constants";
import type { UpdateDreamBody } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { type DreamRow, dreamColumns } from "./dream-presenter";
import { bySalience, readWithHistory } from "./read-dream";
import { readForJournal } from "./translation-receipt";

/** Another user's dream answers exactly like a missing one: 404, so ids reveal nothing. */
const ownDream = (user: SessionUser, id: number) => and(eq(dreams.id, id), eq(dreams.userId, user.id));

export async function getDream(
  ctx: Pick<AppContext, "db">,
  user: SessionUser,
  id: number,
): Promise<DreamRow> {
  const [row] = await ctx.db.select(dreamColumns).from(dreams).where(ownDream(user, id)).limit(1);
  if (!row) throw notFound("errors.dreamNotFound");
  return row;
}

/**
 * Edits a dream. New content is read again for symbols, with their meanings only when the user may have them
 * (readForJournal); a receipt alone (the journal's "Translate this dream") applies to the stored content.
 */
export async function updateDream(
  ctx: Pick<AppContext, "db" | "symbols" | "config" | "clock">,
  user: SessionUser,
  id: number,
  body: UpdateDreamBody,
): Promise<DreamRow> {
  const changes: Partial<typeof dreams.$inferInsert> = {
    title: body.title,
    translation: body.translation,
    category: body.category,
    tags: body.tags ? [...new Set(body.tags)] : undefined,
  };
  // The content is written back with the symbols read from it, so what is stored always matches what the
  // receipt vouched for, even if another edit of the dream lands in between.
  const content =
    body.content ?? (body.translationReceipt ? (await getDream(ctx, user, id)).content : undefined);
  const read = content === undefined ? null : readForJournal(ctx, user, content, body.translationReceipt);
  // A receipt alone that does not vouch for the stored content leaves the stored symbols as they are.
  if (content !== undefined && read && (body.content !== undefined || !read.meaningsWithheld)) {
    const reading = read.meaningsWithheld
      ? null
      : await readWithHistory(ctx, user, content, read, {
          premium: isPremium(user),
          ultraSimplified: false,
          category: body.category ?? null,
          dreamId: id,
        });
    Object.assign(changes, {
      content,
      recognizedSymbols: reading ? bySalience(read.symbols, reading) : read.symbols,
      symbolKeys: read.keys,
      language: read.language,
      meaningsWithheld: read.meaningsWithheld,
      reading: reading?.info ?? null,
    });
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] = await ctx.db
    .update(dreams)
    .set({ ...defined, updatedAt: new Date() })
    .where(ownDream(user, id))
    .returning(dreamColumns);
  if (!row) throw notFound("errors.dreamNotFound");
  return row;
}

export async function deleteDream(ctx: Pick<AppContext, "db">, user: SessionUser, id: number): Promise<void> {
  const deleted = await ctx.db.delete(dreams).where(ownDream(user, id)).returning({ id: dreams.id });
  if (deleted.length === 0) throw notFound("errors.dreamNotFound");
}

import { and, eq } from "drizzle-orm";
import type { UpdateDreamBody } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { type DreamRow, dreamColumns } from "./dream-presenter";
import { recognize } from "./recognize";

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

export async function updateDream(
  ctx: Pick<AppContext, "db" | "symbols">,
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
  if (body.content !== undefined) {
    const { symbols, keys, language } = recognize(ctx, body.content, user.language);
    Object.assign(changes, { content: body.content, recognizedSymbols: symbols, symbolKeys: keys, language });
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

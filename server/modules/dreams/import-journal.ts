import { eq } from "drizzle-orm";
import type { JournalExport } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { recognize } from "./recognize";

/**
 * Reads a journal exported by CHITTA back in. Idempotent: a dream already in the journal (same moment and
 * same text) is skipped, so importing a file twice adds nothing. All or nothing: one transaction.
 */
export async function importJournal(
  ctx: Pick<AppContext, "db" | "symbols">,
  user: SessionUser,
  journal: JournalExport,
): Promise<{ imported: number; skipped: number }> {
  return ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ createdAt: dreams.createdAt, content: dreams.content })
      .from(dreams)
      .where(eq(dreams.userId, user.id));
    const seen = new Set(existing.map((row) => `${row.createdAt.toISOString()}\u0000${row.content}`));
    const fresh = journal.dreams.filter((dream) => {
      const id = `${new Date(dream.createdAt).toISOString()}\u0000${dream.content}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    for (let i = 0; i < fresh.length; i += 500) {
      await tx.insert(dreams).values(
        fresh.slice(i, i + 500).map((dream) => {
          const { symbols, keys, language } = recognize(ctx, dream.content, user.language);
          return {
            userId: user.id,
            title: dream.title,
            content: dream.content,
            translation: dream.translation,
            recognizedSymbols: symbols,
            symbolKeys: keys,
            // Premium is never granted by a file.
            isPremiumTranslation: false,
            category: dream.category,
            tags: [...new Set(dream.tags)],
            language,
            createdAt: new Date(dream.createdAt),
          };
        }),
      );
    }
    return { imported: fresh.length, skipped: journal.dreams.length - fresh.length };
  });
}

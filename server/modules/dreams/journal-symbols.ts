import { sql } from "drizzle-orm";
import type { JournalSymbols } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import type { Language } from "../../engine/morphology";
import type { SessionUser } from "../accounts/sessions";

const MOST_FREQUENT = 200;

/** How often each symbol appears in the user's journal, named in the reader's language. */
export async function journalSymbols(
  ctx: Pick<AppContext, "db" | "symbols">,
  user: SessionUser,
  language: Language,
): Promise<JournalSymbols> {
  const key = sql<string>`symbol_key`;
  const rows = await ctx.db
    .select({ key, count: sql<number>`count(*)::int` })
    .from(sql`${dreams}, unnest(${dreams.symbolKeys}) as symbol_key`)
    .where(sql`${dreams.userId} = ${user.id}`)
    .groupBy(key)
    .orderBy(sql`count(*) desc`, key)
    .limit(MOST_FREQUENT);
  const known = ctx.symbols.current().lexicon.symbols;
  return rows.flatMap((row) => {
    const info = known.get(row.key);
    return info
      ? [{ key: row.key, name: info.names[language], category: info.category, count: row.count }]
      : [];
  });
}

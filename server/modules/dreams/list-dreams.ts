import { and, arrayContains, arrayOverlaps, eq, gte, lte, or, type SQL, sql } from "drizzle-orm";
import { MAX_ROW_ID } from "../../../contract/constants";
import type { ListDreamsQuery } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { dreams } from "../../db/schema/index";
import { validationError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { type DreamRow, dreamColumns } from "./dream-presenter";

interface Cursor {
  createdAt: string;
  id: number;
}

export function encodeCursor(row: Pick<DreamRow, "createdAt" | "id">): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): Cursor {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // Only what encodeCursor writes, an ISO instant of years 1 to 9999 (the database refuses others) and a row id:
  // a forged cursor is refused here rather than by the database with a 500.
  const instant = new Date(createdAt ?? Number.NaN);
  const genuine =
    createdAt !== undefined &&
    !Number.isNaN(instant.getTime()) &&
    instant.toISOString() === createdAt &&
    /^(?!0000)\d{4}-/.test(createdAt) &&
    id !== undefined &&
    /^\d{1,10}$/.test(id) &&
    Number(id) <= MAX_ROW_ID;
  if (!genuine) {
    throw validationError("validation.invalidCursor", "cursor");
  }
  return { createdAt, id: Number(id) };
}

/**
 * Matches the index (user_id, created_at DESC NULLS LAST, id DESC NULLS LAST) exactly: a plain DESC means
 * NULLS FIRST, which the planner cannot read from that index, and it would sort the whole journal instead.
 */
export const newestFirst = [sql`${dreams.createdAt} desc nulls last`, sql`${dreams.id} desc nulls last`];

/**
 * One page of the user's journal, newest first, with keyset pagination (stable under inserts, and as fast
 * on page 1,000 as on page 1). The search matches words stemmed in English and Spanish, and the symbols
 * the words name in either language: "agua" finds a dream about water written in English.
 */
export async function listDreams(
  ctx: Pick<AppContext, "db" | "symbols">,
  user: SessionUser,
  query: ListDreamsQuery,
): Promise<{ rows: DreamRow[]; nextCursor: string | null }> {
  const filtered = query.q || query.category || query.tag || query.symbol || query.from || query.to;
  if (!filtered) {
    // The journal as most people open it, page after page: prepared statements, no SQL rebuilt per request.
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const pages = journalPages(ctx.db);
    const rows = cursor
      ? await pages.after.execute({
          userId: user.id,
          createdAt: cursor.createdAt,
          id: cursor.id,
          limit: query.limit + 1,
        })
      : await pages.first.execute({ userId: user.id, limit: query.limit + 1 });
    return toPage(rows, query.limit);
  }
  const conditions: Array<SQL | undefined> = [eq(dreams.userId, user.id)];
  if (query.q) {
    const keys = ctx.symbols
      .current()
      .match(query.q, { language: "mixed" })
      .symbols.map((symbol) => symbol.key);
    conditions.push(
      or(
        sql`${dreams.searchVector} @@ (plainto_tsquery('english', ${query.q}) || plainto_tsquery('spanish', ${query.q}))`,
        keys.length > 0 ? arrayOverlaps(dreams.symbolKeys, keys) : undefined,
      ),
    );
  }
  if (query.category) conditions.push(eq(dreams.category, query.category));
  if (query.tag) conditions.push(arrayContains(dreams.tags, [query.tag]));
  if (query.symbol) conditions.push(arrayContains(dreams.symbolKeys, [query.symbol]));
  if (query.from) conditions.push(gte(dreams.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(dreams.createdAt, new Date(query.to)));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(
      sql`(${dreams.createdAt}, ${dreams.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`,
    );
  }
  const rows = await ctx.db
    .select(dreamColumns)
    .from(dreams)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(query.limit + 1);
  return toPage(rows, query.limit);
}

function toPage(rows: DreamRow[], limit: number): { rows: DreamRow[]; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, nextCursor: hasMore && last ? encodeCursor(last) : null };
}

function prepareJournalPages(db: Database) {
  const base = (extra?: SQL) =>
    db
      .select(dreamColumns)
      .from(dreams)
      .where(and(eq(dreams.userId, sql.placeholder("userId")), extra))
      .orderBy(...newestFirst)
      .limit(sql.placeholder("limit"));
  return {
    first: base().prepare("journal_first_page"),
    after: base(
      sql`(${dreams.createdAt}, ${dreams.id}) < (${sql.placeholder("createdAt")}::timestamptz, ${sql.placeholder("id")}::integer)`,
    ).prepare("journal_next_page"),
  };
}

const preparedPages = new WeakMap<Database, ReturnType<typeof prepareJournalPages>>();

function journalPages(db: Database) {
  let pages = preparedPages.get(db);
  if (!pages) {
    pages = prepareJournalPages(db);
    preparedPages.set(db, pages);
  }
  return pages;
}

import { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { JOURNAL_FORMAT, type JournalExport } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import { type Language, translator } from "../../lib/i18n";
import type { SessionUser } from "../accounts/sessions";
import { type DreamRow, dreamColumns, presentDream } from "./dream-presenter";
import { type BulkLane, keysetAt, keysetPages, statementPace } from "./journal-bulk";

/** Every dream of the user, oldest first, a page at a time through the bulk lane. */
function journalPages(
  ctx: Pick<AppContext, "db">,
  lane: BulkLane,
  user: SessionUser,
): AsyncGenerator<DreamRow[]> {
  return keysetPages(lane, statementPace({ first: 50, min: 20, max: 500 }), (after, limit) =>
    ctx.db
      .select({ ...dreamColumns, at: keysetAt })
      .from(dreams)
      .where(and(eq(dreams.userId, user.id), after))
      .orderBy(asc(dreams.createdAt), asc(dreams.id))
      .limit(limit),
  );
}

/** A dream as our JSON format carries it, which the import reads back. */
function exportedDream(row: DreamRow): JournalExport["dreams"][number] {
  const dream = presentDream(row);
  return {
    title: dream.title,
    content: dream.content,
    translation: dream.translation,
    recognizedSymbols: dream.recognizedSymbols,
    isPremiumTranslation: dream.isPremiumTranslation,
    category: dream.category,
    tags: dream.tags,
    language: dream.language === "es" || dream.language === "en" ? dream.language : null,
    createdAt: dream.createdAt,
  };
}

/** The whole journal in our JSON format, written page by page: never the whole journal in memory. */
async function* jsonChunks(ctx: Pick<AppContext, "clock">, pages: AsyncIterable<DreamRow[]>) {
  const head: Omit<JournalExport, "dreams"> = {
    format: JOURNAL_FORMAT,
    version: 1,
    exportedAt: ctx.clock.now().toISOString(),
  };
  yield `${JSON.stringify(head).slice(0, -1)},"dreams":[`;
  let separator = "";
  for await (const page of pages) {
    yield separator + page.map((row) => JSON.stringify(exportedDream(row))).join(",");
    separator = ",";
  }
  yield "]}";
}

/** The journal as a readable Markdown document, in the reader's language. */
async function* markdownChunks(language: Language, pages: AsyncIterable<DreamRow[]>) {
  const t = translator(language);
  const labels = {
    heading: t("dreams.export.heading"),
    symbols: t("dreams.export.symbols"),
    translation: t("dreams.export.translation"),
    tags: t("dreams.export.tags"),
    category: (category: string) => t(`dreams.categories.${category}`),
  };
  yield `# ${labels.heading}`;
  for await (const page of pages) {
    const parts = page.map((row) => {
      const dream = presentDream(row);
      const meta = [
        dream.createdAt.slice(0, 10),
        dream.category ? labels.category(dream.category) : null,
        dream.tags.length ? `${labels.tags}: ${dream.tags.join(", ")}` : null,
      ].filter(Boolean);
      const lines = [`## ${dream.title}`, `*${meta.join(" · ")}*`, "", dream.content];
      if (dream.recognizedSymbols.length > 0) {
        lines.push("", `**${labels.symbols}:** ${dream.recognizedSymbols.map((s) => s.name).join(", ")}`);
      }
      if (dream.translation) lines.push("", `**${labels.translation}**`, "", dream.translation);
      return `\n\n${lines.join("\n")}`;
    });
    yield parts.join("");
  }
  yield "\n";
}

/**
 * The journal as a stream of text: the next page is read only when the client has taken the previous one
 * (a byte-counted buffer, so a slow download holds about one page). The first page is read before answering,
 * so a database that is down gets its 503 rather than a truncated download.
 */
export async function exportJournal(
  ctx: Pick<AppContext, "db" | "clock">,
  lane: BulkLane,
  user: SessionUser,
  format: "json" | "markdown",
  language: Language,
): Promise<Readable> {
  const pages = journalPages(ctx, lane, user);
  const first = await pages.next();
  async function* all() {
    if (!first.done) yield first.value;
    yield* pages;
  }
  const chunks = format === "json" ? jsonChunks(ctx, all()) : markdownChunks(language, all());
  return Readable.from(chunks, { objectMode: false });
}

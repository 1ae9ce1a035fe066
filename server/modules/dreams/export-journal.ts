import { and, asc, eq, gt, or } from "drizzle-orm";
import { JOURNAL_FORMAT, type JournalExport } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreams } from "../../db/schema/index";
import { type Language, translator } from "../../lib/i18n";
import type { SessionUser } from "../accounts/sessions";
import { type DreamRow, dreamColumns, presentDream } from "./dream-presenter";

const EXPORT_PAGE_SIZE = 2000;

/**
 * Every dream of the user, oldest first, read in keyset pages: each query stays short however large the
 * journal (one query for 100,000 dreams took seconds, close to the database's per-query timeout).
 */
async function allDreams(ctx: Pick<AppContext, "db">, user: SessionUser): Promise<DreamRow[]> {
  const rows: DreamRow[] = [];
  for (;;) {
    const last = rows.at(-1);
    const page = await ctx.db
      .select(dreamColumns)
      .from(dreams)
      .where(
        and(
          eq(dreams.userId, user.id),
          last
            ? or(
                gt(dreams.createdAt, last.createdAt),
                and(eq(dreams.createdAt, last.createdAt), gt(dreams.id, last.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(dreams.createdAt), asc(dreams.id))
      .limit(EXPORT_PAGE_SIZE);
    rows.push(...page);
    if (page.length < EXPORT_PAGE_SIZE) return rows;
  }
}

/** The whole journal in our JSON format, which `importJournal` reads back. */
export async function exportJournalJson(
  ctx: Pick<AppContext, "db" | "clock">,
  user: SessionUser,
): Promise<JournalExport> {
  const rows = await allDreams(ctx, user);
  return {
    format: JOURNAL_FORMAT,
    version: 1,
    exportedAt: ctx.clock.now().toISOString(),
    dreams: rows.map((row) => {
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
    }),
  };
}

/** The journal as a readable Markdown document, in the reader's language. */
export async function exportJournalMarkdown(
  ctx: Pick<AppContext, "db">,
  user: SessionUser,
  language: Language,
): Promise<string> {
  const t = translator(language);
  const labels = {
    heading: t("dreams.export.heading"),
    symbols: t("dreams.export.symbols"),
    translation: t("dreams.export.translation"),
    tags: t("dreams.export.tags"),
    category: (category: string) => t(`dreams.categories.${category}`),
  };
  const rows = await allDreams(ctx, user);
  const parts = [`# ${labels.heading}`];
  for (const row of rows) {
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
    parts.push(lines.join("\n"));
  }
  return `${parts.join("\n\n")}\n`;
}

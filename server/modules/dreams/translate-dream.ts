import { and, eq, sql } from "drizzle-orm";
import { isPremium } from "../../../contract/billing-constants";
import type { TranslateDreamBody, TranslateDreamResponse } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { usageWindow } from "../accounts/usage-window";
import { translationDay } from "./daily-reset";
import { assertClaimedUser } from "./dreams.policy";
import { bySalience, readWithHistory } from "./read-dream";
import { recognize } from "./recognize";
import { issueTranslationReceipt } from "./translation-receipt";

/**
 * Recognises the dream's symbols and composes its translation. Free users get a few per local day: the count,
 * its reset and the user's dream statistics change in one conditional UPDATE, so parallel requests can
 * never exceed the limit. The answer carries a receipt that lets the journal keep this text's meanings.
 */
export async function translateDream(
  ctx: Pick<AppContext, "db" | "clock" | "config" | "symbols" | "prose">,
  user: SessionUser,
  body: TranslateDreamBody,
): Promise<TranslateDreamResponse> {
  assertClaimedUser(body.userId, user);
  const premium = isPremium(user);
  const recognition = recognize(ctx, body.content, user.language);
  const reading = await readWithHistory(ctx, user, body.content, recognition, {
    premium,
    ultraSimplified: body.isUltraSimplified ?? false,
    category: body.category ?? null,
  });
  const symbols = bySalience(recognition.symbols, reading);

  // The model may phrase the same reading; without one, or when it fails, is slow or its answer does not pass
  // the checks, the composer's text stands.
  const prose = ctx.prose
    ? await ctx.prose.write({
        analysis: reading.analysis,
        lexicon: recognition.lexicon,
        history: reading.history,
        category: body.category ?? null,
        premium,
        ultraSimplified: body.isUltraSimplified ?? false,
      })
    : null;

  const now = ctx.clock.now();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  // A new count's day and end are computed here from the user row this request read, which another request
  // may have changed since. If that one renewed the window first, the window is open again when this UPDATE
  // runs (PostgreSQL re-reads the locked row), so the CASE keeps its day and end and this use just adds one.
  // A stale day could only matter if a window also ended in between; renewing therefore also requires a later
  // day than the stored one, so no day is ever counted twice (that request is refused, the next one renews).
  const next = translationDay(now, user.timezone, user.translationsDay);
  const window = usageWindow(
    { used: users.translationsUsed, resetsAt: users.translationsResetDate, limit: users.translationsLimit },
    now,
    next.resetsAt,
    sql`(${users.translationsDay} IS NULL OR ${users.translationsDay} < ${next.day}::date)`,
  );
  const [counted] = await ctx.db
    .update(users)
    .set({
      translationsUsed: window.used,
      translationsResetDate: window.resetsAt,
      translationsDay: window.ifRenewed(users.translationsDay, sql`${next.day}::date`),
      dreamInterpretationsCount: sql`${users.dreamInterpretationsCount} + 1`,
      totalDreamSymbolsFound: sql`${users.totalDreamSymbolsFound} + ${symbols.length}`,
      firstDreamDate: sql`COALESCE(${users.firstDreamDate}, ${nowSql})`,
      lastDreamDate: now,
    })
    .where(and(eq(users.id, user.id), premium ? undefined : window.allowed))
    .returning({ used: users.translationsUsed, limit: users.translationsLimit });
  if (!counted) throw new AppError("FORBIDDEN", "errors.translationLimit", { reason: "TRANSLATION_LIMIT" });

  return {
    success: true,
    translation: prose ?? reading.text,
    symbols,
    isPremiumTranslation: premium,
    language: recognition.result.language,
    themes: reading.themes,
    translationsUsed: counted.used,
    translationsRemaining: premium ? null : Math.max(0, counted.limit - counted.used),
    translationReceipt: issueTranslationReceipt(ctx, user.id, body.content),
    reading: reading.info,
  };
}

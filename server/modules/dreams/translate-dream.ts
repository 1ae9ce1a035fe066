import { and, eq, sql } from "drizzle-orm";
import type { TranslateDreamBody, TranslateDreamResponse } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { compose } from "../../engine/composer";
import { AppError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { usageWindow } from "../accounts/usage-window";
import { isPremium } from "../accounts/user-presenter";
import { nextLocalMidnight } from "./daily-reset";
import { assertClaimedUser } from "./dreams.policy";
import { recognize } from "./recognize";

/**
 * Recognises the dream's symbols and composes its translation. Free users get a few per day: the count,
 * its reset and the user's dream statistics change in one conditional UPDATE, so parallel requests can
 * never exceed the limit.
 */
export async function translateDream(
  ctx: Pick<AppContext, "db" | "clock" | "symbols" | "prose">,
  user: SessionUser,
  body: TranslateDreamBody,
): Promise<TranslateDreamResponse> {
  assertClaimedUser(body.userId, user);
  const premium = isPremium(user);
  const { result, lexicon, language, symbols } = recognize(ctx, body.content, user.language);
  const composition = compose(result.symbols, lexicon, {
    language,
    premium,
    ultraSimplified: body.isUltraSimplified ?? false,
    category: body.category ?? null,
  });

  // The model may phrase the same symbols; without one, or when it fails or is slow, the composer's text stands.
  const prose =
    ctx.prose && symbols.length > 0
      ? await ctx.prose.write({
          language,
          dream: body.content,
          symbols,
          premium,
          ultraSimplified: body.isUltraSimplified ?? false,
        })
      : null;

  const now = ctx.clock.now();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const day = usageWindow(
    { used: users.translationsUsed, resetsAt: users.translationsResetDate, limit: users.translationsLimit },
    now,
    nextLocalMidnight(now, user.timezone),
  );
  const [counted] = await ctx.db
    .update(users)
    .set({
      translationsUsed: day.used,
      translationsResetDate: day.resetsAt,
      dreamInterpretationsCount: sql`${users.dreamInterpretationsCount} + 1`,
      totalDreamSymbolsFound: sql`${users.totalDreamSymbolsFound} + ${symbols.length}`,
      firstDreamDate: sql`COALESCE(${users.firstDreamDate}, ${nowSql})`,
      lastDreamDate: now,
    })
    .where(and(eq(users.id, user.id), premium ? undefined : day.allowed))
    .returning({ used: users.translationsUsed, limit: users.translationsLimit });
  if (!counted) throw new AppError("FORBIDDEN", "errors.translationLimit");

  return {
    success: true,
    translation: prose ?? composition.text,
    symbols,
    isPremiumTranslation: premium,
    language: result.language,
    themes: composition.themes,
    translationsUsed: counted.used,
    translationsRemaining: premium ? null : Math.max(0, counted.limit - counted.used),
  };
}

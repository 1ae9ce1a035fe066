import { and, eq, lt } from "drizzle-orm";
import { isPremium } from "../../../contract/billing-constants";
import { type OracleReading, type OracleStep, oracleReadingSchema } from "../../../contract/oracle";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { oracleConsultations } from "../../db/schema/index";
import type { LexiconData } from "../../engine/lexicon/schema";
import { careNeeds } from "../../engine/oracle/care-needs";
import { composeConsultation } from "../../engine/oracle/index";
import { analyseDream } from "../../engine/reading/index";
import type { DreamAnalysis } from "../../engine/reading/types";
import type { SessionUser } from "../accounts/sessions";
import { refundOracleAllowance } from "../billing/oracle-allowance";
import { loadDreamerHistory } from "../dreams/dreamer-history";
import { recognize } from "../dreams/recognize";
import { ABANDONED_AFTER_MS } from "./consultation-presenter";
import { loadOracleProfile } from "./oracle-profile";

type RunContext = Pick<AppContext, "db" | "symbols" | "log" | "prose">;

/** The row left "processing" was settled by someone else (found abandoned): this run has nothing to write. */
class Settled extends Error {}

/** Moves the consultation to its failed state once; true for the one caller that did. */
async function markFailed(db: Queryable, id: string): Promise<boolean> {
  const [failed] = await db
    .update(oracleConsultations)
    .set({ status: "failed" })
    .where(and(eq(oracleConsultations.id, id), eq(oracleConsultations.status, "processing")))
    .returning({ id: oracleConsultations.id });
  return failed !== undefined;
}

/**
 * The message in the model's words when one is configured and its answer passes the checks; the composer's
 * otherwise. Care readings keep the composer's words (support lines included), as dream readings keep the care
 * template. Everything else (plan, exercise, themes, symbols, notes) stays the composer's.
 */
async function phrased(
  ctx: RunContext,
  reading: OracleReading,
  challenge: { text: string; analysis: DreamAnalysis; lexicon: LexiconData },
): Promise<OracleReading> {
  if (!ctx.prose || careNeeds(challenge.analysis).length > 0) return reading;
  const message = await ctx.prose.phraseConsultation({
    language: reading.language,
    challenge: challenge.text,
    message: reading.message,
    themes: reading.themes.map((theme) => theme.name),
    exercise: reading.exercise.name,
    symbols: reading.symbols,
    lexicon: challenge.lexicon,
  });
  return message ? { ...reading, message, source: "model" } : reading;
}

/**
 * Runs the consultation's steps off the request, writing each step to the row as it completes so the page shows
 * real progress: the challenge read by the dream engine, the profile, the user's recent dream symbols (counts
 * only, never dream text), then the reading composed and checked against the contract, its message phrased by a
 * configured model when its answer passes the checks (time-bounded; a model's failure only keeps the composer's
 * text). Any failure of a step marks the consultation failed and gives a counted consultation back.
 */
export async function runConsultation(
  ctx: RunContext,
  user: SessionUser,
  consultation: { id: string; challenge: string },
  counted: boolean,
): Promise<void> {
  let step: OracleStep = "initiating";
  const reach = async (next: OracleStep, values: Partial<typeof oracleConsultations.$inferInsert> = {}) => {
    const [moved] = await ctx.db
      .update(oracleConsultations)
      .set({ step: next, ...values })
      .where(and(eq(oracleConsultations.id, consultation.id), eq(oracleConsultations.status, "processing")))
      .returning({ id: oracleConsultations.id });
    if (!moved) throw new Settled();
    step = next;
  };

  try {
    const recognition = recognize(ctx, consultation.challenge, user.language);
    const analysis = analyseDream(
      consultation.challenge,
      recognition.result.symbols,
      recognition.lexicon,
      recognition.language,
    );
    await reach("reading-challenge");

    const profile = await loadOracleProfile(ctx.db, user.id);
    await reach("consulting-profile");

    // Every symbol the challenge names or a theme gathers: the composer keeps the recurring ones that bear on it.
    const reviewed = new Set(recognition.keys);
    for (const theme of recognition.lexicon.themes) for (const key of theme.symbolKeys) reviewed.add(key);
    const history = await loadDreamerHistory(ctx.db, recognition.lexicon, user.id, [...reviewed]);
    await reach("reviewing-dreams");

    const composed = composeConsultation({
      challenge: consultation.challenge,
      language: recognition.language,
      analysis,
      lexicon: recognition.lexicon,
      profile,
      recentSymbolCounts: history.recentSymbolCounts,
      recentDreamCount: history.recentCount,
    });
    await reach("choosing-practice");

    // The plan (ten days, each within bounds) and every field the pages read, checked before it is kept.
    const checked = oracleReadingSchema.parse(composed);
    await reach("writing-plan");

    const reading = await phrased(ctx, checked, {
      text: consultation.challenge,
      analysis,
      lexicon: recognition.lexicon,
    });
    await reach("complete", {
      status: "complete",
      oracleResponse: reading,
      recommendedExerciseId: reading.exercise.id,
    });
  } catch (error) {
    if (error instanceof Settled) return;
    if ((await markFailed(ctx.db, consultation.id)) && counted) await refundOracleAllowance(ctx.db, user.id);
    // The step and the error's type only: an engine's message could quote the challenge.
    ctx.log.error(
      { consultationId: consultation.id, step, failure: { type: error?.constructor?.name ?? typeof error } },
      "oracle consultation failed",
    );
  }
}

/**
 * Consultations whose process died before finishing (still "processing" after ABANDONED_AFTER_MS) become failed,
 * and a free user gets each one back: settled before a new consultation is counted, so the next try is not
 * refused for a reading that never came.
 */
export async function settleAbandoned(
  ctx: Pick<AppContext, "db" | "clock">,
  user: Pick<SessionUser, "id" | "subscriptionTier" | "hasUnlimitedAccess">,
): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - ABANDONED_AFTER_MS);
  const abandoned = await ctx.db
    .update(oracleConsultations)
    .set({ status: "failed" })
    .where(
      and(
        eq(oracleConsultations.userId, user.id),
        eq(oracleConsultations.status, "processing"),
        lt(oracleConsultations.createdAt, cutoff),
      ),
    )
    .returning({ id: oracleConsultations.id });
  // Whether each was counted is not recorded: the user's plan now stands for the plan then.
  if (abandoned.length > 0 && !isPremium(user))
    await refundOracleAllowance(ctx.db, user.id, abandoned.length);
}

import { eq } from "drizzle-orm";
import type { Consultation } from "../../../contract/oracle";
import type { AppContext } from "../../context";
import { oracleConsultations, oracleFollowupConsultations } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { readingOf } from "./consultation-presenter";
import {
  analyseJournal,
  getConsultation,
  journalRows,
  loadConsultation,
  practiceState,
} from "./own-consultation";
import { followUpRefusal, practiceConflict } from "./practice-rules";
import { newConsultationId } from "./start-consultation";

/**
 * The follow-up consultation: the practice journal analysed (moods, adherence, recurring words) into the next
 * phase. Asked for once the practice allows it (practice-rules.ts); one per consultation, kept by a unique index,
 * so of parallel requests one writes it and the others are refused like a later one. It closes the journal.
 */
export async function requestFollowUp(
  ctx: Pick<AppContext, "db" | "clock" | "symbols">,
  user: Pick<SessionUser, "id" | "timezone">,
  consultationId: string,
): Promise<Consultation> {
  const now = ctx.clock.now();
  const consultation = await loadConsultation(ctx.db, user, consultationId);
  const entries = await journalRows(ctx.db, consultationId);
  const state = practiceState(consultation, entries, user, now);
  const refusal = followUpRefusal(state);
  if (refusal) throw practiceConflict(refusal);

  const texts = analyseJournal(
    readingOf(consultation)!,
    entries,
    state.calendar.calendarDay,
    ctx.symbols.current().data,
  );
  const written = await ctx.db.transaction(async (tx) => {
    const [followUp] = await tx
      .insert(oracleFollowupConsultations)
      .values({
        userId: user.id,
        originalConsultationId: consultationId,
        followupConsultationId: newConsultationId(),
        journalEntriesCount: entries.length,
        practiceAnalysis: texts.practiceAnalysis,
        progressAssessment: texts.progressAssessment,
        evolutionInsights: texts.evolutionInsights,
        nextPhaseGuidance: texts.nextPhaseGuidance,
        completionDate: now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: oracleFollowupConsultations.originalConsultationId })
      .returning({ id: oracleFollowupConsultations.id });
    if (!followUp) return false;
    await tx
      .update(oracleConsultations)
      .set({ practiceCompleted: true, practiceCompletedAt: now, followUpDate: now })
      .where(eq(oracleConsultations.id, consultationId));
    return true;
  });
  if (!written) throw practiceConflict("errors.oracleFollowUpExists");
  return getConsultation(ctx, user, consultationId);
}

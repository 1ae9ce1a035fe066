import type { z } from "zod";
import {
  type Consultation,
  type consultationStatuses,
  type consultationSummarySchema,
  type FollowUp,
  type JournalEntry,
  type OracleReading,
  type OracleStep,
  oracleStepPercent,
} from "../../../contract/oracle";
import type {
  oracleConsultations,
  oracleFollowupConsultations,
  oraclePracticeJournal,
} from "../../db/schema/index";

export type ConsultationRow = typeof oracleConsultations.$inferSelect;
export type JournalRow = typeof oraclePracticeJournal.$inferSelect;
export type FollowUpRow = typeof oracleFollowupConsultations.$inferSelect;

/**
 * A consultation still "processing" this long after it was asked for belongs to a process that died: the
 * steps take well under a second, so nobody is working on it any more.
 */
export const ABANDONED_AFTER_MS = 2 * 60_000;

type Status = (typeof consultationStatuses)[number];

/** The status a person sees: an abandoned consultation reads as failed. */
export function statusOf(row: Pick<ConsultationRow, "status" | "createdAt">, now: Date): Status {
  if (row.status === "processing" && now.getTime() - row.createdAt.getTime() > ABANDONED_AFTER_MS)
    return "failed";
  return row.status as Status;
}

export const readingOf = (row: Pick<ConsultationRow, "oracleResponse">) =>
  (row.oracleResponse as OracleReading | null) ?? null;

export const sharePathOf = (token: string) => `/share/oracle/${token}`;

export function presentConsultation(
  row: ConsultationRow,
  extras: { journalEntriesCount: number; followUp: FollowUp | null },
  now: Date,
): Consultation {
  const step = row.step as OracleStep;
  return {
    id: row.id,
    status: statusOf(row, now),
    step,
    percent: oracleStepPercent[step],
    challenge: row.userInput,
    createdAt: row.createdAt.toISOString(),
    reading: readingOf(row),
    journalEntriesCount: extras.journalEntriesCount,
    practiceCompleted: row.practiceCompleted,
    followUp: extras.followUp,
    sharePath: row.shareToken ? sharePathOf(row.shareToken) : null,
  };
}

export function presentSummary(
  row: ConsultationRow & { journalEntriesCount: number; hasFollowUp: boolean },
  now: Date,
): z.infer<typeof consultationSummarySchema> {
  const reading = readingOf(row);
  return {
    id: row.id,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    challenge: row.userInput,
    themes: reading?.themes.map((theme) => theme.name) ?? [],
    exerciseName: reading?.exercise.name ?? null,
    journalEntriesCount: row.journalEntriesCount,
    hasFollowUp: row.hasFollowUp,
    shared: row.shareToken !== null,
  };
}

export function presentFollowUp(row: FollowUpRow, figures: FollowUp["figures"]): FollowUp {
  return {
    id: row.followupConsultationId,
    journalEntriesCount: row.journalEntriesCount,
    practiceAnalysis: row.practiceAnalysis ?? "",
    progressAssessment: row.progressAssessment ?? "",
    evolutionInsights: row.evolutionInsights ?? "",
    nextPhaseGuidance: row.nextPhaseGuidance ?? "",
    completionDate: (row.completionDate ?? row.createdAt).toISOString(),
    figures,
  };
}

/** An entry as the journal shows it; only today's can still be edited. */
export function presentEntry(row: JournalRow, editable: boolean): JournalEntry {
  return {
    entryNumber: row.entryNumber,
    practiceDate: row.practiceDate,
    journalEntry: row.journalEntry,
    exerciseImplemented: row.exerciseImplemented,
    insights: row.insights,
    challenges: row.challenges,
    moodBefore: row.moodBefore,
    moodAfter: row.moodAfter,
    practiceRating: row.practiceRating,
    nextSteps: row.nextSteps,
    editable,
  };
}

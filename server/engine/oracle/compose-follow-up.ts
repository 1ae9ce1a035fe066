import type { FollowUp, JournalEntry, OracleReading } from "../../../contract/oracle";
import type { Language } from "../morphology";

export interface FollowUpInput {
  language: Language;
  reading: OracleReading;
  /** The practice journal, entryNumber ascending. */
  entries: readonly Pick<
    JournalEntry,
    | "entryNumber"
    | "practiceDate"
    | "journalEntry"
    | "exerciseImplemented"
    | "insights"
    | "challenges"
    | "moodBefore"
    | "moodAfter"
    | "practiceRating"
    | "nextSteps"
  >[];
  /** Days since the consultation by the user's calendar (1 on its day). */
  calendarDay: number;
}

export type FollowUpText = Pick<
  FollowUp,
  "practiceAnalysis" | "progressAssessment" | "evolutionInsights" | "nextPhaseGuidance" | "figures"
>;

/** The follow-up's four texts and the figures they were written from. */
export function composeFollowUp(input: FollowUpInput): FollowUpText {
  throw new Error(`not built yet: ${input.language}`);
}

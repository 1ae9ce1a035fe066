import { and, asc, eq } from "drizzle-orm";
import type { Consultation, FollowUp, OracleReading } from "../../../contract/oracle";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import {
  oracleConsultations,
  oracleFollowupConsultations,
  oraclePracticeJournal,
} from "../../db/schema/index";
import type { LexiconData } from "../../engine/lexicon/schema";
import { composeFollowUp } from "../../engine/oracle/index";
import { notFound } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import {
  type ConsultationRow,
  type FollowUpRow,
  type JournalRow,
  presentConsultation,
  presentFollowUp,
  readingOf,
  statusOf,
} from "./consultation-presenter";
import { type PracticeState, practiceCalendar } from "./practice-rules";

export const CONSULTATION_NOT_FOUND = "errors.oracleConsultationNotFound";

/** One of the user's consultations; another user's is missing like one that never existed. */
export async function loadConsultation(
  db: Queryable,
  user: Pick<SessionUser, "id">,
  id: string,
): Promise<ConsultationRow> {
  const [row] = await db
    .select()
    .from(oracleConsultations)
    .where(and(eq(oracleConsultations.id, id), eq(oracleConsultations.userId, user.id)));
  if (!row) throw notFound(CONSULTATION_NOT_FOUND);
  return row;
}

export function journalRows(db: Queryable, consultationId: string): Promise<JournalRow[]> {
  return db
    .select()
    .from(oraclePracticeJournal)
    .where(eq(oraclePracticeJournal.consultationId, consultationId))
    .orderBy(asc(oraclePracticeJournal.entryNumber));
}

async function followUpRow(db: Queryable, consultationId: string): Promise<FollowUpRow | undefined> {
  const [row] = await db
    .select()
    .from(oracleFollowupConsultations)
    .where(eq(oracleFollowupConsultations.originalConsultationId, consultationId));
  return row;
}

export function practiceState(
  consultation: ConsultationRow,
  entries: readonly Pick<JournalRow, "practiceDate">[],
  user: Pick<SessionUser, "timezone">,
  now: Date,
): PracticeState {
  return {
    complete: statusOf(consultation, now) === "complete",
    hasFollowUp: consultation.practiceCompleted,
    calendar: practiceCalendar(consultation.createdAt, now, user.timezone),
    entryDates: entries.map((entry) => entry.practiceDate),
  };
}

/** The follow-up's analysis of the journal: what the composer writes from it, and the figures it wrote from. */
export function analyseJournal(
  reading: OracleReading,
  entries: readonly JournalRow[],
  calendarDay: number,
  /** The technique library, for a next phase with another technique of the theme (figures need none). */
  lexicon?: LexiconData,
): ReturnType<typeof composeFollowUp> {
  return composeFollowUp({ language: reading.language, reading, entries, calendarDay, lexicon });
}

/**
 * The follow-up as stored, with its figures worked out again from the journal it analysed (the journal is
 * closed once the follow-up exists, so they are the figures its texts were written from).
 */
function storedFollowUp(
  consultation: ConsultationRow,
  row: FollowUpRow,
  entries: readonly JournalRow[],
  user: Pick<SessionUser, "timezone">,
): FollowUp {
  const reading = readingOf(consultation)!;
  const completedOn = practiceCalendar(
    consultation.createdAt,
    row.completionDate ?? row.createdAt,
    user.timezone,
  );
  return presentFollowUp(row, analyseJournal(reading, entries, completedOn.calendarDay).figures);
}

/** A consultation as its page shows it: the reading, the journal's size, the follow-up and the share link. */
export async function getConsultation(
  ctx: Pick<AppContext, "db" | "clock">,
  user: Pick<SessionUser, "id" | "timezone">,
  id: string,
): Promise<Consultation> {
  const consultation = await loadConsultation(ctx.db, user, id);
  const [entries, followUp] = await Promise.all([journalRows(ctx.db, id), followUpRow(ctx.db, id)]);
  return presentConsultation(
    consultation,
    {
      journalEntriesCount: entries.length,
      followUp: followUp ? storedFollowUp(consultation, followUp, entries, user) : null,
    },
    ctx.clock.now(),
  );
}

import { ORACLE_FOLLOWUP_MIN_ENTRIES, ORACLE_PRACTICE_DAYS } from "../../../contract/oracle";
import { AppError } from "../../lib/errors";
import { daysBetween, localDay } from "../../lib/local-day";

/**
 * The 10-day practice's calendar rules, in one place for the journal, the follow-up and the practice-day
 * reminder. Days are the user's local days (their profile's timezone): day 1 is the day the consultation was
 * asked for, whatever the hour.
 */

export interface PracticeCalendar {
  /** Today's local date, YYYY-MM-DD. */
  today: string;
  /** 1 on the consultation's own local day; may pass ORACLE_PRACTICE_DAYS. */
  calendarDay: number;
}

export function practiceCalendar(createdAt: Date, now: Date, timeZone: string): PracticeCalendar {
  const today = localDay(now, timeZone);
  return { today, calendarDay: daysBetween(localDay(createdAt, timeZone), today) + 1 };
}

/** What the journal and the follow-up are judged on. */
export interface PracticeState {
  /** The reading is complete (a journal follows a reading, never a pending or failed one). */
  complete: boolean;
  hasFollowUp: boolean;
  calendar: PracticeCalendar;
  /** The local dates of the entries written so far. */
  entryDates: readonly string[];
}

/** Why today's entry cannot be written, as a locale key; null when it can. */
export function journalRefusal(state: PracticeState): string | null {
  if (!state.complete) return "errors.oracleNotReady";
  if (state.hasFollowUp) return "errors.oracleJournalClosed";
  const earlier = state.entryDates.filter((date) => date < state.calendar.today).length;
  if (state.calendar.calendarDay > ORACLE_PRACTICE_DAYS || earlier >= ORACLE_PRACTICE_DAYS)
    return "errors.oraclePracticeOver";
  // Only after a move to a zone behind the one an entry was written in: its number is already taken.
  if (state.entryDates.some((date) => date > state.calendar.today)) return "errors.oracleJournalLaterDay";
  return null;
}

/** The entry number today's entry has, or would have: entries of earlier days plus one. */
export function todayEntryNumber(state: PracticeState): number {
  return state.entryDates.filter((date) => date < state.calendar.today).length + 1;
}

/**
 * Why a follow-up cannot be asked for now, as a locale key; null when it can: after day 10 with an entry to
 * review, or sooner once ORACLE_FOLLOWUP_MIN_ENTRIES entries are written.
 */
export function followUpRefusal(state: PracticeState): string | null {
  if (!state.complete) return "errors.oracleNotReady";
  if (state.hasFollowUp) return "errors.oracleFollowUpExists";
  const entries = state.entryDates.length;
  if (entries >= ORACLE_FOLLOWUP_MIN_ENTRIES) return null;
  if (state.calendar.calendarDay > ORACLE_PRACTICE_DAYS)
    return entries > 0 ? null : "errors.oracleFollowUpNoEntries";
  return "errors.oracleFollowUpTooEarly";
}

/** A refusal of the journal or the follow-up (409), with the numbers its message names. */
export const practiceConflict = (messageKey: string) =>
  new AppError("CONFLICT", messageKey, {
    params: { days: ORACLE_PRACTICE_DAYS, entries: ORACLE_FOLLOWUP_MIN_ENTRIES },
  });

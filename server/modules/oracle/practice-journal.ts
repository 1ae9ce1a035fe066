import { sql } from "drizzle-orm";
import type { JournalEntryBody, PracticeJournal } from "../../../contract/oracle";
import type { AppContext } from "../../context";
import { oraclePracticeJournal } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { type JournalRow, presentEntry } from "./consultation-presenter";
import { journalRows, loadConsultation, practiceState } from "./own-consultation";
import {
  followUpRefusal,
  journalRefusal,
  type PracticeState,
  practiceConflict,
  todayEntryNumber,
} from "./practice-rules";

type JournalContext = Pick<AppContext, "db" | "clock">;
type JournalUser = Pick<SessionUser, "id" | "timezone">;

function presentJournal(state: PracticeState, entries: readonly JournalRow[]): PracticeJournal {
  const open = journalRefusal(state) === null;
  const { today, calendarDay } = state.calendar;
  return {
    entries: entries.map((entry) => presentEntry(entry, open && entry.practiceDate === today)),
    today,
    todayEntryNumber: open ? todayEntryNumber(state) : null,
    calendarDay,
    canFollowUp: followUpRefusal(state) === null,
  };
}

/** The practice journal of one of the user's consultations, as of the user's today. */
export async function readPracticeJournal(
  ctx: JournalContext,
  user: JournalUser,
  consultationId: string,
): Promise<PracticeJournal> {
  const consultation = await loadConsultation(ctx.db, user, consultationId);
  const entries = await journalRows(ctx.db, consultationId);
  return presentJournal(practiceState(consultation, entries, user, ctx.clock.now()), entries);
}

/**
 * Writes today's entry (the user's local day): a new entry numbered after the earlier days' entries, or, again
 * the same day, an edit of that entry under the same number. Two writes of one day meet on the unique
 * (consultation, day) index and the later one edits. `created` tells the two apart.
 */
export async function writeJournalEntry(
  ctx: JournalContext,
  user: JournalUser,
  consultationId: string,
  body: JournalEntryBody,
): Promise<{ created: boolean; journal: PracticeJournal }> {
  const now = ctx.clock.now();
  const consultation = await loadConsultation(ctx.db, user, consultationId);
  const entries = await journalRows(ctx.db, consultationId);
  const state = practiceState(consultation, entries, user, now);
  const refusal = journalRefusal(state);
  if (refusal) throw practiceConflict(refusal);

  const content = {
    journalEntry: body.journalEntry,
    exerciseImplemented: body.exerciseImplemented,
    insights: body.insights || null,
    challenges: body.challenges || null,
    moodBefore: body.moodBefore ?? null,
    moodAfter: body.moodAfter ?? null,
    practiceRating: body.practiceRating ?? null,
    nextSteps: body.nextSteps || null,
  };
  const [saved] = await ctx.db
    .insert(oraclePracticeJournal)
    .values({
      userId: user.id,
      consultationId,
      entryNumber: todayEntryNumber(state),
      practiceDate: state.calendar.today,
      createdAt: now,
      ...content,
    })
    .onConflictDoUpdate({
      target: [oraclePracticeJournal.consultationId, oraclePracticeJournal.practiceDate],
      set: content,
    })
    // xmax is 0 on a row this statement inserted, set on one it updated.
    .returning({ created: sql<boolean>`(xmax = 0)` });
  const after = await journalRows(ctx.db, consultationId);
  return {
    created: saved!.created,
    journal: presentJournal(practiceState(consultation, after, user, now), after),
  };
}

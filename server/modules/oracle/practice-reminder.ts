import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { oracleConsultations, oraclePracticeJournal } from "../../db/schema/index";
import { journalRefusal, practiceCalendar } from "./practice-rules";

/**
 * The practice day to remind the user of: their latest complete consultation, while its journal is open today
 * (day 1 to 10, no follow-up yet) and today's entry is not written. Null on any other day.
 */
export async function practiceDayToRemind(
  db: Queryable,
  user: { id: number; timezone: string },
  now: Date,
): Promise<{ consultationId: string; day: number } | null> {
  const [latest] = await db
    .select({
      id: oracleConsultations.id,
      createdAt: oracleConsultations.createdAt,
      practiceCompleted: oracleConsultations.practiceCompleted,
    })
    .from(oracleConsultations)
    .where(and(eq(oracleConsultations.userId, user.id), eq(oracleConsultations.status, "complete")))
    .orderBy(desc(oracleConsultations.createdAt))
    .limit(1);
  if (!latest) return null;
  const entries = await db
    .select({ practiceDate: oraclePracticeJournal.practiceDate })
    .from(oraclePracticeJournal)
    .where(eq(oraclePracticeJournal.consultationId, latest.id));
  const calendar = practiceCalendar(latest.createdAt, now, user.timezone);
  const entryDates = entries.map((entry) => entry.practiceDate);
  const open =
    journalRefusal({ complete: true, hasFollowUp: latest.practiceCompleted, calendar, entryDates }) === null;
  if (!open || entryDates.includes(calendar.today)) return null;
  return { consultationId: latest.id, day: calendar.calendarDay };
}

import { eq } from "drizzle-orm";
import { oracleConsultations, oraclePracticeJournal, users } from "../server/db/schema/index";
import { addDays, instantAtLocalTime, localDay } from "../server/lib/local-day";
import type { JourneyServer } from "./support";

/** What an earlier practice day's entry says; the rest of the entry is filled in as the page would. */
export interface EarlierEntry {
  journalEntry: string;
  insights?: string | null;
  challenges?: string | null;
  nextSteps?: string | null;
}

/**
 * The practice as if it had started `entries.length` days ago, with an entry written on each of those days: a
 * journey cannot wait for days to pass, and the API writes today's entry only. The consultation is moved to the
 * first of those days (the user's local days), so today is the next practice day.
 */
export async function seedEarlierPracticeDays(
  server: JourneyServer,
  username: string,
  consultationId: string,
  entries: readonly EarlierEntry[],
): Promise<void> {
  const [user] = await server.db
    .select({ id: users.id, timezone: users.timezone })
    .from(users)
    .where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  const first = addDays(localDay(new Date(), user.timezone), -entries.length);
  await server.db
    .update(oracleConsultations)
    .set({ createdAt: instantAtLocalTime(first, "09:00", user.timezone) })
    .where(eq(oracleConsultations.id, consultationId));
  await server.db.insert(oraclePracticeJournal).values(
    entries.map((entry, index) => ({
      userId: user.id,
      consultationId,
      entryNumber: index + 1,
      practiceDate: addDays(first, index),
      exerciseImplemented: true,
      moodBefore: 3 + index,
      moodAfter: 6 + index,
      practiceRating: 4,
      createdAt: instantAtLocalTime(addDays(first, index), "21:00", user.timezone),
      ...entry,
    })),
  );
}

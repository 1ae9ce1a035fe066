import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Consultation } from "../../../contract/oracle";
import { users } from "../../db/schema/index";
import { signUpVerified, type TestApp, type TestBrowser } from "../../test/harness";

/** A challenge of the kind people bring: a family conflict, with feelings and images the engine can read. */
export const CHALLENGE =
  "I keep arguing with my sister about our mother's old house by the sea, and I feel torn between anger and guilt every time we talk.";

let counter = 0;

/** A verified, signed-in account in the zone; premium when asked (free accounts have one consultation a month). */
export async function oracleUser(
  t: TestApp,
  options: { timezone?: string; premium?: boolean; language?: "en" | "es" } = {},
) {
  const username = `seeker${++counter}`;
  const account = await signUpVerified(t, username);
  await t.db
    .update(users)
    .set({
      timezone: options.timezone ?? "UTC",
      language: options.language ?? "en",
      subscriptionTier: options.premium ? "premium" : "free",
    })
    .where(eq(users.id, account.userId));
  return {
    ...account,
    /** Signs in again: sessions end after two idle weeks, which tests jump over. */
    async signIn() {
      const login = await account.browser.post("/api/login", { username, password: account.password });
      expect(login.statusCode, login.body).toBe(200);
    },
  };
}

/** Asks the oracle and waits for the steps to run: the consultation as its page then shows it. */
export async function consult(
  t: TestApp,
  browser: TestBrowser,
  challenge = CHALLENGE,
): Promise<Consultation> {
  const started = await browser.post("/api/oracle/consultations", { challenge });
  expect(started.statusCode, started.body).toBe(202);
  await t.app.background.idle();
  const done = await browser.get(`/api/oracle/consultations/${started.json().id}`);
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
}

/** A journal entry as the practice page sends it. */
export const entry = (text: string, moods: { before?: number; after?: number } = {}) => ({
  journalEntry: text,
  exerciseImplemented: true,
  insights: "Breathing first made the talk calmer.",
  challenges: null,
  moodBefore: moods.before ?? 4,
  moodAfter: moods.after ?? 6,
  practiceRating: 4,
  nextSteps: "Try it before the next call.",
});

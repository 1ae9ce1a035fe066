import {
  DEFAULT_DREAM_RECALL_TIME,
  DEFAULT_ORACLE_PRACTICE_TIME,
  type ReminderKind,
} from "../../../contract/reminders";
import type { Queryable } from "../../db/client";
import { type Language, translator } from "../../lib/i18n";
import { practiceDayToRemind } from "../oracle/practice-reminder";

/** What a reminder says, by push or mail. Never the user's dream text: kinds word it from the locale files. */
export interface ReminderMessage {
  title: string;
  body: string;
  /** The same-origin page it opens. */
  url: string;
}

/** Whom a reminder is for, as its message needs them. */
export interface ReminderRecipient {
  id: number;
  timezone: string;
}

export interface ReminderKindDefinition {
  /** The local time it is shown at until the user sets one. */
  defaultTime: string;
  /**
   * What today's reminder says, or null when the kind has nothing to remind of today (an oracle practice that is
   * over, or whose entry is written): that day passes without one.
   */
  message(
    db: Queryable,
    recipient: ReminderRecipient,
    language: Language,
    now: Date,
  ): Promise<ReminderMessage | null>;
}

/**
 * Every kind of contract/reminders.ts with its wording. A feature adds its kind there and here; the record's
 * type refuses a kind left without a definition.
 */
export const reminderKindDefinitions: Record<ReminderKind, ReminderKindDefinition> = {
  "dream-recall": {
    defaultTime: DEFAULT_DREAM_RECALL_TIME,
    message: async (_db, _recipient, language) => {
      const t = translator(language);
      return {
        title: t("reminders.dreamRecall.title"),
        body: t("reminders.dreamRecall.body"),
        url: "/dream-input",
      };
    },
  },
  "oracle-practice": {
    defaultTime: DEFAULT_ORACLE_PRACTICE_TIME,
    message: async (db, recipient, language, now) => {
      const practice = await practiceDayToRemind(db, recipient, now);
      if (!practice) return null;
      const t = translator(language);
      return {
        title: t("reminders.oraclePractice.title", { day: practice.day }),
        body: t("reminders.oraclePractice.body"),
        url: `/oracle?consultation=${practice.consultationId}`,
      };
    },
  },
};

import { DEFAULT_DREAM_RECALL_TIME, type ReminderKind } from "../../../contract/reminders";
import { type Language, translator } from "../../lib/i18n";

/** What a reminder says, by push or mail. Never the user's dream text: kinds word it from the locale files. */
export interface ReminderMessage {
  title: string;
  body: string;
  /** The same-origin page it opens. */
  url: string;
}

export interface ReminderKindDefinition {
  /** The local time it is shown at until the user sets one. */
  defaultTime: string;
  message(language: Language): ReminderMessage;
}

/**
 * Every kind of contract/reminders.ts with its wording. A feature adds its kind there and here; the record's
 * type refuses a kind left without a definition.
 */
export const reminderKindDefinitions: Record<ReminderKind, ReminderKindDefinition> = {
  "dream-recall": {
    defaultTime: DEFAULT_DREAM_RECALL_TIME,
    message: (language) => {
      const t = translator(language);
      return {
        title: t("reminders.dreamRecall.title"),
        body: t("reminders.dreamRecall.body"),
        url: "/dream-input",
      };
    },
  },
};

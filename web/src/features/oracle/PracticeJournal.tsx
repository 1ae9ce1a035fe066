import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Consultation, PracticeJournal as Journal, JournalEntry } from "../../../../contract/oracle";
import {
  MOOD_MAX,
  MOOD_MIN,
  ORACLE_JOURNAL_TEXT_MAX,
  ORACLE_PRACTICE_DAYS,
  ORACLE_TEXT_MAX,
  PRACTICE_RATING_MAX,
  PRACTICE_RATING_MIN,
} from "../../../../contract/oracle-constants";
import {
  Form,
  FormSelectField,
  FormSwitchField,
  FormTextAreaField,
  requiredText,
  SubmitRow,
  useForm,
} from "../../components/ui/form";
import { Panel } from "../../components/ui/Page";
import { bodyClass, h3Class, mutedClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { ORACLE_NS } from "../../lib/i18n";
import { usePracticeJournalQuery, useSaveJournalEntryMutation } from "./api";
import { formatDay } from "./format";
import { PracticeReminder } from "./PracticeReminder";

/** The 10 practice days as the strip shows them. */
type DayState = "written" | "today" | "upcoming";

/**
 * The consultation's practice journal: the 10-day strip, today's entry (written or edited the same day), the
 * practice-day reminder while the practice runs, and the entries written so far.
 */
export function PracticeJournal({ consultation }: { consultation: Consultation }) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.journal" });
  const query = usePracticeJournalQuery(consultation.id, true);
  // Kept here: the form starts afresh once today's entry exists, and the notice must outlive it.
  const [notice, setNotice] = useState("");

  if (query.isPending) {
    return (
      <Panel title={t("title")}>
        <LoadingList label={t("loading")} skeleton={{ rows: 2 }} />
      </Panel>
    );
  }
  if (query.isError) {
    return (
      <Panel title={t("title")}>
        <LoadFailed message={t("loadFailed")} onRetry={() => query.refetch()} />
      </Panel>
    );
  }
  const journal = query.data;
  const todayEntry = journal.entries.find((entry) => entry.practiceDate === journal.today) ?? null;
  const open = journal.todayEntryNumber !== null && consultation.followUp === null;
  const earlier = journal.entries.filter((entry) => entry !== todayEntry || !open);

  return (
    <Panel title={t("title")} description={t("intro", { days: ORACLE_PRACTICE_DAYS })}>
      <div className="flex flex-col gap-6">
        <ProgressStrip journal={journal} />
        {open ? <PracticeReminder /> : null}
        {open && journal.todayEntryNumber !== null ? (
          <EntryForm
            key={`${journal.today}-${todayEntry ? "edit" : "new"}`}
            consultationId={consultation.id}
            entryNumber={journal.todayEntryNumber}
            entry={todayEntry}
            notice={notice}
            onSaved={setNotice}
          />
        ) : (
          <p className={bodyClass}>
            {consultation.followUp ? t("closedByFollowUp") : t("complete", { days: ORACLE_PRACTICE_DAYS })}
          </p>
        )}
        {earlier.length > 0 ? <EarlierEntries entries={earlier} /> : null}
      </div>
    </Panel>
  );
}

function ProgressStrip({ journal }: { journal: Journal }) {
  const { t, i18n } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.journal" });
  const days = Array.from({ length: ORACLE_PRACTICE_DAYS }, (_, index) => index + 1);
  const entryOf = (day: number) => journal.entries.find((entry) => entry.entryNumber === day);
  const stateOf = (day: number): DayState =>
    entryOf(day) ? "written" : day === journal.todayEntryNumber ? "today" : "upcoming";
  return (
    <div className="flex flex-col gap-2">
      <h3 className={h3Class}>{t("strip.title")}</h3>
      <ol className="grid grid-cols-10 gap-1">
        {days.map((day) => {
          const state = stateOf(day);
          const entry = entryOf(day);
          return (
            <li key={day} className="flex justify-center">
              <span
                className={`flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold sm:h-8 sm:w-8 sm:text-sm ${
                  state === "written"
                    ? "bg-emerald-700 text-white dark:bg-emerald-400 dark:text-night-950"
                    : state === "today"
                      ? "border-2 border-violet-700 text-violet-800 dark:border-moon-300 dark:text-moon-300"
                      : "border border-slate-400 text-slate-600 dark:border-slate-500 dark:text-slate-300"
                }`}
              >
                <span aria-hidden="true">{day}</span>
                <span className="sr-only">
                  {t(`strip.${state}`, {
                    day,
                    date: entry ? formatDay(entry.practiceDate, i18n.language, "medium") : "",
                  })}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      <p className={mutedClass}>
        {t("strip.summary", { count: journal.entries.length, days: ORACLE_PRACTICE_DAYS })}
      </p>
    </div>
  );
}

interface EntryValues {
  journalEntry: string;
  exerciseImplemented: boolean;
  insights: string;
  challenges: string;
  moodBefore: string;
  moodAfter: string;
  practiceRating: string;
  nextSteps: string;
}

const valuesOf = (entry: JournalEntry | null): EntryValues => ({
  journalEntry: entry?.journalEntry ?? "",
  exerciseImplemented: entry?.exerciseImplemented ?? false,
  insights: entry?.insights ?? "",
  challenges: entry?.challenges ?? "",
  moodBefore: entry?.moodBefore?.toString() ?? "",
  moodAfter: entry?.moodAfter?.toString() ?? "",
  practiceRating: entry?.practiceRating?.toString() ?? "",
  nextSteps: entry?.nextSteps ?? "",
});

const textOrNull = (text: string) => (text.trim() === "" ? null : text.trim());
const numberOrNull = (value: string) => (value === "" ? null : Number(value));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

function EntryForm({
  consultationId,
  entryNumber,
  entry,
  notice,
  onSaved,
}: {
  consultationId: string;
  entryNumber: number;
  entry: JournalEntry | null;
  notice: string;
  onSaved(notice: string): void;
}) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.journal" });
  const optional = useTranslation().t("forms.optional");
  const form = useForm<EntryValues>({ defaultValues: valuesOf(entry) });
  const mutation = useSaveJournalEntryMutation(consultationId, {
    onSuccess: () => onSaved(t(entry ? "updated" : "saved", { day: entryNumber })),
  });
  const scale = (name: "moodBefore" | "moodAfter" | "practiceRating", from: number, to: number) => (
    <FormSelectField
      name={name}
      label={t(`fields.${name}`)}
      description={t(`fields.${name}Hint`, { from, to })}
    >
      <option value="">{t("fields.notNoted")}</option>
      {range(from, to).map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </FormSelectField>
  );

  return (
    <Form
      form={form}
      onSubmit={(values) => {
        onSaved("");
        return mutation.mutateAsync({
          journalEntry: values.journalEntry.trim(),
          exerciseImplemented: values.exerciseImplemented,
          insights: textOrNull(values.insights),
          challenges: textOrNull(values.challenges),
          moodBefore: numberOrNull(values.moodBefore),
          moodAfter: numberOrNull(values.moodAfter),
          practiceRating: numberOrNull(values.practiceRating),
          nextSteps: textOrNull(values.nextSteps),
        });
      }}
      serverErrors={{ fallback: t("failed") }}
    >
      <h3 className={h3Class}>{t(entry ? "editToday" : "newToday", { day: entryNumber })}</h3>
      <FormTextAreaField
        name="journalEntry"
        label={t("fields.journalEntry")}
        max={ORACLE_JOURNAL_TEXT_MAX}
        rows={5}
        rules={{ validate: { required: requiredText(t("fields.journalEntryRequired")) } }}
      />
      <FormSwitchField name="exerciseImplemented" label={t("fields.exerciseImplemented")} />
      <div className="grid gap-4 sm:grid-cols-3">
        {scale("moodBefore", MOOD_MIN, MOOD_MAX)}
        {scale("moodAfter", MOOD_MIN, MOOD_MAX)}
        {scale("practiceRating", PRACTICE_RATING_MIN, PRACTICE_RATING_MAX)}
      </div>
      {(["insights", "challenges", "nextSteps"] as const).map((name) => (
        <FormTextAreaField
          key={name}
          name={name}
          label={t(`fields.${name}`)}
          labelHint={optional}
          max={ORACLE_TEXT_MAX}
          rows={3}
        />
      ))}
      <SubmitRow notice={notice}>{t(entry ? "saveChanges" : "save")}</SubmitRow>
    </Form>
  );
}

function EarlierEntries({ entries }: { entries: JournalEntry[] }) {
  const { t, i18n } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.journal" });
  const optional = (entry: JournalEntry) =>
    [
      ["moodBefore", entry.moodBefore],
      ["moodAfter", entry.moodAfter],
      ["practiceRating", entry.practiceRating],
      ["insights", entry.insights],
      ["challenges", entry.challenges],
      ["nextSteps", entry.nextSteps],
    ] as const;
  return (
    <div className="flex flex-col gap-2">
      <h3 className={h3Class}>{t("entries")}</h3>
      <ul className="flex flex-col gap-2">
        {[...entries].reverse().map((entry) => (
          <li key={entry.entryNumber}>
            <details className="rounded-xl border border-slate-200 p-3 dark:border-night-700">
              <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900 dark:text-slate-50">
                {t("entryTitle", {
                  day: entry.entryNumber,
                  date: formatDay(entry.practiceDate, i18n.language, "medium"),
                })}
              </summary>
              <dl className={`mt-2 flex flex-col gap-2 ${bodyClass}`}>
                <div>
                  <dt className="font-medium">{t("fields.journalEntry")}</dt>
                  <dd className="whitespace-pre-line">{entry.journalEntry}</dd>
                </div>
                <div>
                  <dt className="font-medium">{t("fields.exerciseImplemented")}</dt>
                  <dd>{t(entry.exerciseImplemented ? "yes" : "no")}</dd>
                </div>
                {optional(entry).map(([name, value]) =>
                  value === null ? null : (
                    <div key={name}>
                      <dt className="font-medium">{t(`fields.${name}`)}</dt>
                      <dd className="whitespace-pre-line">{value}</dd>
                    </div>
                  ),
                )}
              </dl>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

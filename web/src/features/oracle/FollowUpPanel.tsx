import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Consultation, FollowUp } from "../../../../contract/oracle";
import { ORACLE_FOLLOWUP_MIN_ENTRIES, ORACLE_PRACTICE_DAYS } from "../../../../contract/oracle-constants";
import { Button } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { errorMessageOf } from "../../components/ui/form";
import { Panel } from "../../components/ui/Page";
import { bodyClass, h3Class, mutedClass } from "../../components/ui/page-styles";
import { ORACLE_NS } from "../../lib/i18n";
import { useFollowUpMutation, usePracticeJournalQuery } from "./api";
import { formatDay, formatFigure } from "./format";
import { useFocusOnMount } from "./use-focus-on-mount";

/** The follow-up: once written, its analysis; before, the button when the journal allows it, else when it will. */
export function FollowUpPanel({ consultation }: { consultation: Consultation }) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.followUp" });
  const journal = usePracticeJournalQuery(consultation.id, consultation.followUp === null);
  const [error, setError] = useState("");
  const [justWritten, setJustWritten] = useState(false);
  const mutation = useFollowUpMutation(consultation.id, {
    onSuccess: () => setJustWritten(true),
    onError: (failure) => setError(errorMessageOf(failure, t("failed"))),
  });

  if (consultation.followUp) return <FollowUpView followUp={consultation.followUp} focus={justWritten} />;
  return (
    <Panel
      title={t("title")}
      description={t("intro", { days: ORACLE_PRACTICE_DAYS, count: ORACLE_FOLLOWUP_MIN_ENTRIES })}
    >
      <div className="flex flex-col items-start gap-3">
        {journal.data?.canFollowUp ? (
          <Button
            pending={mutation.isPending}
            pendingLabel={t("asking")}
            onClick={() => {
              setError("");
              mutation.mutate();
            }}
          >
            {t("ask")}
          </Button>
        ) : journal.data ? (
          <p className={mutedClass}>
            {t("notYet", { count: ORACLE_FOLLOWUP_MIN_ENTRIES, written: journal.data.entries.length })}
          </p>
        ) : null}
        <FormError message={error} />
      </div>
    </Panel>
  );
}

const SECTIONS = [
  "practiceAnalysis",
  "progressAssessment",
  "evolutionInsights",
  "nextPhaseGuidance",
] as const;

function FollowUpView({ followUp, focus }: { followUp: FollowUp; focus: boolean }) {
  const { t, i18n } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.followUp" });
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focus);
  const figure = (value: number | null) =>
    value === null ? t("figures.none") : formatFigure(value, i18n.language);
  const { figures } = followUp;
  const rows = [
    ["moodBefore", figure(figures.averageMoodBefore)],
    ["moodAfter", figure(figures.averageMoodAfter)],
    ["adherence", t("figures.percent", { percent: figures.adherencePercent })],
    ["rating", figure(figures.averageRating)],
  ] as const;
  return (
    <Panel
      title={t("doneTitle")}
      headingRef={headingRef}
      description={t("written", {
        date: formatDay(followUp.completionDate, i18n.language),
        count: followUp.journalEntriesCount,
      })}
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {rows.map(([name, value]) => (
          <div key={name} className="rounded-xl bg-violet-50 p-3 dark:bg-night-800">
            <dt className={mutedClass}>{t(`figures.${name}`)}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums dark:text-slate-50">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-col gap-5">
        {SECTIONS.map((section) => (
          <section key={section}>
            <h3 className={h3Class}>{t(`sections.${section}`)}</h3>
            <p className={`mt-1 whitespace-pre-line ${bodyClass}`}>{followUp[section]}</p>
          </section>
        ))}
      </div>
    </Panel>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import type { Consultation } from "../../../../contract/oracle";
import { Button } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { errorMessageOf } from "../../components/ui/form";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell, Panel } from "../../components/ui/Page";
import { bodyClass, linkClass, mutedClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { isApiError } from "../../lib/api";
import { ORACLE_NS } from "../../lib/i18n";
import { useConsultationQuery, useCreateConsultationMutation, useOracleProfileQuery } from "./api";
import { ChallengeForm, isOracleLimit, OracleLimitNotice } from "./ChallengeForm";
import { ConsultationProgress } from "./ConsultationProgress";
import { FollowUpPanel } from "./FollowUpPanel";
import { formatDay } from "./format";
import { PracticeJournal } from "./PracticeJournal";
import { ReadingView } from "./ReadingView";
import { SharePanel } from "./SharePanel";
import { useFocusOnMount } from "./use-focus-on-mount";

const consultationPath = (id: string) => `/oracle?consultation=${encodeURIComponent(id)}`;

/**
 * /oracle and /oracle-new: a new consultation (the challenge, then the server's progress), or with
 * `?consultation=<id>` that consultation: its progress, or its reading with the practice journal, the follow-up
 * and the share link.
 */
export default function ConsultationPage() {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.consult" });
  const id = new URLSearchParams(useSearch()).get("consultation");
  return (
    <PageShell
      title={t("title")}
      documentTitle={t("documentTitle")}
      lead={id ? undefined : t("lead")}
      actions={
        <>
          {id ? <LinkButton href="/oracle-new">{t("new")}</LinkButton> : null}
          <LinkButton href="/oracle-history" variant="secondary">
            {t("history")}
          </LinkButton>
        </>
      }
    >
      {id ? <ConsultationView key={id} id={id} /> : <NewConsultation />}
    </PageShell>
  );
}

function NewConsultation() {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.consult" });
  const profile = useOracleProfileQuery();
  const [, navigate] = useLocation();
  return (
    <>
      {profile.data && !profile.data.complete ? (
        <p className="rounded-xl border border-violet-300 bg-violet-50 p-4 text-slate-800 dark:border-moon-400/40 dark:bg-night-800 dark:text-slate-100">
          {t("profilePrompt")}{" "}
          <Link href="/oracle-profile-setup" className={linkClass}>
            {t("profileLink")}
          </Link>
        </p>
      ) : null}
      <ChallengeForm onCreated={(consultation) => navigate(consultationPath(consultation.id))} />
    </>
  );
}

function ConsultationView({ id }: { id: string }) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.consult" });
  const query = useConsultationQuery(id);
  const status = query.data?.status;
  // Focus moves to the reading (or the failure) only when it replaces the progress shown here.
  const [sawProgress, setSawProgress] = useState(false);
  useEffect(() => {
    if (status === "processing") setSawProgress(true);
  }, [status]);

  // A failed poll keeps the last answer on screen; the next poll carries on.
  const consultation = query.data;
  if (!consultation) {
    if (query.isPending) return <LoadingList label={t("loading")} skeleton={{ rows: 3 }} />;
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <Panel title={t("notFoundTitle")}>
          <p className={bodyClass}>{t("notFound")}</p>
          <div className="mt-4">
            <LinkButton href="/oracle-history" variant="secondary">
              {t("history")}
            </LinkButton>
          </div>
        </Panel>
      );
    }
    return <LoadFailed message={t("loadFailed")} onRetry={() => query.refetch()} />;
  }
  if (consultation.status === "processing") return <ConsultationProgress consultation={consultation} />;
  if (consultation.status === "failed" || !consultation.reading) {
    return <ConsultationFailed consultation={consultation} focus={sawProgress} />;
  }
  return (
    <ConsultationResult consultation={consultation} reading={consultation.reading} focus={sawProgress} />
  );
}

/** Spec section 8: 'Oracle consultation failed'; trying again asks anew with the same challenge. */
function ConsultationFailed({ consultation, focus }: { consultation: Consultation; focus: boolean }) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.consult" });
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focus);
  const [, navigate] = useLocation();
  const retry = useCreateConsultationMutation({
    onSuccess: (next) => navigate(consultationPath(next.id), { replace: true }),
  });
  return (
    <Panel title={t("failedTitle")} headingRef={headingRef}>
      <div className="flex flex-col items-start gap-4">
        <p className={bodyClass}>{t("failedBody")}</p>
        <Button
          pending={retry.isPending}
          pendingLabel={t("retrying")}
          onClick={() => retry.mutate({ challenge: consultation.challenge })}
        >
          {t("retry")}
        </Button>
        {retry.isError ? (
          isOracleLimit(retry.error) ? (
            <OracleLimitNotice />
          ) : (
            <FormError message={errorMessageOf(retry.error, t("failedTitle"))} />
          )
        ) : null}
      </div>
    </Panel>
  );
}

function ConsultationResult({
  consultation,
  reading,
  focus,
}: {
  consultation: Consultation;
  reading: NonNullable<Consultation["reading"]>;
  focus: boolean;
}) {
  const { t, i18n } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.consult" });
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focus);
  return (
    <>
      <details className="rounded-xl border border-slate-200 p-4 dark:border-night-700">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900 dark:text-slate-50">
          {t("yourChallenge", { date: formatDay(consultation.createdAt, i18n.language) })}
        </summary>
        <p className={`mt-2 whitespace-pre-line ${mutedClass}`}>{consultation.challenge}</p>
      </details>
      <ReadingView reading={reading} headingRef={headingRef} />
      <PracticeJournal consultation={consultation} />
      <FollowUpPanel consultation={consultation} />
      <SharePanel consultation={consultation} />
    </>
  );
}

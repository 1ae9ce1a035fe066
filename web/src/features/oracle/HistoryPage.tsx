import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { ConsultationPage } from "../../../../contract/oracle";
import { ORACLE_PRACTICE_DAYS } from "../../../../contract/oracle-constants";
import { Badge, Chip } from "../../components/ui/Badge";
import { LinkButton } from "../../components/ui/LinkButton";
import { LoadMore } from "../../components/ui/LoadMore";
import { PageShell, Panel } from "../../components/ui/Page";
import { bodyClass, h2Class, linkClass, mutedClass, panelClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { ORACLE_NS } from "../../lib/i18n";
import { useConsultationPagesQuery } from "./api";
import { formatDay } from "./format";

type Summary = ConsultationPage["consultations"][number];

/** /oracle-history: the consultations, newest first, a page at a time, each leading to its page. */
export default function HistoryPage() {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.history" });
  const query = useConsultationPagesQuery();
  const consultations = useMemo(
    () => query.data?.pages.flatMap((page) => page.consultations) ?? [],
    [query.data],
  );
  return (
    <PageShell
      title={t("title")}
      documentTitle={t("documentTitle")}
      lead={t("lead")}
      actions={<LinkButton href="/oracle-new">{t("new")}</LinkButton>}
    >
      {query.isPending ? (
        <LoadingList label={t("loading")} skeleton={{ rows: 3, rowClassName: "h-40 rounded-2xl" }} />
      ) : query.isError && consultations.length === 0 ? (
        <LoadFailed message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : consultations.length === 0 ? (
        <Panel title={t("emptyTitle")}>
          <p className={bodyClass}>
            {t("empty")}{" "}
            <Link href="/oracle-new" className={linkClass}>
              {t("emptyLink")}
            </Link>
          </p>
        </Panel>
      ) : (
        <div className="flex flex-col gap-4">
          <p role="status" className={mutedClass}>
            {t(query.hasNextPage ? "shownMore" : "shown", { count: consultations.length })}
          </p>
          <ul className="flex flex-col gap-4" aria-busy={query.isFetchingNextPage}>
            {consultations.map((consultation) => (
              <li key={consultation.id}>
                <ConsultationCard consultation={consultation} />
              </li>
            ))}
          </ul>
          <LoadMore
            query={query}
            labels={{ more: t("loadMore"), loading: t("loadingMore"), failed: t("moreFailed") }}
          />
        </div>
      )}
    </PageShell>
  );
}

function ConsultationCard({ consultation }: { consultation: Summary }) {
  const { t, i18n } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.history" });
  const date = formatDay(consultation.createdAt, i18n.language);
  return (
    <article className={`${panelClass} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className={h2Class}>
          <Link href={`/oracle?consultation=${encodeURIComponent(consultation.id)}`} className={linkClass}>
            {t("cardTitle", { date })}
          </Link>
        </h2>
        {consultation.status === "complete" ? null : (
          <Badge tone={consultation.status === "failed" ? "warning" : "accent"}>
            {t(`status.${consultation.status}`)}
          </Badge>
        )}
        {consultation.hasFollowUp ? <Badge>{t("followUpDone")}</Badge> : null}
        {consultation.shared ? <Badge>{t("shared")}</Badge> : null}
      </div>
      <p className={`line-clamp-3 ${bodyClass}`}>{consultation.challenge}</p>
      {consultation.themes.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("themes")}>
          {consultation.themes.map((theme) => (
            <li key={theme}>
              <Chip>{theme}</Chip>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className={`grid gap-1 sm:grid-cols-2 ${mutedClass}`}>
        {consultation.exerciseName ? (
          <div className="flex gap-1">
            <dt>{t("exercise")}</dt>
            <dd className="font-medium text-slate-800 dark:text-slate-100">{consultation.exerciseName}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>{t("journal")}</dt>
          <dd className="font-medium text-slate-800 tabular-nums dark:text-slate-100">
            {t("journalProgress", { count: consultation.journalEntriesCount, days: ORACLE_PRACTICE_DAYS })}
          </dd>
        </div>
      </dl>
    </article>
  );
}

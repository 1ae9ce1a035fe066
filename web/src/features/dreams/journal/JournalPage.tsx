import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { Button, buttonClass, Spinner } from "../../../components/ui/Button";
import { PageShell, Panel } from "../../../components/ui/Page";
import { bodyClass, linkClass, mutedClass } from "../../../components/ui/page-styles";
import { Skeleton } from "../../../components/ui/Status";
import { DREAMS_NS } from "../../../lib/i18n";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useDreamListQuery, useJournalSymbolsQuery } from "../api";
import { EMPTY_FILTERS, hasActiveFilters, type JournalFilters } from "../journal-query";
import { WaitingDreams } from "../offline/WaitingDreams";
import { DreamCard } from "./DreamCard";
import { DreamDetailDialog } from "./DreamDetailDialog";
import { ImportExport } from "./ImportExport";
import { JournalCalendar } from "./JournalCalendar";
import { JournalFilterBar } from "./JournalFilterBar";

export const SEARCH_DEBOUNCE_MS = 300;

type View = "list" | "calendar";

function ViewToggle({ view, onChange }: { view: View; onChange(view: View): void }) {
  const { t } = useTranslation(DREAMS_NS);
  const item = (value: View) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={`min-h-11 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700 dark:focus-visible:outline-moon-300 ${
        view === value
          ? "bg-violet-700 text-white dark:bg-moon-300 dark:text-night-950"
          : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-night-800"
      }`}
    >
      {t(`journal.views.${value}`)}
    </button>
  );
  return (
    <fieldset className="inline-flex gap-1 rounded-xl border border-slate-300 p-1 dark:border-night-700">
      <legend className="sr-only">{t("journal.views.label")}</legend>
      {item("list")}
      {item("calendar")}
    </fieldset>
  );
}

/**
 * /journal: the private journal, newest first, with bilingual search, filters, "Load more" pages, a month
 * calendar, a dream's detail (/journal?dream=ID) with edit and delete, and export/import.
 */
export default function JournalPage() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [filters, setFilters] = useState<JournalFilters>(EMPTY_FILTERS);
  const [view, setView] = useState<View>("list");
  const typed = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);
  const typedTag = useDebouncedValue(filters.tag, SEARCH_DEBOUNCE_MS);
  // Typed text waits for the typing to pause; picking a filter applies at once.
  const applied = useMemo(() => ({ ...filters, q: typed, tag: typedTag }), [filters, typed, typedTag]);
  const openId = Number(new URLSearchParams(search).get("dream"));

  const list = useDreamListQuery(applied, { enabled: view === "list" });
  const dreams = useMemo(() => list.data?.pages.flatMap((page) => page.dreams) ?? [], [list.data]);

  // Every symbol of the whole journal, from the server; tags met so far stay offered after a filter narrows
  // the list.
  const journalSymbols = useJournalSymbolsQuery(i18n.language);
  const symbolOptions = useMemo(
    () =>
      (journalSymbols.data ?? [])
        .map(({ key, name }) => ({ key, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [journalSymbols.data],
  );
  const seen = useRef({ tags: new Set<string>() });
  for (const dream of dreams) {
    for (const tag of dream.tags) seen.current.tags.add(tag);
  }
  const tagOptions = [...seen.current.tags].sort((a, b) => a.localeCompare(b));

  const filtered = hasActiveFilters(applied);
  const searching =
    filters.q !== typed || filters.tag !== typedTag || (list.isFetching && !list.isFetchingNextPage);

  return (
    <PageShell
      title={t("journal.title")}
      documentTitle={t("journal.documentTitle")}
      lead={t("journal.lead")}
      actions={
        <>
          <WaitingDreams />
          <Link href="/dream-input" className={buttonClass("primary")}>
            {t("journal.newDream")}
          </Link>
        </>
      }
    >
      <Panel title={t("journal.search.title")}>
        <JournalFilterBar
          filters={filters}
          onChange={setFilters}
          symbolOptions={symbolOptions}
          tagOptions={tagOptions}
          showDates={view === "list"}
        />
      </Panel>
      {/* The switch sits with what it switches; on a phone this keeps the search panel short, so the first dream
          shows in the first screen. */}
      <Panel
        title={view === "list" ? t("journal.listTitle") : t("journal.calendarTitle")}
        actions={<ViewToggle view={view} onChange={setView} />}
      >
        {view === "calendar" ? (
          <JournalCalendar filters={applied} />
        ) : (
          <div className="flex flex-col gap-4">
            <p role="status" className={mutedClass}>
              {searching ? (
                <span className="inline-flex items-center gap-2">
                  <Spinner /> {t("journal.loading")}
                </span>
              ) : list.isError ? (
                t("journal.loadFailed")
              ) : list.data ? (
                t(`journal.${filtered ? "shownFiltered" : "shown"}${list.hasNextPage ? "More" : ""}`, {
                  count: dreams.length,
                })
              ) : null}
            </p>
            {/* The first page: cards' outlines hold the place, so the list does not push the page down. */}
            {list.isPending ? <Skeleton rows={3} rowClassName="h-36 rounded-2xl" /> : null}
            {list.data && dreams.length === 0 ? (
              filtered ? (
                <p className={bodyClass}>{t("journal.emptyFiltered")}</p>
              ) : (
                <p className={bodyClass}>
                  {t("journal.empty")}{" "}
                  <Link href="/dream-input" className={linkClass}>
                    {t("journal.emptyLink")}
                  </Link>
                </p>
              )
            ) : null}
            {dreams.length > 0 ? (
              <ul className="flex flex-col gap-3" aria-busy={list.isFetching}>
                {dreams.map((dream) => (
                  <li key={dream.id}>
                    <DreamCard dream={dream} />
                  </li>
                ))}
              </ul>
            ) : null}
            {list.hasNextPage ? (
              <div>
                <Button
                  variant="secondary"
                  pending={list.isFetchingNextPage}
                  pendingLabel={t("journal.loadingMore")}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t("journal.loadMore")}
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </Panel>
      <ImportExport />
      {Number.isInteger(openId) && openId > 0 ? (
        <DreamDetailDialog
          key={openId}
          dreamId={openId}
          onClose={() => navigate("/journal", { replace: true })}
        />
      ) : null}
    </PageShell>
  );
}

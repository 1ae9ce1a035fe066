import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Dream } from "../../../../../contract/dreams";
import { Button, Spinner } from "../../../components/ui/Button";
import { bodyClass, mutedClass } from "../../../components/ui/page-styles";
import { DREAMS_NS } from "../../../lib/i18n";
import { useDreamsOfMonthQuery } from "../api";
import { ChevronLeftIcon, ChevronRightIcon } from "../icons";
import { type JournalFilters, monthRange, toDateInput } from "../journal-query";
import { DreamCard } from "./DreamCard";

/** Weeks of the month as rows of 7 days (null outside the month), starting on `firstDay` (0 = Sunday). */
export function monthGrid(month: Date, firstDay: number): Array<Array<Date | null>> {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const lead = (first.getDay() - firstDay + 7) % 7;
  const cells: Array<Date | null> = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day++) cells.push(new Date(month.getFullYear(), month.getMonth(), day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<Date | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** A month view marking the days that hold dreams; choosing a day lists its dreams below. */
export function JournalCalendar({ filters }: { filters: JournalFilters }) {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const [month, setMonth] = useState(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), 1);
  });
  const [selected, setSelected] = useState<string | null>(null);
  const range = monthRange(month);
  const monthFilters = { ...filters, ...range };
  const query = useDreamsOfMonthQuery(monthFilters);

  const byDay = useMemo(() => {
    const map = new Map<string, Dream[]>();
    for (const dream of query.data ?? []) {
      const day = toDateInput(new Date(dream.createdAt));
      map.set(day, [...(map.get(day) ?? []), dream]);
    }
    return map;
  }, [query.data]);

  const language = i18n.language;
  // Weeks start on Monday in Spanish-speaking countries and on Sunday in the United States.
  const firstDay = language.startsWith("es") ? 1 : 0;
  const weeks = monthGrid(month, firstDay);
  const monthLabel = new Intl.DateTimeFormat(language, { month: "long", year: "numeric" }).format(month);
  const weekdayFormat = new Intl.DateTimeFormat(language, { weekday: "short" });
  const weekdayLong = new Intl.DateTimeFormat(language, { weekday: "long" });
  const dayLabel = new Intl.DateTimeFormat(language, { dateStyle: "full" });
  // 2023-01-01 was a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, index) => new Date(2023, 0, 1 + ((index + firstDay) % 7)));
  const today = toDateInput(new Date());
  const selectedDreams = selected ? (byDay.get(selected) ?? []) : [];

  const shift = (delta: number) => {
    setMonth(new Date(month.getFullYear(), month.getMonth() + delta, 1));
    setSelected(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <Button variant="secondary" onClick={() => shift(-1)} aria-label={t("journal.calendar.previous")}>
          <ChevronLeftIcon />
        </Button>
        <h3 className="text-lg font-semibold capitalize text-slate-900 dark:text-slate-50" aria-live="polite">
          {monthLabel}
        </h3>
        <Button variant="secondary" onClick={() => shift(1)} aria-label={t("journal.calendar.next")}>
          <ChevronRightIcon />
        </Button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-collapse text-center" aria-busy={query.isFetching}>
          <caption className="sr-only">{t("journal.calendar.caption", { month: monthLabel })}</caption>
          <thead>
            <tr>
              {weekdays.map((day) => (
                <th key={day.getDay()} scope="col" className={`pb-2 font-medium ${mutedClass}`}>
                  <abbr title={weekdayLong.format(day)} className="no-underline">
                    {weekdayFormat.format(day)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean)?.toISOString()}>
                {week.map((day, index) => {
                  if (!day) return <td key={`empty-${index.toString()}`} />;
                  const key = toDateInput(day);
                  const count = byDay.get(key)?.length ?? 0;
                  const isSelected = selected === key;
                  return (
                    <td key={key} className="p-0.5">
                      <button
                        type="button"
                        aria-pressed={isSelected}
                        aria-current={key === today ? "date" : undefined}
                        aria-label={t("journal.calendar.day", { date: dayLabel.format(day), count })}
                        onClick={() => setSelected(isSelected ? null : key)}
                        className={`flex min-h-11 w-full flex-col items-center justify-center rounded-lg border text-sm transition-colors focus-visible:outline-2 focus-visible:outline-violet-700 dark:focus-visible:outline-moon-300 ${
                          isSelected
                            ? "border-violet-700 bg-violet-700 text-white dark:border-moon-300 dark:bg-moon-300 dark:text-night-950"
                            : count > 0
                              ? "border-violet-300 bg-violet-50 font-semibold text-violet-900 hover:bg-violet-100 dark:border-moon-400/60 dark:bg-night-800 dark:text-slate-50 dark:hover:bg-night-700"
                              : "border-transparent text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-night-800"
                        } ${key === today ? "underline decoration-2 underline-offset-4" : ""}`}
                      >
                        <span aria-hidden="true">{day.getDate()}</span>
                        {count > 0 ? (
                          <span aria-hidden="true" className="mt-0.5 flex gap-0.5">
                            {["first", "second", "third"].slice(0, Math.min(count, 3)).map((dot) => (
                              <span
                                key={dot}
                                className={`h-1.5 w-1.5 rounded-full ${isSelected ? "bg-current" : "bg-violet-700 dark:bg-moon-300"}`}
                              />
                            ))}
                          </span>
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div role="status" className={mutedClass}>
        {query.isPending ? (
          <span className="inline-flex items-center gap-2">
            <Spinner /> {t("journal.loading")}
          </span>
        ) : query.isError ? (
          t("journal.loadFailed")
        ) : (
          t("journal.calendar.summary", { count: query.data?.length ?? 0, month: monthLabel })
        )}
      </div>
      {selected ? (
        <section
          aria-label={dayLabel.format(new Date(`${selected}T12:00:00`))}
          className="flex flex-col gap-3"
        >
          <h3 className="font-semibold text-slate-900 dark:text-slate-50">
            {dayLabel.format(new Date(`${selected}T12:00:00`))}
          </h3>
          {selectedDreams.length === 0 ? (
            <p className={bodyClass}>{t("journal.calendar.noDreams")}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {selectedDreams.map((dream) => (
                <li key={dream.id}>
                  <DreamCard dream={dream} headingLevel={4} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

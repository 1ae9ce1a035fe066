import type { DreamCategory } from "../../../../contract/dreams";

/** What the journal's search box and filters hold (dates as the date inputs give them: yyyy-mm-dd). */
export interface JournalFilters {
  q: string;
  category: DreamCategory | "";
  tag: string;
  /** A symbol key (the server filters on keys). */
  symbol: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: JournalFilters = { q: "", category: "", tag: "", symbol: "", from: "", to: "" };

export const JOURNAL_PAGE_SIZE = 20;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local calendar day's first or last instant as an ISO timestamp, so "to" includes the whole day. */
export function dayBoundary(date: string, edge: "start" | "end"): string | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const local =
    edge === "start"
      ? new Date(year, month - 1, day, 0, 0, 0, 0)
      : new Date(year, month - 1, day, 23, 59, 59, 999);
  return Number.isNaN(local.getTime()) ? null : local.toISOString();
}

export const hasActiveFilters = (filters: JournalFilters): boolean =>
  Object.values(filters).some((value) => value.trim() !== "");

/**
 * The GET /api/dreams query string for the filters (and a page cursor): empty filters are left out, text
 * is trimmed, and the date range covers whole days in the reader's time zone.
 */
export function journalQueryString(
  filters: JournalFilters,
  { cursor, limit = JOURNAL_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q.slice(0, 200));
  if (filters.category) params.set("category", filters.category);
  const tag = filters.tag.trim();
  if (tag) params.set("tag", tag.slice(0, 40));
  const symbol = filters.symbol.trim();
  if (symbol) params.set("symbol", symbol.slice(0, 60));
  const from = dayBoundary(filters.from, "start");
  const to = dayBoundary(filters.to, "end");
  // A range given backwards is read the way it was meant.
  if (from && to && from > to) {
    params.set("from", dayBoundary(filters.to, "start")!);
    params.set("to", dayBoundary(filters.from, "end")!);
  } else {
    if (from) params.set("from", from);
    if (to) params.set("to", to);
  }
  if (cursor) params.set("cursor", cursor);
  params.set("limit", String(limit));
  return params.toString();
}

/** yyyy-mm-dd of a Date in local time (what <input type="date"> holds). */
export function toDateInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first and last day of the month that `month` (any day in it) falls in, as yyyy-mm-dd. */
export function monthRange(month: Date): { from: string; to: string } {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const last = new Date(month.getFullYear(), month.getMonth() + 1, 0);
  return { from: toDateInput(first), to: toDateInput(last) };
}

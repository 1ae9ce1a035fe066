import { symbolCategories } from "../../../../contract/constants";
import type { AdminSymbol, AdminSymbolBody, AdminSymbolPatch } from "../../../../contract/symbols";
import { apiRequest } from "../../lib/api";

export const ADMIN_SYMBOLS_KEY = "/api/admin/symbols";
export const MISSING_SYMBOLS_KEY = "/api/admin/missing-symbols";
export const ADMIN_PAGE_SIZE = 25;

export type SymbolCategory = AdminSymbolBody["category"];

export const SYMBOL_CATEGORIES = symbolCategories;

export const isSymbolCategory = (value: string): value is SymbolCategory =>
  (SYMBOL_CATEGORIES as readonly string[]).includes(value);

export const SYMBOL_KEY_PATTERN = /^[a-z0-9_]{2,60}$/;

export type MissingStatus = "pending" | "added" | "dismissed";

export interface MissingSymbol {
  id: number;
  symbol: string;
  count: number;
  status: string;
  processed: boolean;
  lastReported: string;
}

export interface DebugTrace {
  language: "en" | "es" | "mixed";
  symbols: Array<{
    key: string;
    name: string;
    evidence: Array<{ start: number; end: number; text: string }>;
  }>;
  trace: Array<{
    key: string;
    term: string;
    text: string;
    start: number;
    end: number;
    kept: boolean;
    reason?: string;
    byKey?: string;
  }>;
  elapsedMs: number;
}

export function adminSymbolsQuery(params: {
  q: string;
  category: string;
  offset: number;
  limit?: number;
}): string {
  const search = new URLSearchParams();
  const q = params.q.trim();
  if (q) search.set("q", q.slice(0, 80));
  if (params.category) search.set("category", params.category);
  search.set("offset", String(Math.max(0, params.offset)));
  search.set("limit", String(params.limit ?? ADMIN_PAGE_SIZE));
  return search.toString();
}

export const listAdminSymbols = (
  params: { q: string; category: string; offset: number; limit?: number },
  signal?: AbortSignal,
) =>
  apiRequest<{ symbols: AdminSymbol[]; total: number }>(
    "GET",
    `${ADMIN_SYMBOLS_KEY}?${adminSymbolsQuery(params)}`,
    undefined,
    { signal },
  );

export const createAdminSymbol = (body: AdminSymbolBody) =>
  apiRequest<AdminSymbol>("POST", ADMIN_SYMBOLS_KEY, body);

export const updateAdminSymbol = (id: number, body: AdminSymbolPatch) =>
  apiRequest<AdminSymbol>("PATCH", `${ADMIN_SYMBOLS_KEY}/${id}`, body);

export const deleteAdminSymbol = (id: number) =>
  apiRequest<{ success: true; message: string }>("DELETE", `${ADMIN_SYMBOLS_KEY}/${id}`);

export const listMissingSymbols = (status: MissingStatus, signal?: AbortSignal) =>
  apiRequest<MissingSymbol[]>("GET", `${MISSING_SYMBOLS_KEY}?status=${status}`, undefined, { signal });

export const processMissingSymbol = (id: number, body: { action: "add" | "dismiss"; symbolId?: number }) =>
  apiRequest<MissingSymbol>("POST", `${MISSING_SYMBOLS_KEY}/${id}/process`, body);

export const debugSymbols = (text: string) =>
  apiRequest<DebugTrace>("POST", "/api/admin/debug-symbols", { text });

/** "river, stream ,, brook" -> ["river", "stream", "brook"] (the form's comma-separated variations). */
export function parseList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,\n]/)) {
    const item = raw.trim();
    if (!item || seen.has(item.toLocaleLowerCase())) continue;
    seen.add(item.toLocaleLowerCase());
    out.push(item);
  }
  return out;
}

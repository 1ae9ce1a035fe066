import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "../../../../contract/accounts";
import {
  type MissingSymbolStatus,
  missingSymbolStatuses,
  SYMBOL_KEY_PATTERN,
  symbolCategories,
} from "../../../../contract/constants";
import type {
  AdminSymbol,
  AdminSymbolBody,
  AdminSymbolPage,
  DebugSymbolsResponse,
  MissingSymbol,
  ProcessMissingSymbolBody,
} from "../../../../contract/symbols";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";

/*
 * The symbol administration API (contract/symbols.ts) as TanStack Query hooks. Types come from the contract's
 * schemas (type imports only), values from its zod-free constants. Query keys start with the list's URL, so
 * invalidating the URL refreshes every page and search of that list.
 */

export const ADMIN_SYMBOLS_KEY = "/api/admin/symbols";
export const MISSING_SYMBOLS_KEY = "/api/admin/missing-symbols";
export const ADMIN_PAGE_SIZE = 25;

export type { DebugSymbolsResponse as DebugTrace, MissingSymbol, MissingSymbolStatus as MissingStatus };
export type SymbolCategory = AdminSymbolBody["category"];
export const SYMBOL_CATEGORIES = symbolCategories;
export const MISSING_STATUSES = missingSymbolStatuses;
export { SYMBOL_KEY_PATTERN };

export const isSymbolCategory = (value: string): value is SymbolCategory =>
  (SYMBOL_CATEGORIES as readonly string[]).includes(value);

interface AdminSymbolSearch {
  q: string;
  category: string;
  offset: number;
  limit?: number;
}

function adminSymbolsQuery(params: AdminSymbolSearch): string {
  const search = new URLSearchParams();
  const q = params.q.trim();
  if (q) search.set("q", q.slice(0, 80));
  if (params.category) search.set("category", params.category);
  search.set("offset", String(Math.max(0, params.offset)));
  search.set("limit", String(params.limit ?? ADMIN_PAGE_SIZE));
  return search.toString();
}

/** One page of the lexicon; `keepPrevious` shows the last page while the next one loads (paging, typing). */
export function useAdminSymbolsQuery(
  params: AdminSymbolSearch,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  return useQuery({
    queryKey: [ADMIN_SYMBOLS_KEY, params],
    queryFn: ({ signal }) =>
      apiRequest<AdminSymbolPage>("GET", `${ADMIN_SYMBOLS_KEY}?${adminSymbolsQuery(params)}`, undefined, {
        signal,
      }),
    enabled: options.enabled ?? true,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/** Creates a symbol (`symbol` null) or changes `symbol` (its key is fixed); the lexicon is refreshed after onSuccess. */
export function useSaveAdminSymbolMutation(
  symbol: AdminSymbol | null,
  callbacks: MutationCallbacks<AdminSymbol, AdminSymbolBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (body: AdminSymbolBody) => {
      if (!symbol) return apiRequest<AdminSymbol>("POST", ADMIN_SYMBOLS_KEY, body);
      const { key: _key, ...patch } = body;
      return apiRequest<AdminSymbol>("PATCH", `${ADMIN_SYMBOLS_KEY}/${symbol.id}`, patch);
    },
    onSuccess: async (saved, body) => {
      callbacks.onSuccess?.(saved, body);
      await queryClient.invalidateQueries({ queryKey: [ADMIN_SYMBOLS_KEY] });
    },
  });
}

/** The delete for ConfirmDeleteDialog, which owns the mutation, its toasts and the refresh of the list. */
export const deleteAdminSymbol = (symbol: AdminSymbol) =>
  apiRequest<MessageResponse>("DELETE", `${ADMIN_SYMBOLS_KEY}/${symbol.id}`);

export function useMissingSymbolsQuery(status: MissingSymbolStatus) {
  return useQuery({
    queryKey: [MISSING_SYMBOLS_KEY, status],
    queryFn: ({ signal }) =>
      apiRequest<MissingSymbol[]>("GET", `${MISSING_SYMBOLS_KEY}?status=${status}`, undefined, { signal }),
  });
}

/**
 * Adds a reported word to a symbol's variations, or dismisses it. The queue is refreshed after onSuccess, and
 * the lexicon too when the word was added to it.
 */
export function useProcessMissingSymbolMutation(
  callbacks: MutationCallbacks<MissingSymbol, ProcessMissingSymbolBody & { id: number }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: ({ id, ...body }: ProcessMissingSymbolBody & { id: number }) =>
      apiRequest<MissingSymbol>("POST", `${MISSING_SYMBOLS_KEY}/${id}/process`, body),
    onSuccess: async (report, variables) => {
      callbacks.onSuccess?.(report, variables);
      await queryClient.invalidateQueries({ queryKey: [MISSING_SYMBOLS_KEY] });
      if (variables.action === "add") await queryClient.invalidateQueries({ queryKey: [ADMIN_SYMBOLS_KEY] });
    },
  });
}

/** The matcher's trace for a text (the variables are the text). */
export function useDebugSymbolsMutation(callbacks: MutationCallbacks<DebugSymbolsResponse, string> = {}) {
  return useMutation({
    ...callbacks,
    mutationFn: (text: string) =>
      apiRequest<DebugSymbolsResponse>("POST", "/api/admin/debug-symbols", { text }),
  });
}

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

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "../../../../contract/accounts";
import type { PersonalSymbol, PersonalSymbolBody } from "../../../../contract/symbols";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";

/*
 * The personal-symbol API (contract/symbols.ts) as TanStack Query hooks. The query key is the URL, as
 * everywhere in the app: invalidating it refreshes the list.
 */

export const PERSONAL_SYMBOLS_KEY = "/api/personal-symbols";

export function usePersonalSymbolsQuery() {
  return useQuery({
    queryKey: [PERSONAL_SYMBOLS_KEY],
    queryFn: ({ signal }) => apiRequest<PersonalSymbol[]>("GET", PERSONAL_SYMBOLS_KEY, undefined, { signal }),
  });
}

/** Creates a symbol (`symbol` null) or changes `symbol`; the list is refreshed after the caller's onSuccess. */
export function useSavePersonalSymbolMutation(
  symbol: PersonalSymbol | null,
  callbacks: MutationCallbacks<PersonalSymbol, PersonalSymbolBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (body: PersonalSymbolBody) =>
      symbol
        ? apiRequest<PersonalSymbol>("PATCH", `${PERSONAL_SYMBOLS_KEY}/${symbol.id}`, body)
        : apiRequest<PersonalSymbol>("POST", PERSONAL_SYMBOLS_KEY, body),
    onSuccess: async (saved, body) => {
      callbacks.onSuccess?.(saved, body);
      await queryClient.invalidateQueries({ queryKey: [PERSONAL_SYMBOLS_KEY] });
    },
  });
}

/** The delete for ConfirmDeleteDialog, which owns the mutation, its toasts and the refresh of the list. */
export const deletePersonalSymbol = (symbol: PersonalSymbol) =>
  apiRequest<MessageResponse>("DELETE", `${PERSONAL_SYMBOLS_KEY}/${symbol.id}`);

import { QueryCache, QueryClient } from "@tanstack/react-query";
import { reportConnectionError } from "../components/overlays/connection-store";
import { getQueryFn } from "./api";

/**
 * Spec section 9: stale after 5 minutes, no retries, no refetch on focus or interval.
 * A query failing with a 5xx answer or a network error opens the connection screen (spec section 4);
 * a query can opt out with `meta: { connectionErrors: false }`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.connectionErrors === false) return;
        reportConnectionError(error);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: 300_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * What a page adds to a feature's mutation hook (`features/<area>/api.ts`): its own reactions (a toast, closing
 * a dialog, a message). The hook keeps the request and the cache work, which runs after `onSuccess`.
 */
export interface MutationCallbacks<TData, TVariables> {
  onMutate?(variables: TVariables): void;
  onSuccess?(data: TData, variables: TVariables): void;
  onError?(error: unknown, variables: TVariables): void;
}

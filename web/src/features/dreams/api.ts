import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  Dream,
  DreamCategory,
  DreamPage,
  ImportProgress,
  JournalExport,
  JournalSymbols,
  RecognizedSymbol,
  SaveDreamBody,
  TranslateDreamResponse,
  UpdateDreamBody,
} from "../../../../contract/dreams";
import type { ReadingInfo } from "../../../../contract/reading";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";
import { type JournalFilters, journalQueryString } from "./journal-query";
import { saveThroughOutbox } from "./offline/save";
import { waitsForNetwork } from "./offline/sync";
import { readingInfoOrNull } from "./reading-info";
import { TranslationResponseError } from "./translation-error";

/*
 * The dreams API (contract/dreams.ts) as TanStack Query hooks, with the few plain requests a page drives itself
 * (the cancellable translation, a delete behind a confirmation). Types come from the contract (type imports only).
 */

/** Every journal query starts with this key, so one invalidation refreshes lists, months and details. */
export const DREAMS_KEY = "/api/dreams";

const detailKey = (id: number) => [DREAMS_KEY, "detail", id] as const;

/* ------------------------------------------------------------------------------------------------------ */
/* Requests                                                                                                */
/* ------------------------------------------------------------------------------------------------------ */

export interface TranslateInput {
  content: string;
  userId: number | null;
  isPremium: boolean;
  category: DreamCategory | null;
}

/** A translation as the page keeps it: an older server sends no reading info, which leaves it null. */
export type TranslationAnswer = Omit<TranslateDreamResponse, "reading"> & { reading: ReadingInfo | null };

/** POST /api/translate-dream, checked the way spec section 8 reads the answer. */
export async function translateDream(
  input: TranslateInput,
  signal?: AbortSignal,
): Promise<TranslationAnswer> {
  const answer = await apiRequest<unknown>(
    "POST",
    "/api/translate-dream",
    {
      content: input.content,
      userId: input.userId,
      isPremium: input.isPremium,
      isUltraSimplified: false,
      timestamp: new Date().toISOString(),
      ...(input.category ? { category: input.category } : {}),
    },
    { signal },
  );
  if (!answer || typeof answer !== "object")
    throw new TranslationResponseError("dreamInput.errors.invalidResponse");
  const body = answer as Omit<Partial<TranslateDreamResponse>, "success"> & {
    success?: unknown;
    error?: unknown;
  };
  if (body.success === false || body.error) throw new TranslationResponseError("dreamInput.errors.failed");
  const hasTranslation = typeof body.translation === "string" && body.translation.length > 0;
  const hasSymbols = Array.isArray(body.symbols);
  if (!hasTranslation && !hasSymbols) throw new TranslationResponseError("dreamInput.errors.incomplete");
  return {
    success: true,
    translation: body.translation ?? "",
    symbols: (body.symbols ?? []) as RecognizedSymbol[],
    isPremiumTranslation: body.isPremiumTranslation === true,
    language: body.language ?? "en",
    themes: Array.isArray(body.themes) ? body.themes : [],
    translationsUsed: body.translationsUsed ?? 0,
    translationsRemaining: body.translationsRemaining ?? null,
    translationReceipt: typeof body.translationReceipt === "string" ? body.translationReceipt : "",
    reading: readingInfoOrNull(body.reading),
  };
}

export interface SaveInput {
  userId: number;
  title: string;
  content: string;
  translation: string | null;
  symbols: RecognizedSymbol[];
  isPremiumTranslation: boolean;
  /** From the translation of this very content; null when it was not translated. */
  translationReceipt: string | null;
  category: DreamCategory | null;
  tags: string[];
}

export type SaveDreamAnswer = { success: true; message: string; dream: Dream };
/** Saved now, or kept on this device until the connection returns. */
export type SaveDreamOutcome = { kind: "saved"; answer: SaveDreamAnswer } | { kind: "waiting" };

/** The body of POST /api/dreams in the spec's shape (recognizedSymbols as a JSON string, empty values as null). */
function saveDreamBody(input: SaveInput): SaveDreamBody {
  return {
    userId: input.userId,
    title: input.title,
    content: input.content,
    translation: input.translation,
    recognizedSymbols: JSON.stringify(input.symbols),
    isPremiumTranslation: input.isPremiumTranslation,
    category: input.category ?? null,
    tags: input.tags.length > 0 ? input.tags : null,
    ...(input.translationReceipt ? { translationReceipt: input.translationReceipt } : {}),
  };
}

/**
 * Saves through the offline outbox (offline/save.ts): resolves when the dream is in the journal or kept on this
 * device to be sent later; rejects with the server's error when it was refused (or must wait for a new session).
 */
async function saveDream(input: SaveInput): Promise<SaveDreamOutcome> {
  const outcome = await saveThroughOutbox(input.userId, saveDreamBody(input));
  if (outcome.kind === "refused" || (outcome.kind === "waiting" && !waitsForNetwork(outcome.error))) {
    throw outcome.error;
  }
  return outcome.kind === "saved" ? outcome : { kind: "waiting" };
}

const listDreams = (filters: JournalFilters, cursor?: string | null, signal?: AbortSignal, limit?: number) =>
  apiRequest<DreamPage>("GET", `${DREAMS_KEY}?${journalQueryString(filters, { cursor, limit })}`, undefined, {
    signal,
  });

const updateDream = (id: number, changes: UpdateDreamBody) =>
  apiRequest<Dream>("PATCH", `${DREAMS_KEY}/${id}`, changes);

/** DELETE /api/dreams/:id; the journal's dialog runs it behind its confirmation (useDeleteWithToast). */
export const deleteDream = (id: number) =>
  apiRequest<{ success: true; message: string }>("DELETE", `${DREAMS_KEY}/${id}`);

export const reportMissingSymbol = (symbol: string) =>
  apiRequest<{ success: true; message: string }>("POST", "/api/missing-symbols", { symbol });

export const exportUrl = (format: "json" | "markdown") => `${DREAMS_KEY}/export?format=${format}`;

/* ------------------------------------------------------------------------------------------------------ */
/* Queries                                                                                                 */
/* ------------------------------------------------------------------------------------------------------ */

/** The journal's list, newest first, a page at a time ("Load more"); the last pages stay while filters change. */
export function useDreamListQuery(filters: JournalFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: [DREAMS_KEY, "list", filters],
    queryFn: ({ pageParam, signal }) => listDreams(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

const MONTH_PAGE = 100;
/** A month holds at most this many pages of dreams here (500 dreams); more is not a journal, it is a log. */
const MAX_MONTH_PAGES = 5;

/** Every dream of the month that `filters` (with its from/to set to that month) selects. */
async function dreamsOfMonth(filters: JournalFilters, signal: AbortSignal): Promise<Dream[]> {
  const dreams: Dream[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_MONTH_PAGES; page++) {
    const answer = await listDreams(filters, cursor, signal, MONTH_PAGE);
    dreams.push(...answer.dreams);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return dreams;
}

/** The calendar's month: `filters` with from/to set to that month. */
export function useDreamsOfMonthQuery(filters: JournalFilters) {
  return useQuery({
    queryKey: [DREAMS_KEY, "month", filters],
    queryFn: ({ signal }) => dreamsOfMonth(filters, signal),
  });
}

/** Every symbol of the journal with its count, named in the reader's language (the symbol filter's options). */
export function useJournalSymbolsQuery(language: string) {
  return useQuery({
    queryKey: [DREAMS_KEY, "symbols", language],
    queryFn: ({ signal }) =>
      apiRequest<JournalSymbols>("GET", `${DREAMS_KEY}/symbols`, undefined, { signal }),
  });
}

/** One dream of the journal; its failures show in the dialog, not as a connection problem. */
export function useDreamQuery(id: number) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiRequest<Dream>("GET", `${DREAMS_KEY}/${id}`, undefined, { signal }),
    meta: { connectionErrors: false },
  });
}

export const importProgressKey = (importId: number) => `${DREAMS_KEY}/imports/${importId}`;

/** A background import's progress, asked for every `pollMs` while it runs. */
export function useImportProgressQuery(importId: number | null, pollMs: number) {
  return useQuery({
    queryKey: [importProgressKey(importId ?? 0)],
    queryFn: ({ signal }) =>
      apiRequest<ImportProgress>("GET", importProgressKey(importId ?? 0), undefined, { signal }),
    enabled: importId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === "running" ? pollMs : false),
  });
}

/* ------------------------------------------------------------------------------------------------------ */
/* Mutations: the page's callbacks first, then the cache work                                               */
/* ------------------------------------------------------------------------------------------------------ */

/** Saves a dream to the journal (or keeps it on this device while offline); the journal's queries are refreshed. */
export function useSaveDreamMutation(callbacks: MutationCallbacks<SaveDreamOutcome, SaveInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: saveDream,
    // Offline is when the outbox matters: the save must run (and keep the dream), not pause until online.
    networkMode: "always",
    onSuccess: async (outcome, input) => {
      callbacks.onSuccess?.(outcome, input);
      if (outcome.kind === "saved") await queryClient.invalidateQueries({ queryKey: [DREAMS_KEY] });
    },
  });
}

/** Stores a dream the server sent back: its detail at once, the lists and months refreshed. */
function useStoreUpdatedDream() {
  const queryClient = useQueryClient();
  return async (updated: Dream) => {
    queryClient.setQueryData(detailKey(updated.id), updated);
    await queryClient.invalidateQueries({ queryKey: [DREAMS_KEY], refetchType: "active" });
  };
}

/** Changes a dream (only the fields given). */
export function useUpdateDreamMutation(
  id: number,
  callbacks: MutationCallbacks<Dream, UpdateDreamBody> = {},
) {
  const store = useStoreUpdatedDream();
  return useMutation({
    ...callbacks,
    mutationFn: (changes: UpdateDreamBody) => updateDream(id, changes),
    onSuccess: async (updated, changes) => {
      callbacks.onSuccess?.(updated, changes);
      await store(updated);
    },
  });
}

/**
 * Translates a dream kept without its symbols' meanings and stores the meanings with the translation's
 * receipt (one translation counted).
 */
export function useTranslateSavedDreamMutation(
  dream: Dream,
  input: Omit<TranslateInput, "content" | "category">,
  callbacks: MutationCallbacks<Dream, void> = {},
) {
  const store = useStoreUpdatedDream();
  return useMutation({
    ...callbacks,
    mutationFn: async () => {
      const answer = await translateDream({ ...input, content: dream.content, category: dream.category });
      return updateDream(dream.id, {
        translation: answer.translation,
        translationReceipt: answer.translationReceipt,
      });
    },
    onSuccess: async (updated, variables) => {
      callbacks.onSuccess?.(updated, variables);
      await store(updated);
    },
  });
}

/** Checked at once (422 with the file's problems), then imported in the background: poll its progress. */
export function useImportJournalMutation(
  callbacks: MutationCallbacks<
    { success: true; message: string; importId: number; total: number },
    JournalExport
  >,
) {
  return useMutation({
    ...callbacks,
    mutationFn: (journal: JournalExport) =>
      apiRequest<{ success: true; message: string; importId: number; total: number }>(
        "POST",
        `${DREAMS_KEY}/import`,
        journal,
      ),
  });
}

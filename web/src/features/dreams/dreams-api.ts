import type {
  Dream,
  DreamCategory,
  DreamPage,
  ImportProgress,
  JournalExport,
  JournalSymbols,
  RecognizedSymbol,
  TranslateDreamResponse,
  UpdateDreamBody,
} from "../../../../contract/dreams";
import { apiRequest } from "../../lib/api";
import { type JournalFilters, journalQueryString } from "./journal-query";
import { TranslationResponseError } from "./translation-error";

/** Every journal query starts with this key, so one invalidation refreshes lists, months and details. */
export const DREAMS_KEY = "/api/dreams";

export interface TranslateInput {
  content: string;
  userId: number | null;
  isPremium: boolean;
  category: DreamCategory | null;
}

/** POST /api/translate-dream, checked the way spec section 8 reads the answer. */
export async function translateDream(
  input: TranslateInput,
  signal?: AbortSignal,
): Promise<TranslateDreamResponse> {
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

/** POST /api/dreams with the spec's payload (recognizedSymbols as a JSON string, empty values as null). */
export function saveDream(input: SaveInput) {
  return apiRequest<{ success: true; message: string; dream: Dream }>("POST", "/api/dreams", {
    userId: input.userId,
    title: input.title,
    content: input.content,
    translation: input.translation,
    recognizedSymbols: JSON.stringify(input.symbols),
    isPremiumTranslation: input.isPremiumTranslation,
    category: input.category ?? null,
    tags: input.tags.length > 0 ? input.tags : null,
    ...(input.translationReceipt ? { translationReceipt: input.translationReceipt } : {}),
  });
}

export const listDreams = (
  filters: JournalFilters,
  cursor?: string | null,
  signal?: AbortSignal,
  limit?: number,
) =>
  apiRequest<DreamPage>("GET", `/api/dreams?${journalQueryString(filters, { cursor, limit })}`, undefined, {
    signal,
  });

/** Every symbol of the journal with its count, named in the reader's language (the symbol filter's options). */
export const listJournalSymbols = (signal?: AbortSignal) =>
  apiRequest<JournalSymbols>("GET", "/api/dreams/symbols", undefined, { signal });

export const getDream = (id: number, signal?: AbortSignal) =>
  apiRequest<Dream>("GET", `/api/dreams/${id}`, undefined, { signal });

export const updateDream = (id: number, changes: UpdateDreamBody) =>
  apiRequest<Dream>("PATCH", `/api/dreams/${id}`, changes);

export const deleteDream = (id: number) =>
  apiRequest<{ success: true; message: string }>("DELETE", `/api/dreams/${id}`);

/** Checked at once (422 with the file's problems), then imported in the background: poll its progress. */
export const importJournal = (journal: JournalExport) =>
  apiRequest<{ success: true; message: string; importId: number; total: number }>(
    "POST",
    "/api/dreams/import",
    journal,
  );

export const importProgressKey = (importId: number) => `/api/dreams/imports/${importId}`;

export const getImportProgress = (importId: number, signal?: AbortSignal) =>
  apiRequest<ImportProgress>("GET", importProgressKey(importId), undefined, { signal });

export const reportMissingSymbol = (symbol: string) =>
  apiRequest<{ success: true; message: string }>("POST", "/api/missing-symbols", { symbol });

export const exportUrl = (format: "json" | "markdown") => `/api/dreams/export?format=${format}`;

import { useSyncExternalStore } from "react";
import type { DreamCategory, RecognizedSymbol } from "../../../../contract/dreams";
import type { ReadingInfo } from "../../../../contract/reading";
import { readingInfoOrNull } from "./reading-info";

/** The latest translation of this browser session, shared by /dream-input and /interpretation. */
export const LAST_TRANSLATION_KEY = "chitta-last-translation";

export interface TranslationResult {
  /** The dream text as translated (trimmed, as the server read it): evidence offsets point into it. */
  content: string;
  translation: string;
  symbols: RecognizedSymbol[];
  isPremiumTranslation: boolean;
  language: string;
  themes: string[];
  category: DreamCategory | null;
  /** Null for premium users. */
  translationsRemaining: number | null;
  /** Saving this very text with it keeps the symbols' meanings; absent in results kept by an older version. */
  translationReceipt?: string;
  /** The short version, central symbols, feelings and care; null in results kept by an older version. */
  reading: ReadingInfo | null;
  translatedAt: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; value: TranslationResult | null } = { raw: null, value: null };

function read(): TranslationResult | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(LAST_TRANSLATION_KEY);
  } catch {
    raw = null;
  }
  if (raw === cached.raw) return cached.value;
  let value: TranslationResult | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as TranslationResult) : null;
    value =
      parsed && typeof parsed.content === "string" && Array.isArray(parsed.symbols)
        ? { ...parsed, reading: readingInfoOrNull(parsed.reading) }
        : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

function emit() {
  for (const listener of listeners) listener();
}

export function getLastTranslation(): TranslationResult | null {
  return read();
}

export function setLastTranslation(result: TranslationResult | null): void {
  try {
    if (result) window.sessionStorage.setItem(LAST_TRANSLATION_KEY, JSON.stringify(result));
    else window.sessionStorage.removeItem(LAST_TRANSLATION_KEY);
  } catch {
    // Storage blocked: the result still shows on this page, it just is not kept for /interpretation.
  }
  emit();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLastTranslation(): TranslationResult | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DreamCategory } from "../../../../../contract/dreams";
import { DREAMS_NS } from "../../../lib/i18n";
import { useAuth } from "../../auth/auth-context";
import { translateDream } from "../api";
import { setLastTranslation, type TranslationResult } from "../last-translation";
import { isAbortError, toastTranslationFailure } from "../translation-error";

/**
 * The dream's translation: one request at a time (a new one, Cancel, Start over or leaving the page cancels the one
 * in flight, silently), the result kept for /interpretation, the free allowance left, and what the status line says.
 */
export function useTranslateDream(initial: TranslationResult | null) {
  const { t } = useTranslation(DREAMS_NS);
  const { user, refreshUser } = useAuth();
  const [result, setResult] = useState<TranslationResult | null>(initial);
  const [translating, setTranslating] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [remaining, setRemaining] = useState<number | null>(initial?.translationsRemaining ?? null);
  /** The server refused a translation for the free limit: the way to Premium shows under the quota. */
  const [limitReached, setLimitReached] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);

  // Leaving the page cancels a translation still in flight.
  useEffect(() => () => controllerRef.current?.abort(), []);

  function abort() {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setTranslating(false);
  }

  async function translate(content: string, category: DreamCategory | null, onTranslated: () => void) {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setTranslating(true);
    setAnnouncement(t("dreamInput.progress.reading"));
    try {
      const answer = await translateDream(
        { content, userId: user?.id ?? null, isPremium: user?.isPremium === true, category },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      const next: TranslationResult = {
        content,
        translation: answer.translation,
        symbols: answer.symbols,
        isPremiumTranslation: answer.isPremiumTranslation,
        language: answer.language,
        themes: answer.themes,
        category,
        translationsRemaining: answer.translationsRemaining,
        translationReceipt: answer.translationReceipt,
        reading: answer.reading,
        translatedAt: new Date().toISOString(),
      };
      setResult(next);
      setLastTranslation(next);
      setRemaining(answer.translationsRemaining);
      onTranslated();
      setAnnouncement(t("dreamInput.progress.ready", { count: answer.symbols.length }));
      void refreshUser();
      window.requestAnimationFrame(() => resultHeadingRef.current?.focus());
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      setResult(null);
      setLastTranslation(null);
      setAnnouncement("");
      if (toastTranslationFailure(error, t).limitReached) setLimitReached(true);
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setTranslating(false);
      }
    }
  }

  return {
    result,
    translating,
    announcement,
    remaining,
    limitReached,
    resultHeadingRef,
    translate,
    cancel() {
      abort();
      setAnnouncement(t("dreamInput.progress.cancelled"));
    },
    /** Start over: no request, no result, here or on /interpretation. */
    clear() {
      abort();
      setResult(null);
      setLastTranslation(null);
      setAnnouncement(t("dreamInput.progress.cleared"));
    },
  };
}

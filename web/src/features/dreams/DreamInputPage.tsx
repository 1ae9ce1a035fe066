import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button, buttonClass } from "../../components/ui/Button";
import { TextAreaField } from "../../components/ui/TextAreaField";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { isApiError } from "../../lib/api";
import { DREAMS_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth/auth-context";
import { isPremiumUser } from "./allowance";
import { autoTitle } from "./auto-title";
import { CategoryField } from "./CategoryField";
import { DREAM_MAX_LENGTH, DREAM_MIN_LENGTH, parseTags } from "./constants";
import { DreamResult } from "./DreamResult";
import { clearDraft, type DreamDraft, EMPTY_DRAFT, loadDraft, saveDraft } from "./draft";
import { DREAMS_KEY, saveDream, translateDream } from "./dreams-api";
import { MicIcon, SparkIcon, StopIcon } from "./icons";
import { getLastTranslation, setLastTranslation, type TranslationResult } from "./last-translation";
import { MissingSymbolForm } from "./MissingSymbolForm";
import { isAbortError, translationErrorMessage } from "./translation-error";
import { linkClass, mutedClass, PageShell, Panel } from "./ui";
import { appendDictation, type DictationError, useDictation } from "./use-dictation";
import { dreamProblem } from "./validate-dream";

/** The restored draft, and the session's last translation when it was of that very text. */
function initialState(): { draft: DreamDraft; result: TranslationResult | null } {
  const draft = loadDraft();
  const last = getLastTranslation();
  const content = draft.content.trim();
  return { draft, result: last && content && last.content === content ? last : null };
}

/**
 * /dream-input: write or dictate a dream, translate it (cancellable; a new request cancels the one in
 * flight), read the symbols with their words marked in the dream, and save it to the journal. The unsaved
 * text is kept in localStorage until it is saved or reset.
 */
export default function DreamInputPage() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  useDocumentTitle(t("dreamInput.documentTitle"));
  const { user, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [initial] = useState(initialState);
  const [draft, setDraft] = useState<DreamDraft>(initial.draft);
  const [result, setResult] = useState<TranslationResult | null>(initial.result);
  const [contentError, setContentError] = useState<string | null>(null);
  const [translating, setTranslating] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [savedId, setSavedId] = useState<number | null>(null);
  const [remaining, setRemaining] = useState<number | null>(initial.result?.translationsRemaining ?? null);
  /** The server refused a translation for the free limit: the way to Premium shows under the quota. */
  const [limitReached, setLimitReached] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const counterId = useId();
  const statusId = useId();

  useEffect(() => {
    saveDraft(draft);
  }, [draft]);

  // Leaving the page cancels a translation still in flight.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const update = (changes: Partial<DreamDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setSavedId(null);
  };

  const dictation = useDictation({
    language: i18n.language,
    onText: (phrase) => {
      setDraft((current) => ({ ...current, content: appendDictation(current.content, phrase) }));
      setContentError(null);
      setSavedId(null);
    },
    onError: (error: DictationError) =>
      toast({
        title: t("dictation.errorTitle"),
        description: t(`dictation.errors.${error}`),
        variant: "destructive",
      }),
  });

  const content = draft.content.trim();
  const length = content.length;
  const premium = user ? isPremiumUser(user) : false;

  function focusText() {
    textareaRef.current?.focus();
  }

  function lengthError(problem: "tooShort" | "tooLong") {
    setContentError(
      problem === "tooShort"
        ? t("dreamInput.errors.tooShort", { min: DREAM_MIN_LENGTH })
        : t("dreamInput.errors.tooLong", { max: DREAM_MAX_LENGTH }),
    );
    focusText();
  }

  async function translate() {
    const problem = dreamProblem(draft.content);
    if (problem === "empty") {
      toast({
        title: t("dreamInput.toast.emptyTitle"),
        description: t("dreamInput.toast.emptyTranslate"),
        variant: "destructive",
      });
      focusText();
      return;
    }
    if (problem) {
      lengthError(problem);
      return;
    }
    if (dictation.listening) dictation.stop();
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setTranslating(true);
    setAnnouncement(t("dreamInput.progress.reading"));
    try {
      const answer = await translateDream(
        { content, userId: user?.id ?? null, isPremium: premium, category: draft.category },
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
        category: draft.category,
        translationsRemaining: answer.translationsRemaining,
        translationReceipt: answer.translationReceipt,
        translatedAt: new Date().toISOString(),
      };
      setResult(next);
      setLastTranslation(next);
      setRemaining(answer.translationsRemaining);
      setSavedId(null);
      setAnnouncement(t("dreamInput.progress.ready", { count: answer.symbols.length }));
      void refreshUser();
      window.requestAnimationFrame(() => resultHeadingRef.current?.focus());
    } catch (error) {
      // A cancelled request (by the user, a newer request or leaving the page) says nothing.
      if (controller.signal.aborted || isAbortError(error)) return;
      setResult(null);
      setLastTranslation(null);
      setAnnouncement("");
      const choice = translationErrorMessage(error);
      if (choice.kind === "key" && choice.key === "dreamInput.errors.limit") setLimitReached(true);
      toast({
        title: t("dreamInput.toast.translationFailed"),
        description: choice.kind === "key" ? t(choice.key) : choice.message,
        variant: "destructive",
      });
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setTranslating(false);
      }
    }
  }

  function cancel() {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setTranslating(false);
    setAnnouncement(t("dreamInput.progress.cancelled"));
    focusText();
  }

  const saveMutation = useMutation({
    mutationFn: saveDream,
    onSuccess: async (answer) => {
      clearDraft();
      setSavedId(answer.dream.id);
      toast({ title: t("dreamInput.toast.savedTitle"), description: answer.message });
      await queryClient.invalidateQueries({ queryKey: [DREAMS_KEY] });
    },
    onError: (error) => {
      const description =
        isApiError(error) && error.message
          ? error.message
          : isApiError(error) && error.status
            ? t("dreamInput.errors.saveStatus", { status: error.status })
            : t("dreamInput.errors.saveFailed");
      toast({ title: t("dreamInput.toast.saveFailed"), description, variant: "destructive" });
    },
  });

  function save() {
    if (saveMutation.isPending) return;
    const problem = dreamProblem(draft.content);
    if (problem === "empty") {
      toast({
        title: t("dreamInput.toast.emptyTitle"),
        description: t("dreamInput.toast.emptySave"),
        variant: "destructive",
      });
      focusText();
      return;
    }
    if (!user) {
      toast({
        title: t("dreamInput.toast.authTitle"),
        description: t("dreamInput.toast.authDescription"),
        variant: "destructive",
      });
      return;
    }
    if (problem) {
      lengthError(problem);
      return;
    }
    // The translation goes along only when it is of this very text.
    const fresh = result && result.content === content ? result : null;
    saveMutation.mutate({
      userId: user.id,
      title: autoTitle(content),
      content,
      translation: fresh?.translation ?? null,
      symbols: fresh?.symbols ?? [],
      isPremiumTranslation: fresh?.isPremiumTranslation ?? false,
      // Without it the journal keeps the symbols but not their meanings (decisions.md, free tier).
      translationReceipt: fresh?.translationReceipt ?? null,
      category: draft.category,
      tags: parseTags(draft.tags),
    });
  }

  function reset() {
    controllerRef.current?.abort();
    controllerRef.current = null;
    if (dictation.listening) dictation.stop();
    setTranslating(false);
    setDraft(EMPTY_DRAFT);
    setResult(null);
    setLastTranslation(null);
    setContentError(null);
    setSavedId(null);
    setAnnouncement(t("dreamInput.progress.cleared"));
    clearDraft();
    // Spec section 4: Reset refreshes every cached query.
    void queryClient.invalidateQueries();
    focusText();
  }

  const counterTone =
    length > DREAM_MAX_LENGTH
      ? "font-semibold text-red-700 dark:text-red-300"
      : length > 0 && length < DREAM_MIN_LENGTH
        ? "text-amber-800 dark:text-star-300"
        : "text-slate-600 dark:text-slate-300";
  const stale = result !== null && result.content !== content;
  const quota = premium
    ? null
    : remaining !== null
      ? t("dreamInput.quota.remaining", { count: remaining })
      : t("dreamInput.quota.perDay", { count: user?.translationsLimit ?? 3 });

  return (
    <PageShell
      title={t("dreamInput.title")}
      lead={t("dreamInput.lead")}
      actions={
        <Link href="/journal" className={buttonClass("secondary")}>
          {t("dreamInput.openJournal")}
        </Link>
      }
    >
      <Panel title={t("dreamInput.formTitle")}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void translate();
          }}
          className="flex flex-col gap-5"
        >
          <TextAreaField
            ref={textareaRef}
            label={t("dreamInput.contentLabel")}
            name="content"
            rows={8}
            value={draft.content}
            placeholder={t("dreamInput.placeholder")}
            aria-describedby={counterId}
            onChange={(event) => {
              update({ content: event.target.value });
              if (contentError) setContentError(null);
            }}
            error={contentError}
            description={t("dreamInput.contentHint", { min: DREAM_MIN_LENGTH, max: DREAM_MAX_LENGTH })}
          />
          <div className="-mt-3 flex flex-wrap items-center justify-between gap-3">
            <p id={counterId} className={`text-sm ${counterTone}`}>
              {t("dreamInput.counter", { count: length, max: DREAM_MAX_LENGTH })}
              {length > 0 && length < DREAM_MIN_LENGTH ? (
                <span> {t("dreamInput.counterShort", { count: DREAM_MIN_LENGTH - length })}</span>
              ) : null}
              {length > DREAM_MAX_LENGTH ? (
                <span> {t("dreamInput.counterLong", { count: length - DREAM_MAX_LENGTH })}</span>
              ) : null}
            </p>
            {dictation.supported ? (
              <Button
                variant="secondary"
                aria-pressed={dictation.listening}
                onClick={() => (dictation.listening ? dictation.stop() : dictation.start())}
                className={dictation.listening ? "border-red-500 dark:border-red-400" : ""}
              >
                {dictation.listening ? <StopIcon /> : <MicIcon />}
                {dictation.listening ? t("dictation.stop") : t("dictation.start")}
              </Button>
            ) : null}
          </div>
          {dictation.listening ? (
            <div className="-mt-2 flex items-start gap-3 rounded-lg border border-red-400/60 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-100">
              <span
                aria-hidden="true"
                className="mt-1 h-3 w-3 shrink-0 animate-pulse rounded-full bg-red-600"
              />
              <div>
                <p className="font-semibold">{t("dictation.listening")}</p>
                {dictation.interim ? <p className="mt-1 italic">{dictation.interim}</p> : null}
              </div>
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <CategoryField value={draft.category} onChange={(category) => update({ category })} />
            <TextField
              label={t("fields.tags")}
              labelHint={t("fields.optional")}
              description={t("fields.tagsHint")}
              name="tags"
              autoComplete="off"
              value={draft.tags}
              onChange={(event) => update({ tags: event.target.value })}
            />
          </div>
          {quota ? <p className={mutedClass}>{quota}</p> : null}
          {!premium && (limitReached || remaining === 0) ? (
            <p className="-mt-3 text-sm">
              <Link href="/subscribe" className={linkClass}>
                {t("dreamInput.quota.upgrade")}
              </Link>
            </p>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button type="submit" pending={translating} pendingLabel={t("dreamInput.translating")}>
              <SparkIcon />
              {t("dreamInput.translate")}
            </Button>
            {translating ? (
              <Button variant="secondary" onClick={cancel}>
                {t("dreamInput.cancel")}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onClick={save}
              pending={saveMutation.isPending}
              pendingLabel={t("dreamInput.saving")}
              disabled={savedId !== null}
            >
              {savedId !== null ? t("dreamInput.saved") : t("dreamInput.save")}
            </Button>
            <Button variant="ghost" onClick={reset}>
              {t("dreamInput.reset")}
            </Button>
          </div>
          {translating ? (
            <div className="flex flex-col gap-2">
              <progress
                aria-label={t("dreamInput.progress.label")}
                aria-describedby={statusId}
                className="h-2 w-full overflow-hidden rounded-full accent-violet-700 dark:accent-moon-300"
              />
            </div>
          ) : null}
          <p id={statusId} role="status" className={mutedClass}>
            {announcement}
          </p>
          {savedId !== null ? (
            <p className="text-sm text-emerald-800 dark:text-emerald-300">
              <Link href={`/journal?dream=${savedId}`} className={linkClass}>
                {t("dreamInput.viewSaved")}
              </Link>
            </p>
          ) : null}
        </form>
      </Panel>
      {result ? (
        <DreamResult
          content={result.content}
          translation={result.translation}
          symbols={result.symbols}
          isPremiumTranslation={result.isPremiumTranslation}
          headingRef={resultHeadingRef}
          notice={
            stale ? (
              <p className="mb-4 rounded-lg border border-amber-400/60 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-night-800 dark:text-star-300">
                {t("result.stale")}
              </p>
            ) : null
          }
          actions={
            <Link href="/interpretation" className={linkClass}>
              {t("dreamInput.openInterpretation")}
            </Link>
          }
        />
      ) : null}
      <MissingSymbolForm />
    </PageShell>
  );
}

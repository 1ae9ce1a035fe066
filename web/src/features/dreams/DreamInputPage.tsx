import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { CountedTextAreaField } from "../../components/ui/form";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell, Panel } from "../../components/ui/Page";
import { linkClass } from "../../components/ui/page-styles";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { DREAMS_NS } from "../../lib/i18n";
import { CategoryField } from "./CategoryField";
import { DREAM_MAX_LENGTH, DREAM_MIN_LENGTH } from "./constants";
import { DreamResult } from "./DreamResult";
import { tagsFieldProps } from "./fields";
import { AllowanceLine } from "./input/AllowanceLine";
import { DictationControl } from "./input/DictationControl";
import { DreamActions } from "./input/DreamActions";
import { TranslationStatus } from "./input/TranslationStatus";
import { useContentCheck } from "./input/use-content-check";
import { restoredInput, useDreamDraft } from "./input/use-dream-draft";
import { useSaveDream } from "./input/use-save-dream";
import { useTranslateDream } from "./input/use-translate-dream";
import { MissingSymbolForm } from "./MissingSymbolForm";
import { WaitingDreams } from "./offline/WaitingDreams";
import { useDictation } from "./use-dictation";

/**
 * /dream-input: write or dictate a dream, translate it (cancellable; a new request cancels the one in
 * flight), read the symbols with their words marked in the dream, and save it to the journal. The unsaved
 * text is kept in localStorage until it is saved or reset.
 */
export default function DreamInputPage() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const queryClient = useQueryClient();
  const [initial] = useState(restoredInput);
  const check = useContentCheck();
  const saving = useSaveDream();
  const translation = useTranslateDream(initial.result);
  const { draft, content, update, appendDictated, clear } = useDreamDraft(initial.draft, saving.markUnsaved);
  const { result } = translation;

  const dictation = useDictation({
    language: i18n.language,
    onText: (phrase) => {
      appendDictated(phrase);
      check.clearError();
    },
    onError: (error) =>
      toast({
        title: t("dictation.errorTitle"),
        description: t(`dictation.errors.${error}`),
        variant: "destructive",
      }),
  });

  function translate() {
    if (!check.check(draft.content, "translate")) return;
    if (dictation.listening) dictation.stop();
    void translation.translate(content, draft.category, saving.markUnsaved);
  }

  function save() {
    if (saving.pending || !check.check(draft.content, "save", saving.requireUser)) return;
    saving.save(draft, result);
  }

  function reset() {
    translation.clear();
    if (dictation.listening) dictation.stop();
    clear();
    check.clearError();
    saving.markUnsaved();
    // Spec section 4: Reset refreshes every cached query.
    void queryClient.invalidateQueries();
    check.focus();
  }

  return (
    <PageShell
      title={t("dreamInput.title")}
      documentTitle={t("dreamInput.documentTitle")}
      lead={t("dreamInput.lead")}
      actions={
        <>
          <WaitingDreams />
          <LinkButton href="/journal" variant="secondary">
            {t("dreamInput.openJournal")}
          </LinkButton>
        </>
      }
    >
      <Panel title={t("dreamInput.formTitle")}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            translate();
          }}
          className="flex flex-col gap-5"
        >
          <CountedTextAreaField
            ref={check.fieldRef}
            label={t("dreamInput.contentLabel")}
            name="content"
            rows={8}
            value={draft.content}
            max={DREAM_MAX_LENGTH}
            min={DREAM_MIN_LENGTH}
            placeholder={t("dreamInput.placeholder")}
            onChange={(event) => {
              update({ content: event.target.value });
              check.clearError();
            }}
            error={check.error}
            description={t("dreamInput.contentHint", { min: DREAM_MIN_LENGTH, max: DREAM_MAX_LENGTH })}
          />
          <DictationControl dictation={dictation} />
          <div className="grid gap-4 sm:grid-cols-2">
            <CategoryField value={draft.category} onChange={(category) => update({ category })} />
            <TextField
              {...tagsFieldProps(t)}
              value={draft.tags}
              onChange={(event) => update({ tags: event.target.value })}
            />
          </div>
          <AllowanceLine remaining={translation.remaining} limitReached={translation.limitReached} />
          <DreamActions
            translating={translation.translating}
            saving={saving.pending}
            saved={saving.savedId !== null}
            waiting={saving.waiting}
            onCancel={() => {
              translation.cancel();
              check.focus();
            }}
            onSave={save}
            onReset={reset}
          />
          <TranslationStatus
            translating={translation.translating}
            announcement={translation.announcement}
            savedId={saving.savedId}
          />
        </form>
      </Panel>
      {result ? (
        <DreamResult
          dream={result}
          headingRef={translation.resultHeadingRef}
          notice={
            result.content !== content ? (
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

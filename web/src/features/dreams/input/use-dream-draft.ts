import { useEffect, useState } from "react";
import { clearDraft, type DreamDraft, EMPTY_DRAFT, loadDraft, saveDraft } from "../draft";
import { getLastTranslation, type TranslationResult } from "../last-translation";
import { appendDictation } from "../use-dictation";

/** The restored draft, and the session's last translation when it was of that very text. */
export function restoredInput(): { draft: DreamDraft; result: TranslationResult | null } {
  const draft = loadDraft();
  const last = getLastTranslation();
  const content = draft.content.trim();
  return { draft, result: last && content && last.content === content ? last : null };
}

/**
 * The dream being written (text, category, tags), kept in localStorage on every change so it survives a reload
 * or a visit elsewhere. `onEdit` runs on every change (what was saved or checked no longer matches).
 */
export function useDreamDraft(initial: DreamDraft, onEdit: () => void) {
  const [draft, setDraft] = useState<DreamDraft>(initial);

  useEffect(() => {
    saveDraft(draft);
  }, [draft]);

  return {
    draft,
    /** The text as the server reads it (trimmed). */
    content: draft.content.trim(),
    update(changes: Partial<DreamDraft>) {
      setDraft((current) => ({ ...current, ...changes }));
      onEdit();
    },
    appendDictated(phrase: string) {
      setDraft((current) => ({ ...current, content: appendDictation(current.content, phrase) }));
      onEdit();
    },
    clear() {
      setDraft(EMPTY_DRAFT);
      clearDraft();
    },
  };
}

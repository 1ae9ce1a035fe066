import type { DreamCategory } from "../../../../contract/dreams";
import { isDreamCategory } from "./constants";

/** The unsaved dream on /dream-input, kept in localStorage so it survives a reload or a visit elsewhere. */
export const DRAFT_KEY = "chitta-dream-draft";

export interface DreamDraft {
  content: string;
  category: DreamCategory | null;
  /** As typed: "water, family". */
  tags: string;
}

export const EMPTY_DRAFT: DreamDraft = { content: "", category: null, tags: "" };

const isEmpty = (draft: DreamDraft) => !draft.content.trim() && !draft.category && !draft.tags.trim();

function storageOr(storage?: Storage): Storage | null {
  if (storage) return storage;
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored draft, or the empty one when there is none or it cannot be read. */
export function loadDraft(storage?: Storage): DreamDraft {
  try {
    const raw = storageOr(storage)?.getItem(DRAFT_KEY);
    if (!raw) return EMPTY_DRAFT;
    const value = JSON.parse(raw) as Partial<Record<keyof DreamDraft, unknown>>;
    return {
      content: typeof value.content === "string" ? value.content : "",
      category: typeof value.category === "string" && isDreamCategory(value.category) ? value.category : null,
      tags: typeof value.tags === "string" ? value.tags : "",
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Stores the draft; an empty draft removes the stored one. Storage that is full or blocked is ignored. */
export function saveDraft(draft: DreamDraft, storage?: Storage): void {
  const target = storageOr(storage);
  if (!target) return;
  try {
    if (isEmpty(draft)) target.removeItem(DRAFT_KEY);
    else target.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Private mode or a full quota: the draft simply is not kept.
  }
}

export function clearDraft(storage?: Storage): void {
  try {
    storageOr(storage)?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

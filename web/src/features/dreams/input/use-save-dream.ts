import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../components/ui/toast-store";
import { isApiError } from "../../../lib/api";
import { DREAMS_NS } from "../../../lib/i18n";
import { useAuth } from "../../auth/auth-context";
import { useSaveDreamMutation } from "../api";
import { autoTitle } from "../auto-title";
import { parseTags } from "../constants";
import type { DreamDraft } from "../draft";
import { clearDraft } from "../draft";
import type { TranslationResult } from "../last-translation";

/**
 * Saving the dream to the journal with the spec's payload and an automatic title; the translation goes along only
 * when it is of this very text. `savedId` is the saved dream, and `waiting` a dream kept on this device while
 * offline, until the text or its translation changes.
 */
export function useSaveDream() {
  const { t } = useTranslation(DREAMS_NS);
  const { user } = useAuth();
  const [savedId, setSavedId] = useState<number | null>(null);
  const [waiting, setWaiting] = useState(false);
  const mutation = useSaveDreamMutation({
    onSuccess: (outcome) => {
      // Kept or saved, the dream is safe: the draft's copy goes, so saving again cannot make a second one.
      clearDraft();
      if (outcome.kind === "waiting") {
        setWaiting(true);
        toast({ title: t("outbox.keptTitle"), description: t("outbox.keptDescription") });
        return;
      }
      setSavedId(outcome.answer.dream.id);
      toast({ title: t("dreamInput.toast.savedTitle"), description: outcome.answer.message });
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

  /** Signed in, or told to sign in: saving needs an account. */
  function requireUser(): boolean {
    if (user) return true;
    toast({
      title: t("dreamInput.toast.authTitle"),
      description: t("dreamInput.toast.authDescription"),
      variant: "destructive",
    });
    return false;
  }

  function save(draft: DreamDraft, result: TranslationResult | null) {
    if (!user) return;
    const content = draft.content.trim();
    const fresh = result && result.content === content ? result : null;
    mutation.mutate({
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

  return {
    savedId,
    waiting,
    pending: mutation.isPending,
    requireUser,
    save,
    markUnsaved: () => {
      setSavedId(null);
      setWaiting(false);
    },
  };
}

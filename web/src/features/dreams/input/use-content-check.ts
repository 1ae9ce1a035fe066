import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../components/ui/toast-store";
import { DREAMS_NS } from "../../../lib/i18n";
import { DREAM_MAX_LENGTH, DREAM_MIN_LENGTH } from "../constants";
import { dreamProblem } from "../validate-dream";

/**
 * Spec section 5's checks of the dream before it is translated or saved: an empty dream is a toast, a length out
 * of 20-5000 an error on the field; either way the text field takes the focus.
 */
export function useContentCheck() {
  const { t } = useTranslation(DREAMS_NS);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(null);
  const focus = () => fieldRef.current?.focus();

  /**
   * Whether `text` may be sent for `action`. `gate` runs between the empty and the length checks (saving asks a
   * signed-out visitor to sign in before it speaks of length) and stops the action when it returns false.
   */
  function check(text: string, action: "translate" | "save", gate?: () => boolean): boolean {
    const problem = dreamProblem(text);
    if (problem === "empty") {
      toast({
        title: t("dreamInput.toast.emptyTitle"),
        description: t(
          action === "translate" ? "dreamInput.toast.emptyTranslate" : "dreamInput.toast.emptySave",
        ),
        variant: "destructive",
      });
      focus();
      return false;
    }
    if (gate && !gate()) return false;
    if (problem) {
      setError(
        problem === "tooShort"
          ? t("dreamInput.errors.tooShort", { min: DREAM_MIN_LENGTH })
          : t("dreamInput.errors.tooLong", { max: DREAM_MAX_LENGTH }),
      );
      focus();
      return false;
    }
    return true;
  }

  return { fieldRef, error, clearError: () => setError(null), focus, check };
}

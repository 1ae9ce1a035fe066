import { useCallback } from "react";
import { changeLanguage, type Language } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { useSaveLanguageMutation } from "./api";

/**
 * The header's language choice: the page switches at once, and a signed-in user's account follows (PATCH
 * /api/user), since mails are written in the account's language. A failed save leaves the page switched.
 */
export function useChooseLanguage(): (language: Language) => void {
  const { user } = useAuth();
  const { mutate: saveLanguage } = useSaveLanguageMutation({
    onError: (error) => console.warn("The account's language could not be saved", error),
  });
  const accountLanguage = user?.language ?? null;
  return useCallback(
    (language: Language) => {
      changeLanguage(language);
      if (accountLanguage === null || accountLanguage === language) return;
      saveLanguage(language);
    },
    [accountLanguage, saveLanguage],
  );
}

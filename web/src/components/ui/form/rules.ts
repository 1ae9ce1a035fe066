import type { Validate } from "react-hook-form";
import {
  EMAIL_MAX,
  EMAIL_SHAPE,
  isValidUsername,
  normalizeUsername,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "../../../../../contract/account-rules";

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Check = Validate<string, Record<string, unknown>>;

/** Not empty once trimmed. */
export const requiredText =
  (message: string): Check =>
  (value) =>
    (typeof value === "string" && value.trim() !== "") || message;

/** The contract's rules, as react-hook-form checks with the interface's messages (no zod in the page's chunk). */
export const emailChecks = (t: Translate): Record<string, Check> => ({
  required: requiredText(t("forms.emailRequired")),
  shape: (value) =>
    (EMAIL_SHAPE.test(value.trim()) && value.trim().length <= EMAIL_MAX) || t("forms.emailInvalid"),
});

/** `keep`: the account's current name, accepted as it is (a name from before the rules must not block other changes). */
export const usernameChecks = (t: Translate, keep?: string): Record<string, Check> => ({
  required: requiredText(t("signup.usernameRequired")),
  format: (value) =>
    value.trim() === keep || isValidUsername(normalizeUsername(value)) || t("forms.usernameInvalid"),
});

/** A password being chosen: 8 to 128 characters. A password being typed to sign in is only required. */
export const passwordChecks = (t: Translate, isNew: boolean): Record<string, Check> => ({
  required: (value) => value !== "" || t("login.passwordRequired"),
  ...(isNew
    ? {
        length: (value: string) =>
          value.length < PASSWORD_MIN
            ? t("forms.passwordTooShort", { min: PASSWORD_MIN })
            : value.length > PASSWORD_MAX
              ? t("forms.passwordTooLong", { max: PASSWORD_MAX })
              : true,
      }
    : {}),
});

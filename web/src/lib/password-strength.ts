import { PASSWORD_MAX, PASSWORD_MIN } from "../../../contract/account-rules";

export type PasswordStrength = "empty" | "tooShort" | "tooLong" | "weak" | "fair" | "strong";

/**
 * A rough, instant hint while typing (length and variety of characters). The server has the final word: it
 * enforces 8 to 128 characters and refuses passwords from a common-password list.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return "empty";
  if (password.length < PASSWORD_MIN) return "tooShort";
  if (password.length > PASSWORD_MAX) return "tooLong";
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  const distinct = new Set(password).size;
  if (distinct <= 3) return "weak";
  let score = 0;
  if (password.length >= 12) score++;
  if (password.length >= 16) score++;
  if (kinds >= 2) score++;
  if (kinds >= 3) score++;
  if (score >= 3) return "strong";
  return score >= 2 ? "fair" : "weak";
}

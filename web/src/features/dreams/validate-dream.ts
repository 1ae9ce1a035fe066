import { DREAM_MAX_LENGTH, DREAM_MIN_LENGTH } from "./constants";

export type DreamProblem = "empty" | "tooShort" | "tooLong";

/** Spec section 5, on the text as the server reads it (trimmed). */
export function dreamProblem(content: string): DreamProblem | null {
  const length = content.trim().length;
  if (length === 0) return "empty";
  if (length < DREAM_MIN_LENGTH) return "tooShort";
  if (length > DREAM_MAX_LENGTH) return "tooLong";
  return null;
}

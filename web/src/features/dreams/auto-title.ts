export const AUTO_TITLE_LENGTH = 50;

/**
 * Spec section 5: the text before the first period, cut to 50 characters, plus an ellipsis. A dream that
 * starts with a period falls back to its opening words.
 */
export function autoTitle(content: string): string {
  const text = content.trim().replace(/\s+/g, " ");
  const firstSentence = text.split(".")[0]?.trim() || text.replace(/^[.\s]+/, "");
  // Cut on whole characters: an emoji or accented letter is never split in half.
  const cut = Array.from(firstSentence).slice(0, AUTO_TITLE_LENGTH).join("").trimEnd();
  return `${cut}...`;
}

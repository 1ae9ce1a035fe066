/** The server's refusal of a translation at the free limit: a 403 whose reason, not its message, says why. */
export const translationLimitRefusal = (message: string) => ({
  status: 403,
  body: { success: false, code: "FORBIDDEN", reason: "TRANSLATION_LIMIT", message },
});

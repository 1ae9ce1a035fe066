/** Dates of dreams in the reader's language. */
export function formatDreamDate(iso: string, language: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    dateStyle: withTime ? "full" : "medium",
    ...(withTime ? { timeStyle: "short" as const } : {}),
  }).format(date);
}

/** The first words of a dream for a list, cut on a word boundary. */
export function excerpt(text: string, max = 180): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The browser's own IANA time zone, if it can tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Every zone the browser knows (plus the given ones and UTC, which some engines leave out), sorted. */
export function timeZoneNames(...extra: Array<string | undefined>): string[] {
  let known: string[] = [];
  try {
    known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  } catch {
    known = [];
  }
  const names = new Set([...known, "UTC", ...extra.filter((name): name is string => Boolean(name))]);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** "America/Mexico_City" -> "America/Mexico City (GMT-6)": readable, with the current offset. */
export function timeZoneLabel(name: string, locale: string, now = new Date()): string {
  const readable = name.replaceAll("_", " ");
  try {
    const offset = new Intl.DateTimeFormat(locale, { timeZone: name, timeZoneName: "shortOffset" })
      .formatToParts(now)
      .find((part) => part.type === "timeZoneName")?.value;
    return offset ? `${readable} (${offset})` : readable;
  } catch {
    return readable;
  }
}

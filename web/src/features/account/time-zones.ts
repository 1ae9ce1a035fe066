/**
 * The browser's own IANA time zone, if it can tell. Some browsers report "Etc/Unknown" when the system's zone
 * has no IANA name; the server refuses it, and a person could not fix that on a form without a zone field.
 */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === "Etc/Unknown") return undefined;
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
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

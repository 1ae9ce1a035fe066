/** The canonical IANA name (e.g. `europe/madrid` -> `Europe/Madrid`), or null when the runtime does not know it. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

import type { BirthPlace } from "../../../../contract/oracle";

/** A country's name in the reader's language (ISO code in, "Estados Unidos" out); the code if unknown. */
export function countryName(countryCode: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/** "Springfield, IL, United States": enough to tell namesakes apart. */
export function placeLabel(place: Pick<BirthPlace, "name" | "region" | "countryCode">, language: string) {
  return [place.name, place.region, countryName(place.countryCode, language)].filter(Boolean).join(", ");
}

/**
 * A day in the reader's language: an instant (ISO) in the reader's own time zone, a calendar date
 * ("YYYY-MM-DD") as that very date wherever the reader is.
 */
export function formatDay(value: string, language: string, style: "long" | "medium" = "long"): string {
  const calendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(calendarDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, {
    dateStyle: style,
    ...(calendarDate ? { timeZone: "UTC" } : {}),
  }).format(date);
}

/** "Taurus or Gemini", "Tauro o Géminis". */
export function eitherOf(items: string[], language: string): string {
  return new Intl.ListFormat(language, { type: "disjunction" }).format(items);
}

/** A figure such as an average mood, with at most one decimal, in the reader's language. */
export function formatFigure(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

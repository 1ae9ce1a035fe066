import i18next, { type TFunction } from "i18next";
import en from "../locales/en.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };

export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: { en: { translation: en }, es: { translation: es } },
  fallbackLng: "en",
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
});

export function translator(language: Language): TFunction {
  return instance.getFixedT(language);
}

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "es";
}

/** Picks en or es from an Accept-Language header by the client's own preference order. */
export function languageFromHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split("-")[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}

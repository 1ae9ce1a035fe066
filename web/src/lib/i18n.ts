import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";
import es from "../locales/es.json";
import { setApiLanguage } from "./api";

export const LANGUAGE_KEY = "language";
export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];

export function storedLanguage(storage: Storage = window.localStorage): Language {
  const value = storage.getItem(LANGUAGE_KEY);
  return value === "es" ? "es" : "en";
}

/** English is the fallback; the choice is kept under `language` in localStorage. */
export function initI18n(language: Language = storedLanguage()) {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng: language,
    fallbackLng: "en",
    supportedLngs: [...supportedLanguages],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const apply = (lng: string) => {
    document.documentElement.lang = lng;
    setApiLanguage(lng);
  };
  apply(language);
  i18next.on("languageChanged", apply);
  return i18next;
}

export function changeLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_KEY, language);
  void i18next.changeLanguage(language);
}

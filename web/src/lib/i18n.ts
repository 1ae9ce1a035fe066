import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { setApiLanguage } from "./api";

export const LANGUAGE_KEY = "language";
export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];

/**
 * Eight namespaces per language, each its own chunk, fetched only for the active language:
 * `translation` (the app frame, the landing page, forms and account) before the first render, `content`
 * (the long texts of /learn, /help, /cache-help, /privacy-policy, /terms-of-service) with those pages,
 * `dreams` (dream input, interpretation, journal, personal symbols, symbol administration) with those pages,
 * `billing` (plans, checkout, subscription, premium promotion, billing admin) with those pages, `oracle`
 * (oracle profile, consultation, history, shared reading) with those pages, `referrals` (the referrals page and
 * the rewards modal), `affiliates` (application, affiliate dashboard, affiliate administration) and
 * `announcements` (the announcement stack and its administration).
 */
export const namespaces = [
  "translation",
  "content",
  "dreams",
  "billing",
  "oracle",
  "referrals",
  "affiliates",
  "announcements",
] as const;
export type Namespace = (typeof namespaces)[number];
export const CONTENT_NS: Namespace = "content";
export const DREAMS_NS: Namespace = "dreams";
export const BILLING_NS: Namespace = "billing";
export const ORACLE_NS: Namespace = "oracle";
export const REFERRALS_NS: Namespace = "referrals";
export const AFFILIATES_NS: Namespace = "affiliates";
export const ANNOUNCEMENTS_NS: Namespace = "announcements";

type Bundle = () => Promise<{ default: ResourceKey }>;
const bundles: Record<Language, Record<Namespace, Bundle>> = {
  en: {
    translation: () => import("../locales/en.json"),
    content: () => import("../locales/content/en.json"),
    dreams: () => import("../locales/dreams/en.json"),
    billing: () => import("../locales/billing/en.json"),
    oracle: () => import("../locales/oracle/en.json"),
    referrals: () => import("../locales/referrals/en.json"),
    affiliates: () => import("../locales/affiliates/en.json"),
    announcements: () => import("../locales/announcements/en.json"),
  },
  es: {
    translation: () => import("../locales/es.json"),
    content: () => import("../locales/content/es.json"),
    dreams: () => import("../locales/dreams/es.json"),
    billing: () => import("../locales/billing/es.json"),
    oracle: () => import("../locales/oracle/es.json"),
    referrals: () => import("../locales/referrals/es.json"),
    affiliates: () => import("../locales/affiliates/es.json"),
    announcements: () => import("../locales/announcements/es.json"),
  },
};

const isLanguage = (value: string): value is Language =>
  (supportedLanguages as readonly string[]).includes(value);
const isNamespace = (value: string): value is Namespace => (namespaces as readonly string[]).includes(value);

/** i18next backend over the bundles above: a language's texts are downloaded only when it is chosen. */
const bundleBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language) || !isNamespace(namespace)) {
      callback(null, {});
      return;
    }
    bundles[language][namespace]().then(
      (module) => callback(null, module.default),
      // `true` lets i18next retry: a chunk can fail on a flaky connection.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

export function storedLanguage(storage: Storage = window.localStorage): Language {
  const value = storage.getItem(LANGUAGE_KEY);
  return value === "es" ? "es" : "en";
}

let ready: Promise<unknown> | null = null;

/**
 * English is the default; the choice is kept under `language` in localStorage. Resolves once the active
 * language's `translation` texts are in, so the first render is already in that language (no keys shown).
 * Calling it again only switches the language.
 */
export function initI18n(language: Language = storedLanguage()): Promise<unknown> {
  if (ready) {
    if (i18next.language !== language) return i18next.changeLanguage(language);
    return ready;
  }
  const apply = (lng: string) => {
    document.documentElement.lang = lng;
    setApiLanguage(lng);
  };
  apply(language);
  i18next.on("languageChanged", apply);
  ready = i18next
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Both locales hold the same keys (web/src/i18n.test.ts), so no second language is ever downloaded.
      fallbackLng: false,
      supportedLngs: [...supportedLanguages],
      ns: ["translation"],
      defaultNS: "translation",
      fallbackNS: "translation",
      interpolation: { escapeValue: false },
      // Start downloading at once; a failed chunk is retried twice, then the app renders regardless.
      initAsync: false,
      maxRetries: 2,
    });
  return ready;
}

/** Stores the choice at once; the texts switch when the new language's bundles have arrived. */
export function changeLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_KEY, language);
  void i18next.changeLanguage(language);
}

/** Loads namespaces for the active language (and any later one): pages call it with their chunk. */
export function loadNamespaces(...needed: Namespace[]): Promise<void> {
  return i18next.loadNamespaces(needed);
}

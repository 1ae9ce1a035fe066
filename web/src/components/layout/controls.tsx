import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChooseLanguage } from "../../features/account/use-choose-language";
import { type Language, supportedLanguages } from "../../lib/i18n";
import { setTheme, storedTheme, type Theme } from "../../lib/theme";
import { GlobeIcon, MoonIcon, SunIcon } from "./icons";

/** 44 px touch target with a visible focus ring, for the header's icon buttons. */
export const iconButtonClass =
  "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-violet-100 focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-slate-200 dark:hover:bg-night-700";

/** English / Español, stored under `language` (spec section 2), and on the signed-in user's account. */
export function LanguageSelect({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  const id = useId();
  const current = (i18n.resolvedLanguage ?? i18n.language) === "es" ? "es" : "en";
  return (
    <div className={`relative inline-flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("layout.language")}
      </label>
      <span className="pointer-events-none absolute left-2.5 text-slate-600 dark:text-slate-300">
        <GlobeIcon />
      </span>
      <select
        id={id}
        value={current}
        onChange={(event) => chooseLanguage(event.target.value as Language)}
        className="h-11 min-w-0 cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white/80 py-0 pr-3 pl-9 text-sm text-slate-800 hover:border-violet-500 dark:border-night-700 dark:bg-night-900/80 dark:text-slate-100 dark:hover:border-moon-400"
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`layout.languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Dark by default; the choice is kept under `chitta-theme`. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setThemeState] = useState<Theme>(() => storedTheme());
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className={iconButtonClass}
      aria-label={next === "light" ? t("layout.theme.toLight") : t("layout.theme.toDark")}
      title={next === "light" ? t("layout.theme.toLight") : t("layout.theme.toDark")}
      onClick={() => {
        setTheme(next);
        setThemeState(next);
      }}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

export const THEME_KEY = "chitta-theme";
export type Theme = "dark" | "light";

/** Dark unless the user chose light (key `chitta-theme`). */
export function storedTheme(storage: Storage = window.localStorage): Theme {
  return storage.getItem(THEME_KEY) === "light" ? "light" : "dark";
}

export function applyStoredTheme(): void {
  setTheme(storedTheme(), false);
}

export function setTheme(theme: Theme, persist = true): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  if (persist) window.localStorage.setItem(THEME_KEY, theme);
}

/** Looks shared by the app's content pages (dark theme first, AA contrast in both themes). */
export const h1Class = "text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-slate-50";
export const h2Class = "text-lg font-semibold text-slate-900 dark:text-slate-50";
export const h3Class = "text-base font-semibold text-slate-900 dark:text-slate-50";
export const bodyClass = "text-slate-700 dark:text-slate-200";
export const mutedClass = "text-sm text-slate-600 dark:text-slate-300";
export const linkClass =
  "font-medium text-violet-700 underline underline-offset-4 hover:no-underline dark:text-moon-300";
export const panelClass =
  "rounded-2xl border border-slate-200 bg-white/90 p-5 shadow-sm sm:p-6 dark:border-night-700 dark:bg-night-900/80";
export const warningClass =
  "rounded-xl border border-amber-400/70 bg-amber-50 p-4 text-amber-950 dark:border-star-300/50 dark:bg-night-800 dark:text-star-300";
export const tableClass = "w-full border-collapse text-left text-sm";
export const thClass =
  "border-b border-slate-300 px-3 py-2 font-semibold text-slate-900 dark:border-night-700 dark:text-slate-50";
export const tdClass =
  "border-b border-slate-200 px-3 py-2 align-top text-slate-800 dark:border-night-800 dark:text-slate-100";

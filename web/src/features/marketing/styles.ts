/**
 * Shared class names of the content pages. Dark theme (default): body slate-200, headings slate-50, accents
 * moon-300; the light theme gets its own AA-contrast colours.
 */
export const container = "mx-auto w-full max-w-5xl px-4 sm:px-6";
export const narrow = "mx-auto w-full max-w-3xl px-4 sm:px-6";
export const h1Class = "text-3xl font-semibold tracking-tight text-night-950 sm:text-4xl dark:text-slate-50";
export const h2Class = "text-2xl font-semibold tracking-tight text-night-950 dark:text-slate-50";
export const h3Class = "text-lg font-semibold text-night-950 dark:text-slate-50";
export const bodyClass = "text-slate-700 dark:text-slate-200";
export const mutedClass = "text-sm text-slate-600 dark:text-slate-300";
export const accentClass = "text-violet-700 dark:text-moon-300";
export const linkClass =
  "font-medium text-violet-700 underline underline-offset-4 hover:no-underline dark:text-moon-300";
export const cardClass =
  "rounded-2xl border border-violet-200 bg-white/80 p-5 dark:border-night-700 dark:bg-night-900/70";
export const kbdClass =
  "rounded border border-violet-200 bg-white px-1.5 py-0.5 font-mono text-sm text-night-950 dark:border-night-700 dark:bg-night-800 dark:text-slate-50";

/** Shared looks for the app's dialogs and buttons: AA contrast in both themes, 44 px targets, focus rings. */
export const dialogOverlayClass = "fixed inset-0 z-50 bg-night-950/75 backdrop-blur-sm";

export const dialogContentClass =
  "fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-slate-800 shadow-2xl focus:outline-none dark:border-night-700 dark:bg-night-900 dark:text-slate-100";

export const dialogTitleClass = "text-2xl font-semibold text-violet-800 dark:text-moon-300";

export const primaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-violet-700 px-5 py-2 font-semibold text-white hover:bg-violet-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-moon-300 dark:text-night-950 dark:hover:bg-moon-400";

export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-5 py-2 font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-night-700 dark:text-slate-100 dark:hover:bg-night-800";

export const closeButtonClass =
  "absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-night-800";

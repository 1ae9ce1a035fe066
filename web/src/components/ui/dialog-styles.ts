/** The dialogs' looks, apart from Radix so the first download can share them: AA contrast in both themes. */
export const dialogOverlayClass = "fixed inset-0 z-50 bg-night-950/75 backdrop-blur-sm";

export const dialogTitleClass = "text-2xl font-semibold text-violet-800 dark:text-moon-300";

/** The corner's close button: a 44 px target. */
export const closeButtonClass =
  "absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-night-800";

/** Shared looks of form controls, so every field in the app reads the same in both themes. */
export const labelClass = "text-sm font-medium text-slate-900 dark:text-slate-100";
export const descriptionClass = "text-sm text-slate-600 dark:text-slate-300";
export const fieldErrorClass = "text-sm font-medium text-red-700 dark:text-red-300";
export const controlClass =
  "min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700 " +
  "dark:bg-night-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus-visible:outline-moon-300 " +
  "disabled:cursor-not-allowed disabled:opacity-60";
export const controlBorder = (invalid: boolean) =>
  invalid ? "border-red-600 dark:border-red-400" : "border-slate-500 dark:border-slate-500";

/** The ids a control points at with aria-describedby: its description, then its error. */
export function describedBy(...ids: Array<string | undefined | false>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list === "" ? undefined : list;
}

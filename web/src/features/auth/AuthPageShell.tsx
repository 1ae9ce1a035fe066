import { type ReactNode, useId } from "react";

/** The frame of the sign-in family of pages: one section, one h1, a card (the Layout provides <main>). */
export function AuthPageShell({
  title,
  intro,
  children,
  footer,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white/90 p-5 shadow-sm sm:p-8 dark:border-night-700 dark:bg-night-900/80">
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h1>
        {intro ? <p className="mt-2 text-slate-700 dark:text-slate-200">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-slate-700 dark:text-slate-200">{footer}</div> : null}
    </section>
  );
}

/** Inline text links in these pages: underlined, AA contrast in both themes, 44 px tall hit area. */
export const textLinkClass =
  "inline-flex min-h-11 items-center font-medium text-violet-800 underline underline-offset-4 hover:text-violet-950 " +
  "dark:text-moon-300 dark:hover:text-moon-400 focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "focus-visible:outline-violet-700 dark:focus-visible:outline-moon-300 rounded";

/** A short live status line with a spinner (e.g. "Verifying your email address..."). */
export function StatusLine({ message }: { message: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className="flex items-center gap-3 text-slate-800 dark:text-slate-100"
    >
      <span
        aria-hidden="true"
        className="inline-block h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-violet-700 border-t-transparent dark:border-moon-300 dark:border-t-transparent"
      />
      {message}
    </p>
  );
}

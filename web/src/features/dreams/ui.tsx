import { type ReactNode, type Ref, useId } from "react";
import {
  bodyClass,
  h1Class,
  h2Class,
  linkClass,
  mutedClass,
  panelClass,
  tableClass,
  tdClass,
  thClass,
} from "../../components/ui/page-styles";

/** Shared looks of the dream pages (dark theme first, AA contrast in both themes). */
export const pageClass = "mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12";
export const h3Class = "text-base font-semibold text-slate-900 dark:text-slate-50";
export const badgeClass =
  "inline-flex items-center rounded-full border border-violet-300 bg-violet-50 px-2.5 py-0.5 text-xs font-medium text-violet-900 dark:border-moon-400/50 dark:bg-night-800 dark:text-moon-300";
export const tagClass =
  "inline-flex items-center rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-night-700 dark:text-slate-100";
export const chipClass =
  "inline-flex items-center rounded-md border border-slate-300 px-2 py-0.5 text-sm text-slate-800 dark:border-night-700 dark:text-slate-100";

/** The page's section with its only <h1> and a lead paragraph. */
export function PageShell({
  title,
  lead,
  actions,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={pageClass}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 id={headingId} className={h1Class}>
            {title}
          </h1>
          {lead ? <p className={`mt-2 ${bodyClass}`}>{lead}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </div>
      <div className="mt-8 flex flex-col gap-6">{children}</div>
    </section>
  );
}

/** A titled card (h2) inside a page. */
export function Panel({
  title,
  description,
  children,
  headingRef,
  className = "",
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${panelClass} ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className={`${h2Class} outline-none`}
        >
          {title}
        </h2>
        {actions}
      </div>
      {description ? <p className={`mt-1 ${bodyClass}`}>{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A table's header row: one column header (thClass) per label. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={thClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export { bodyClass, h1Class, h2Class, linkClass, mutedClass, panelClass, tableClass, tdClass, thClass };

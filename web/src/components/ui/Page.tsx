import { type ReactNode, type Ref, useId } from "react";
import { useDocumentTitle } from "../../lib/use-document-title";
import { bodyClass, h1Class, h2Class, panelClass, tableClass, thClass } from "./page-styles";

const widths = {
  /** The journal, the symbol tables and the dream pages. */
  wide: "max-w-5xl",
  /** The payment pages. */
  medium: "max-w-4xl",
} as const;

/** A page's section with its only <h1>, a lead paragraph and optional actions beside the title; sets the tab's title. */
export function PageShell({
  title,
  documentTitle,
  lead,
  actions,
  width = "wide",
  children,
}: {
  title: ReactNode;
  documentTitle: string;
  lead?: ReactNode;
  actions?: ReactNode;
  width?: keyof typeof widths;
  children: ReactNode;
}) {
  const headingId = useId();
  useDocumentTitle(documentTitle);
  return (
    <section
      aria-labelledby={headingId}
      className={`mx-auto w-full ${widths[width]} px-4 py-8 sm:px-6 sm:py-12`}
    >
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

/** A titled card (h2) inside a page; `headingRef` makes the heading focusable, to move focus to it. */
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

/** A table's header row: one column header per label. */
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

/** A wide table that scrolls sideways on a phone; the scroll area is reachable by keyboard. */
export function ScrollTable({
  label,
  columns,
  wide = false,
  children,
}: {
  label: string;
  columns: string[];
  /** Many columns: keep them readable and scroll sideways on narrow screens. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    // A scrollable region must be focusable, or a keyboard cannot scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg">
      <table className={`${tableClass} ${wide ? "min-w-[40rem]" : ""}`}>
        <caption className="sr-only">{label}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

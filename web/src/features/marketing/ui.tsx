import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { MarketingIcon } from "./icons";
import { RichText } from "./rich-text";
import { bodyClass, cardClass, h1Class, mutedClass, narrow } from "./styles";

/** The page's only <h1>, with its lead paragraph. */
export function PageHeader({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <header className="space-y-4">
      <h1 id={id} className={h1Class}>
        {title}
      </h1>
      {lead ? <p className={`text-lg ${bodyClass}`}>{lead}</p> : null}
      {children}
    </header>
  );
}

export interface FaqEntry {
  q: string;
  a: string;
}

/**
 * Questions as <details>/<summary>: readable without JavaScript, keyboard operable, no script needed.
 * `answerKey(index)` names the answer's translation key so links inside answers work.
 */
export function FaqList({
  t,
  entries,
  answerKey,
  values,
}: {
  t: TFunction;
  entries: FaqEntry[];
  answerKey: (index: number) => string;
  values?: Record<string, unknown>;
}) {
  return (
    <div className="space-y-3">
      {entries.map((entry, index) => (
        <details
          key={entry.q}
          className="group rounded-2xl border border-violet-200 bg-white/80 dark:border-night-700 dark:bg-night-900/70"
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-3 font-medium text-night-950 dark:text-slate-50 [&::-webkit-details-marker]:hidden">
            <span>{entry.q}</span>
            <MarketingIcon
              name="chevron"
              className="h-5 w-5 shrink-0 text-violet-700 transition-transform group-open:rotate-180 dark:text-moon-300"
            />
          </summary>
          <p className={`px-5 pb-4 ${bodyClass}`}>
            <RichText t={t} i18nKey={answerKey(index)} values={values} />
          </p>
        </details>
      ))}
    </div>
  );
}

/** In-page table of contents for the long pages. */
export function Toc({ label, items }: { label: string; items: { id: string; title: string }[] }) {
  return (
    <nav aria-label={label} className={`${cardClass} ${mutedClass}`}>
      <p className="mb-2 font-semibold text-night-950 dark:text-slate-50">{label}</p>
      <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="inline-flex min-h-9 items-center text-violet-700 underline-offset-4 hover:underline dark:text-moon-300"
            >
              {item.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Outer wrapper of a text-heavy page: a narrow column with vertical rhythm. */
export function ContentColumn({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  return (
    <section aria-labelledby={labelledBy} className={`${narrow} space-y-10 py-10 sm:py-14`}>
      {children}
    </section>
  );
}

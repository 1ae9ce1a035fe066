import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../components/layout/icons";
import { Button, buttonClass, Spinner } from "../../components/ui/Button";
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
import { BILLING_NS } from "../../lib/i18n";
import { FREE_ORACLE_WINDOW_DAYS, freeLimitValues } from "../marketing/pricing";

/*
 * What the billing pages share. Their own module rather than the dream pages' ui.tsx, so a checkout page
 * does not download the journal's shared chunk; the looks match the dream pages (AA contrast, both themes).
 */

export const pageClass = "mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12";
export const badgeClass =
  "inline-flex items-center rounded-full border border-violet-300 bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-900 dark:border-moon-400/50 dark:bg-night-800 dark:text-moon-300";
export const saveBadgeClass =
  "inline-flex items-center rounded-full bg-star-300 px-3 py-1 text-sm font-semibold text-night-950";
export const warningClass =
  "rounded-xl border border-amber-400/70 bg-amber-50 p-4 text-amber-950 dark:border-star-300/50 dark:bg-night-800 dark:text-star-300";

/** The page's section with its only <h1> and a lead paragraph. */
export function PageShell({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={pageClass}>
      <h1 id={headingId} className={h1Class}>
        {title}
      </h1>
      {lead ? <p className={`mt-2 ${bodyClass}`}>{lead}</p> : null}
      <div className="mt-8 flex flex-col gap-6">{children}</div>
    </section>
  );
}

/** A titled card (h2) inside a page. */
export function Panel({
  title,
  actions,
  className = "",
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${panelClass} ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className={h2Class}>
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A link that looks like a button (44 px tall, full width on the smallest screens). */
export function LinkButton({
  href,
  variant = "primary",
  children,
}: {
  href: string;
  variant?: "primary" | "secondary";
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClass(variant, "w-full sm:w-auto")}>
      {children}
    </Link>
  );
}

/** Work in progress, announced politely: a spinner and what is happening. */
export function BusyStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={`flex items-center gap-3 ${bodyClass}`}>
      <Spinner className="h-5 w-5 text-violet-700 dark:text-moon-300" />
      <span>{children}</span>
    </p>
  );
}

/** A load that failed: what went wrong (announced) and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: ReactNode; onRetry(): void }) {
  const { t } = useTranslation(BILLING_NS);
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className={bodyClass}>
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t("billing.retry")}
      </Button>
    </div>
  );
}

export function TestModeBadge() {
  const { t } = useTranslation(BILLING_NS);
  return (
    <span className="inline-flex items-center rounded-full border border-amber-500 bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-950 uppercase dark:border-star-300 dark:bg-night-800 dark:text-star-300">
      {t("billing.testMode.badge")}
    </span>
  );
}

/** The "Test mode" badge with what it means: the sandbox moves no money. */
export function TestModeNotice({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(BILLING_NS);
  return (
    <div className={`flex flex-col gap-2 sm:flex-row sm:items-start ${warningClass}`}>
      <div className="shrink-0">
        <TestModeBadge />
      </div>
      <p className="text-sm">{children ?? t("billing.testMode.explanation")}</p>
    </div>
  );
}

const CheckIcon = () => (
  <Icon>
    <path d="M5 12l5 5L20 7" />
  </Icon>
);

/** A list with a check mark before each point. */
export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item} className={`flex gap-3 ${bodyClass}`}>
          <span className="mt-0.5 shrink-0 text-violet-700 dark:text-moon-300">
            <CheckIcon />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The free limits the member has now (their own, from the user), for "instead of 3 a day". */
export function freeLimitsOf(user: { translationsLimit?: number; oracleLimit?: number } | null) {
  return {
    translations: user?.translationsLimit ?? freeLimitValues.translations,
    oracle: user?.oracleLimit ?? freeLimitValues.oracle,
    days: FREE_ORACLE_WINDOW_DAYS,
  };
}

/** What Premium gives, against the member's current free limits. */
export function PremiumBenefits({
  user,
}: {
  user: { translationsLimit?: number; oracleLimit?: number } | null;
}) {
  const { t } = useTranslation(BILLING_NS);
  const limits = freeLimitsOf(user);
  return (
    <CheckList
      items={[
        t("billing.benefits.translations", limits),
        t("billing.benefits.insights"),
        t("billing.benefits.oracle", limits),
        t("billing.benefits.patterns"),
      ]}
    />
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
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={thClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** The way back to the plans, at the bottom of every payment page. */
export function BackToPlans() {
  const { t } = useTranslation(BILLING_NS);
  return (
    <p>
      <Link href="/subscribe" className={linkClass}>
        {t("billing.backToPlans")}
      </Link>
    </p>
  );
}

export { bodyClass, h1Class, h2Class, linkClass, mutedClass, panelClass, tableClass, tdClass, thClass };

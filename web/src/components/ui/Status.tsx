import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, Spinner } from "./Button";
import { bodyClass, h1Class, h2Class, mutedClass } from "./page-styles";

/** Work in progress, announced politely: a spinner and what is happening. */
export function BusyStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={`flex items-center gap-3 ${bodyClass}`}>
      <Spinner className="h-5 w-5 text-violet-700 dark:text-moon-300" />
      <span>{children}</span>
    </p>
  );
}

export interface SkeletonShape {
  /** How many placeholders; about what the first screen of the list shows. */
  rows?: number;
  /** Each placeholder's size and corners, close to the real item's, so nothing jumps when it arrives. */
  rowClassName?: string;
  /** The placeholders' layout: a column unless the list is a grid. */
  className?: string;
}

/** A table's rows. */
export const TABLE_SKELETON: SkeletonShape = {
  rows: 5,
  rowClassName: "h-11 rounded-md",
  className: "flex flex-col gap-2",
};

/** Pulsing grey shapes where content is about to appear. Decoration only: the loading text says it aloud. */
export function Skeleton({
  rows = 3,
  rowClassName = "h-16 rounded-xl",
  className = "flex flex-col gap-3",
}: SkeletonShape) {
  return (
    <div aria-hidden="true" data-skeleton className={className}>
      {Array.from({ length: rows }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
          key={index}
          className={`animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-night-800 ${rowClassName}`}
        />
      ))}
    </div>
  );
}

/**
 * A list's first load: the loading text, announced politely, above the skeleton of what is coming. No aria-busy
 * around it: some screen readers hold back a busy region's live announcements until it is done.
 */
export function LoadingList({ label, skeleton }: { label: ReactNode; skeleton?: SkeletonShape }) {
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className={mutedClass}>
        {label}
      </p>
      <Skeleton {...skeleton} />
    </div>
  );
}

/** A load that failed: what went wrong (announced) and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: ReactNode; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className={bodyClass}>
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}

/**
 * A list query's content: while loading its skeleton, on failure or when empty a line that says so, else
 * `children`.
 */
export function ListStatus({
  query,
  loadFailed,
  empty,
  skeleton,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: readonly unknown[] };
  loadFailed: ReactNode;
  empty: ReactNode;
  skeleton?: SkeletonShape;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingList label={t("common.loadingContent")} skeleton={skeleton} />;
  if (query.isError) {
    return (
      <p role="alert" className={bodyClass}>
        {loadFailed}
      </p>
    );
  }
  if ((query.data ?? []).length === 0) return <p className={bodyClass}>{empty}</p>;
  return children;
}

/**
 * Nothing to show here (an unknown page, a feature still being built): an icon, a heading, what to do, and
 * the ways on. `level` 1 when it is the whole page.
 */
export function EmptyState({
  icon,
  title,
  body,
  level = 2,
  titleId,
  titleClassName = level === 1 ? h1Class : h2Class,
  children,
  actions,
}: {
  icon?: ReactNode;
  title: ReactNode;
  body: ReactNode;
  level?: 1 | 2;
  titleId?: string;
  titleClassName?: string;
  /** Shown between the body and the actions. */
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className="text-center">
      {icon}
      <Heading id={titleId} className={`${icon ? "mt-6" : ""} ${titleClassName}`}>
        {title}
      </Heading>
      <p className={`mx-auto mt-4 max-w-xl text-lg ${bodyClass}`}>{body}</p>
      {children}
      {actions ? <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div> : null}
    </div>
  );
}

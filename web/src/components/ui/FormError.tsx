import type { ReactNode } from "react";

/** A form-level error (not tied to one field), announced when it appears. Renders nothing without a message. */
export function FormError({
  message,
  id,
  className = "",
}: {
  message?: ReactNode;
  id?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      className={`rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/60 dark:bg-red-950/60 dark:text-red-100 ${className}`}
    >
      {message}
    </div>
  );
}

/**
 * A success or information message, announced politely. The live region is always in the page (empty when
 * there is nothing to say), so screen readers notice when a message appears in it.
 */
export function FormNotice({
  children,
  tone = "success",
  id,
  className = "",
}: {
  children?: ReactNode;
  tone?: "success" | "info";
  id?: string;
  className?: string;
}) {
  const colours =
    tone === "success"
      ? "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-400/50 dark:bg-emerald-950/50 dark:text-emerald-100"
      : "border-violet-300 bg-violet-50 text-violet-900 dark:border-moon-400/40 dark:bg-night-800 dark:text-slate-100";
  return (
    <div id={id} role="status" className={className}>
      {children ? <div className={`rounded-lg border p-3 text-sm ${colours}`}>{children}</div> : null}
    </div>
  );
}

import type { ReactNode } from "react";

const badgeTones = {
  /** A category, "Premium", "Built-in". */
  accent:
    "border border-violet-300 bg-violet-50 px-2.5 py-0.5 text-xs font-medium text-violet-900 dark:border-moon-400/50 dark:bg-night-800 dark:text-moon-300",
  /** What stands out: the yearly plan's saving, the symbols that carry a dream. */
  highlight: "bg-star-300 px-3 py-1 text-sm font-semibold text-night-950",
  /** "Test mode": nothing real happens here. */
  warning:
    "border border-amber-500 bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-950 uppercase dark:border-star-300 dark:bg-night-800 dark:text-star-300",
} as const;

export const badgeClass = `inline-flex items-center rounded-full ${badgeTones.accent}`;

/** A short label in a pill beside what it qualifies. */
export function Badge({
  tone = "accent",
  children,
}: {
  tone?: keyof typeof badgeTones;
  children: ReactNode;
}) {
  return <span className={`inline-flex items-center rounded-full ${badgeTones[tone]}`}>{children}</span>;
}

const chipTones = {
  /** A dream's own tags. */
  tag: "bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-night-700 dark:text-slate-100",
  /** The words a symbol was recognised by. */
  outline:
    "border border-slate-300 px-2 py-0.5 text-sm text-slate-800 dark:border-night-700 dark:text-slate-100",
} as const;

/** One small rounded label in a wrapping row of them. */
export function Chip({ tone = "tag", children }: { tone?: keyof typeof chipTones; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-md ${chipTones[tone]}`}>{children}</span>;
}

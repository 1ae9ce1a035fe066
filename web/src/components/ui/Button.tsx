import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
/** `md` for the app's pages and dialogs; `lg` is the rounded call to action of the public pages. */
export type ButtonSize = "md" | "lg";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 py-2 text-center text-base transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700 dark:focus-visible:outline-moon-300 " +
  "disabled:cursor-not-allowed disabled:opacity-60";

const sizes: Record<ButtonSize, string> = {
  md: "rounded-lg px-4 font-medium",
  lg: "rounded-full px-6 font-semibold",
};

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-violet-700 text-white hover:bg-violet-800 dark:bg-moon-300 dark:text-night-950 dark:hover:bg-moon-400",
  secondary:
    "border border-slate-400 bg-transparent text-slate-900 hover:bg-violet-50 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-night-800",
  danger: "bg-red-700 text-white hover:bg-red-800",
  ghost: "bg-transparent text-violet-800 underline-offset-4 hover:underline dark:text-moon-300",
};

/** The button look, for links that act as buttons (`<a className={buttonClass("secondary")}>`). */
export function buttonClass(variant: ButtonVariant = "primary", extra = "", size: ButtonSize = "md"): string {
  return `${base} ${sizes[size]} ${variants[variant]} ${extra}`.trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows a spinner (and `pendingLabel`, if given) while work is in flight. */
  pending?: boolean;
  pendingLabel?: ReactNode;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Spinner({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

/** A 44 px tall button with variants and a pending state; `type` defaults to "button". */
export function Button({
  variant = "primary",
  size = "md",
  pending = false,
  pendingLabel,
  fullWidth = false,
  disabled,
  className = "",
  children,
  type = "button",
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass(variant, `${fullWidth ? "w-full" : ""} ${className}`, size)}
      {...rest}
    >
      {pending ? <Spinner /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

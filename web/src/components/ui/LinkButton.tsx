import type { ReactNode } from "react";
import { Link } from "wouter";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./Button";

/** An in-app link that looks like a button: 44 px tall, full width on the smallest screens. */
export function LinkButton({
  href,
  variant = "primary",
  size = "md",
  children,
}: {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClass(variant, "w-full sm:w-auto", size)}>
      {children}
    </Link>
  );
}

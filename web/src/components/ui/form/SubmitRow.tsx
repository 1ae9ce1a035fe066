import type { ReactNode } from "react";
import { useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button, type ButtonVariant } from "../Button";
import { FormError, FormNotice } from "../FormError";
import { useFormPending } from "./Form";

const layouts = {
  /** The sign-in family of pages: one button across the card. */
  full: "flex flex-col gap-3",
  /** Settings cards: the button at the start of the line. */
  start: "flex flex-wrap items-center gap-3",
  /** Dialogs: actions at the end, the submit button last (on top on phones). */
  end: "flex flex-col-reverse gap-3 sm:flex-row sm:justify-end",
} as const;

/** The form's own error (one no field took), announced when it appears. */
export function FormRootError({ render }: { render?(message: string): ReactNode }) {
  const { errors } = useFormState();
  const message = errors.root?.server?.message;
  if (!message) return null;
  return render?.(message) ?? <FormError message={message} />;
}

/**
 * The end of a form: its own error, an optional success notice (a polite live region, always present), then the
 * submit button, busy while the form submits, with an optional secondary action (e.g. Cancel).
 */
export function SubmitRow({
  children,
  pendingLabel,
  variant = "primary",
  layout = "start",
  secondary,
  notice,
  renderError,
  disabled,
  className = "",
  buttonClassName,
}: {
  /** The submit button's label. */
  children: ReactNode;
  /** The label while submitting ("Saving..." unless told). */
  pendingLabel?: ReactNode;
  variant?: ButtonVariant;
  layout?: keyof typeof layouts;
  secondary?: ReactNode;
  notice?: ReactNode;
  /** Shows the form's error another way (e.g. with a way out); undefined keeps the plain message. */
  renderError?(message: string): ReactNode;
  disabled?: boolean;
  className?: string;
  buttonClassName?: string;
}) {
  const { t } = useTranslation();
  const pending = useFormPending();
  return (
    <>
      <FormRootError render={renderError} />
      {notice === undefined ? null : <FormNotice>{notice}</FormNotice>}
      <div className={`${layouts[layout]} ${className}`.trim()}>
        {secondary}
        <Button
          type="submit"
          variant={variant}
          fullWidth={layout === "full"}
          disabled={disabled}
          pending={pending}
          pendingLabel={pendingLabel ?? t("forms.saving")}
          className={buttonClassName}
        >
          {children}
        </Button>
      </div>
    </>
  );
}

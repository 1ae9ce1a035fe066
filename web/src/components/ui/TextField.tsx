import { Label } from "radix-ui";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import {
  controlBorder,
  controlClass,
  describedBy,
  descriptionClass,
  fieldErrorClass,
  labelClass,
} from "./field-styles";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "children"> {
  label: ReactNode;
  /** Help shown under the field and read with it (aria-describedby). */
  description?: ReactNode;
  /** Shown under the field, announced (role="alert"), and marks the input aria-invalid. */
  error?: string | null;
  /** Extra text after the label, e.g. "(optional)". */
  labelHint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its description and error wired for assistive technology. */
export function TextField({
  label,
  description,
  error,
  labelHint,
  id,
  ref,
  className = "",
  "aria-describedby": extraDescribedBy,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <Label.Root htmlFor={inputId} className={labelClass}>
        {label}
        {labelHint ? (
          <span className="font-normal text-slate-600 dark:text-slate-300"> {labelHint}</span>
        ) : null}
      </Label.Root>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(descriptionId, errorId, extraDescribedBy)}
        className={`${controlClass} ${controlBorder(Boolean(error))}`}
        {...input}
      />
      {description ? (
        <div id={descriptionId} className={descriptionClass}>
          {description}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

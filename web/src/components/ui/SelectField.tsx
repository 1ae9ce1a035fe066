import { Label } from "radix-ui";
import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from "react";
import {
  controlBorder,
  controlClass,
  describedBy,
  descriptionClass,
  fieldErrorClass,
  labelClass,
} from "./field-styles";

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  description?: ReactNode;
  error?: string | null;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (long lists such as time zones stay fast and searchable by typing). */
export function SelectField({
  label,
  description,
  error,
  id,
  ref,
  className = "",
  children,
  "aria-describedby": extraDescribedBy,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const descriptionId = description ? `${selectId}-description` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <Label.Root htmlFor={selectId} className={labelClass}>
        {label}
      </Label.Root>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(descriptionId, errorId, extraDescribedBy)}
        className={`${controlClass} ${controlBorder(Boolean(error))} cursor-pointer`}
        {...select}
      >
        {children}
      </select>
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

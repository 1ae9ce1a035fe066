import { Label } from "radix-ui";
import { type ReactNode, useId } from "react";
import {
  controlBorder,
  controlClass,
  describedBy,
  descriptionClass,
  fieldErrorClass,
  labelClass,
} from "./field-styles";

export interface FieldProps {
  label: ReactNode;
  /** Help shown under the control and read with it (aria-describedby). */
  description?: ReactNode;
  /** Shown under the control, announced (role="alert"), and marks the control aria-invalid. */
  error?: string | null;
  /** Extra text after the label, e.g. "(optional)". */
  labelHint?: ReactNode;
  id?: string;
  className?: string;
  "aria-describedby"?: string;
}

/** The attributes that tie a control to its label, description and error. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/** Splits a field component's props into the Field shell's and the control's own. */
export function splitFieldProps<P extends FieldProps>({
  label,
  description,
  error,
  labelHint,
  id,
  className,
  "aria-describedby": describedBy,
  ...control
}: P): [FieldProps, Omit<P, keyof FieldProps>] {
  return [{ label, description, error, labelHint, id, className, "aria-describedby": describedBy }, control];
}

/** Label, description and error around one form control, wired for assistive technology. */
export function Field({
  label,
  description,
  error,
  labelHint,
  id,
  className = "",
  "aria-describedby": extraDescribedBy,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <Label.Root htmlFor={controlId} className={labelClass}>
        {label}
        {labelHint ? (
          <span className="font-normal text-slate-600 dark:text-slate-300"> {labelHint}</span>
        ) : null}
      </Label.Root>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(descriptionId, errorId, extraDescribedBy),
        className: `${controlClass} ${controlBorder(Boolean(error))}`,
      })}
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

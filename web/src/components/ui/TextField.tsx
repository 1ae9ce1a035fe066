import type { InputHTMLAttributes, Ref } from "react";
import { Field, type FieldProps } from "./Field";

export interface TextFieldProps
  extends FieldProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, "children" | keyof FieldProps> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its description and error wired for assistive technology. */
export function TextField({
  label,
  description,
  error,
  labelHint,
  id,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const { "aria-describedby": extraDescribedBy, ...rest } = input;
  return (
    <Field {...{ label, description, error, labelHint, id, className }} aria-describedby={extraDescribedBy}>
      {(control) => <input ref={ref} {...rest} {...control} />}
    </Field>
  );
}

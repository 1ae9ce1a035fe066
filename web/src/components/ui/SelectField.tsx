import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { Field, type FieldProps } from "./Field";

export interface SelectFieldProps
  extends FieldProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, "children" | keyof FieldProps> {
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (long lists such as time zones stay fast and searchable by typing). */
export function SelectField({
  label,
  description,
  error,
  id,
  className,
  ref,
  children,
  ...select
}: SelectFieldProps) {
  const { "aria-describedby": extraDescribedBy, ...rest } = select;
  return (
    <Field {...{ label, description, error, id, className }} aria-describedby={extraDescribedBy}>
      {(control) => (
        <select ref={ref} {...rest} {...control} className={`${control.className} cursor-pointer`}>
          {children}
        </select>
      )}
    </Field>
  );
}

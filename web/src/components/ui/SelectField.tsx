import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { Field, type FieldProps, splitFieldProps } from "./Field";

export interface SelectFieldProps
  extends FieldProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, "children" | keyof FieldProps> {
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (long lists such as time zones stay fast and searchable by typing). */
export function SelectField({ ref, children, ...props }: SelectFieldProps) {
  const [field, select] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <select ref={ref} {...select} {...control} className={`${control.className} cursor-pointer`}>
          {children}
        </select>
      )}
    </Field>
  );
}

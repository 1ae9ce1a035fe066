import type { InputHTMLAttributes, Ref } from "react";
import { Field, type FieldProps, splitFieldProps } from "./Field";

export interface TextFieldProps
  extends FieldProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, "children" | keyof FieldProps> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its description and error wired for assistive technology. */
export function TextField({ ref, ...props }: TextFieldProps) {
  const [field, input] = splitFieldProps(props);
  return <Field {...field}>{(control) => <input ref={ref} {...input} {...control} />}</Field>;
}

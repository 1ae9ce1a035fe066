import type { Ref, TextareaHTMLAttributes } from "react";
import { Field, type FieldProps, splitFieldProps } from "./Field";

export interface TextAreaFieldProps
  extends FieldProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "children" | keyof FieldProps> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with its description and error wired for assistive technology. */
export function TextAreaField({ ref, ...props }: TextAreaFieldProps) {
  const [field, textarea] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          ref={ref}
          {...textarea}
          {...control}
          className={`${control.className} min-h-32 resize-y leading-relaxed`}
        />
      )}
    </Field>
  );
}

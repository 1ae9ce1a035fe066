import type { Ref, TextareaHTMLAttributes } from "react";
import { Field, type FieldProps } from "./Field";

export interface TextAreaFieldProps
  extends FieldProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "children" | keyof FieldProps> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with its description and error wired for assistive technology. */
export function TextAreaField({
  label,
  description,
  error,
  labelHint,
  id,
  className,
  ref,
  ...textarea
}: TextAreaFieldProps) {
  const { "aria-describedby": extraDescribedBy, ...rest } = textarea;
  return (
    <Field {...{ label, description, error, labelHint, id, className }} aria-describedby={extraDescribedBy}>
      {(control) => (
        <textarea
          ref={ref}
          {...rest}
          {...control}
          className={`${control.className} min-h-32 resize-y leading-relaxed`}
        />
      )}
    </Field>
  );
}

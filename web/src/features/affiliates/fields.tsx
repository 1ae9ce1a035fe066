import { type ReactNode, useId } from "react";
import { type RegisterOptions, useController } from "react-hook-form";
import { describedBy, descriptionClass, fieldErrorClass, labelClass } from "../../components/ui/field-styles";

const boxClass = "mt-0.5 h-5 w-5 shrink-0 accent-violet-700 dark:accent-moon-300";
const rowClass =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-slate-100 dark:hover:bg-night-800";

function FieldErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={fieldErrorClass}>
      {message}
    </p>
  );
}

/**
 * Several choices of one list, bound to an array of the surrounding form: a fieldset whose legend names it, one
 * native checkbox per option (the first takes the focus when the field is in error).
 */
export function FormCheckboxGroup<T extends string>({
  name,
  legend,
  description,
  options,
  labelOf,
  rules,
}: {
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  options: readonly T[];
  labelOf(option: T): ReactNode;
  rules?: RegisterOptions;
}) {
  const { field, fieldState } = useController({ name, rules });
  const id = useId();
  const chosen: T[] = field.value ?? [];
  const error = fieldState.error?.message;
  const toggle = (option: T, on: boolean) =>
    field.onChange(
      on
        ? options.filter((item) => item === option || chosen.includes(item))
        : chosen.filter((item) => item !== option),
    );
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={describedBy(
        description ? `${id}-description` : undefined,
        error ? `${id}-error` : undefined,
      )}
    >
      <legend className={`${labelClass} mb-1.5`}>{legend}</legend>
      {description ? (
        <p id={`${id}-description`} className={descriptionClass}>
          {description}
        </p>
      ) : null}
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((option, index) => (
          <label key={option} className={rowClass}>
            <input
              type="checkbox"
              ref={index === 0 ? field.ref : undefined}
              name={field.name}
              value={option}
              checked={chosen.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              className={boxClass}
            />
            <span>{labelOf(option)}</span>
          </label>
        ))}
      </div>
      <FieldErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** One yes/no bound to a boolean of the surrounding form, as a labelled native checkbox (e.g. accepting terms). */
export function FormCheckbox({
  name,
  label,
  rules,
}: {
  name: string;
  label: ReactNode;
  rules?: RegisterOptions;
}) {
  const { field, fieldState } = useController({ name, rules });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <div className="flex flex-col gap-1.5">
      <div className={`${rowClass} cursor-auto hover:bg-transparent dark:hover:bg-transparent`}>
        <input
          id={id}
          type="checkbox"
          ref={field.ref}
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${boxClass} cursor-pointer`}
        />
        {/* The label may hold a link (the terms), so it is not wrapped around the box. */}
        <label htmlFor={id} className="cursor-pointer text-slate-800 dark:text-slate-100">
          {label}
        </label>
      </div>
      <FieldErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

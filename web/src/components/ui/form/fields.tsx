import {
  type FieldError,
  get,
  type RegisterOptions,
  useController,
  useFormContext,
  useFormState,
  useWatch,
  type Validate,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, type SelectFieldProps } from "../SelectField";
import { SwitchField, type SwitchFieldProps } from "../SwitchField";
import { TextField, type TextFieldProps } from "../TextField";
import { CountedTextAreaField, type CountedTextAreaFieldProps } from "./CountedTextAreaField";
import { PasswordStrengthHint } from "./PasswordStrengthHint";
import { emailChecks, passwordChecks, usernameChecks } from "./rules";

type Checks = Record<string, Validate<string, Record<string, unknown>>>;

/** A field component's props once the form supplies its value, handlers and error. */
type Bound<P> = Omit<P, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "error" | "ref"> & {
  name: string;
};

/** The message of the field's error (its own check's or the server's), if it has one. */
function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  return (get(errors, name) as FieldError | undefined)?.message;
}

/** A labelled input bound to the surrounding form. */
export function FormTextField({
  name,
  rules,
  ...props
}: Bound<TextFieldProps> & { rules?: RegisterOptions }) {
  const { register } = useFormContext();
  return <TextField {...props} {...register(name, rules)} error={useFieldError(name)} />;
}

/** A labelled native select bound to the surrounding form. */
export function FormSelectField({
  name,
  rules,
  ...props
}: Bound<SelectFieldProps> & { rules?: RegisterOptions }) {
  const { register } = useFormContext();
  return <SelectField {...props} {...register(name, rules)} error={useFieldError(name)} />;
}

/** An on/off switch bound to a boolean of the surrounding form. */
export function FormSwitchField({
  name,
  ...props
}: Omit<SwitchFieldProps, "checked" | "onCheckedChange"> & { name: string }) {
  const { field } = useController({ name });
  return <SwitchField {...props} checked={Boolean(field.value)} onCheckedChange={field.onChange} />;
}

/** A multi-line text bound to the surrounding form; `max` adds the character counter. */
export function FormTextAreaField({
  name,
  rules,
  ...props
}: Bound<Omit<CountedTextAreaFieldProps, "max">> & { max?: number; rules?: RegisterOptions }) {
  const { field, fieldState } = useController({ name, rules });
  return (
    <CountedTextAreaField
      {...props}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

type KitFieldProps = Omit<Bound<TextFieldProps>, "type"> & {
  /** Checks beside the contract's own (e.g. "must differ from the current one"). */
  validate?: Checks;
  /** Runs as the value changes, beside the form's own handling. */
  onChange?: RegisterOptions["onChange"];
};

/** An email address, checked against the contract's shape before sending. */
export function EmailField({ validate, onChange, ...props }: KitFieldProps) {
  const { t } = useTranslation();
  return (
    <FormTextField
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
      rules={{ validate: { ...emailChecks(t), ...validate }, onChange }}
    />
  );
}

/** A username, checked against the contract's length and characters; `keep` is accepted as it is. */
export function UsernameField({ validate, onChange, keep, ...props }: KitFieldProps & { keep?: string }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
      rules={{ validate: { ...usernameChecks(t, keep), ...validate }, onChange }}
    />
  );
}

/**
 * A password. `isNew`: one being chosen, checked against the contract's 8-128 and shown with the live strength hint;
 * otherwise one being typed to prove who you are. `matches`: the name of the field it must repeat.
 */
export function PasswordField({
  isNew = false,
  matches,
  validate,
  onChange,
  description,
  ...props
}: KitFieldProps & { isNew?: boolean; matches?: string }) {
  const { t } = useTranslation();
  const { getValues } = useFormContext();
  const value: string = useWatch({ name: props.name }) ?? "";
  const repeat: Checks = matches
    ? { matches: (typed) => typed === getValues(matches) || t("forms.passwordsDontMatch") }
    : {};
  return (
    <FormTextField
      autoComplete={isNew || matches ? "new-password" : "current-password"}
      required
      {...props}
      type="password"
      description={isNew ? <PasswordStrengthHint password={value} /> : description}
      rules={{
        validate: { ...(matches ? {} : passwordChecks(t, isNew)), ...repeat, ...validate },
        onChange,
      }}
    />
  );
}

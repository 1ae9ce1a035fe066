import { createContext, type FormHTMLAttributes, type ReactNode, useContext } from "react";
import {
  type FieldValues,
  FormProvider,
  type UseFormProps,
  type UseFormReturn,
  useForm as useHookForm,
} from "react-hook-form";
import { applyServerErrors, type ServerErrorOptions } from "./server-errors";

/**
 * react-hook-form with the app's defaults: fields are checked on submit, then again as they change (an error goes
 * away as soon as it is fixed), and the first invalid field takes the focus. A field that is not shown (e.g. the
 * current password while the email is unchanged) has no value: neither sent nor given a server error.
 */
export function useForm<T extends FieldValues>(options: UseFormProps<T> = {}): UseFormReturn<T> {
  return useHookForm<T>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
    shouldUnregister: true,
    ...options,
  });
}

const PendingContext = createContext(false);

/** Whether the surrounding form's submission is in flight (the submit row shows it). */
export const useFormPending = () => useContext(PendingContext);

export interface FormProps<T extends FieldValues>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "onError" | "children"> {
  form: UseFormReturn<T>;
  /** Runs with the checked values; a rejection is put on the form's fields (see applyServerErrors). */
  onSubmit(values: T): unknown;
  /** How a failure of `onSubmit` maps onto the form. */
  serverErrors?: ServerErrorOptions<T>;
  /** After a failure was put on the form; `onField` says whether a field took it. */
  onServerError?(error: unknown, onField: boolean): void;
  /** Work in flight outside `onSubmit`'s promise (e.g. a parent's request): the form neither submits nor edits twice. */
  pending?: boolean;
  children: ReactNode;
}

/**
 * A form on the kit: native `<form noValidate>` (Enter submits from any field), react-hook-form's context for the
 * fields inside, one submission at a time, and server failures placed on the fields or shown as the form's error.
 */
export function Form<T extends FieldValues>({
  form,
  onSubmit,
  serverErrors,
  onServerError,
  pending = false,
  className = "flex flex-col gap-4",
  children,
  ...rest
}: FormProps<T>) {
  const busy = pending || form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // Placed first: `onServerError?.(…)` alone would skip evaluating its arguments when there is no callback.
      const onField = applyServerErrors(form, error, serverErrors);
      onServerError?.(error, onField);
    }
  });
  return (
    <FormProvider {...form}>
      <PendingContext.Provider value={busy}>
        <form
          noValidate
          aria-busy={busy}
          className={className}
          onSubmit={(event) => {
            if (busy) return event.preventDefault();
            void submit(event);
          }}
          {...rest}
        >
          {children}
        </form>
      </PendingContext.Provider>
    </FormProvider>
  );
}

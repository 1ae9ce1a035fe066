import { useMutation } from "@tanstack/react-query";
import { AlertDialog } from "radix-ui";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { Button, buttonClass } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { errorMessageOf, fieldErrorsOf } from "../../lib/form-errors";
import { type DeleteAccountConfirmation, useAuth } from "../auth/auth-context";
import { AccountCard } from "./AccountCard";

/**
 * Deleting the account asks again in a dialog: the password, or (for accounts without one) a typed word.
 * The word is shown in the reader's language; the API's confirmation is always "DELETE".
 */
export function DeleteAccountCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { deleteAccount } = useAuth();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const word = t("account.delete.confirmWord");

  const mutation = useMutation({
    mutationFn: (confirmation: DeleteAccountConfirmation) => deleteAccount(confirmation),
    onError: (error) => {
      const byField = fieldErrorsOf(error, ["password", "confirm"] as const);
      const message = byField.password ?? byField.confirm;
      if (message) {
        setFieldError(message);
        inputRef.current?.focus();
      }
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (user.hasPassword) {
      if (!value) {
        setFieldError(t("login.passwordRequired"));
        inputRef.current?.focus();
        return;
      }
      mutation.mutate({ password: value });
      return;
    }
    if (value.trim() !== word) {
      setFieldError(t("account.delete.confirmMismatch", { word }));
      inputRef.current?.focus();
      return;
    }
    mutation.mutate({ confirm: "DELETE" });
  }

  function onOpenChange(next: boolean) {
    if (mutation.isPending) return;
    setOpen(next);
    if (!next) {
      setValue("");
      setFieldError(null);
      mutation.reset();
    }
  }

  const generalError =
    mutation.isError && !fieldError ? errorMessageOf(mutation.error, t("account.delete.failed")) : null;

  return (
    <AccountCard title={t("account.delete.title")} description={t("account.delete.intro")} danger>
      <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
        <AlertDialog.Trigger asChild>
          <Button variant="danger">{t("account.delete.button")}</Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-red-300 bg-white p-5 shadow-xl sm:p-6 dark:border-red-400/50 dark:bg-night-900">
            <AlertDialog.Title className="text-xl font-semibold text-slate-900 dark:text-slate-100">
              {t("account.delete.dialogTitle")}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-slate-700 dark:text-slate-200">
              {t("account.delete.dialogDescription")}
            </AlertDialog.Description>
            <form id={formId} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
              {user.hasPassword ? (
                <>
                  <input
                    type="text"
                    name="username"
                    autoComplete="username"
                    value={user.username}
                    readOnly
                    hidden
                  />
                  <TextField
                    ref={inputRef}
                    label={t("account.delete.passwordLabel")}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    required
                    value={value}
                    onChange={(event) => {
                      setValue(event.target.value);
                      setFieldError(null);
                    }}
                    error={fieldError}
                  />
                </>
              ) : (
                <TextField
                  ref={inputRef}
                  label={t("account.delete.confirmWordLabel", { word })}
                  name="confirm"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  required
                  value={value}
                  onChange={(event) => {
                    setValue(event.target.value);
                    setFieldError(null);
                  }}
                  error={fieldError}
                />
              )}
              <FormError message={generalError} />
            </form>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClass("secondary")} disabled={mutation.isPending}>
                {t("forms.cancel")}
              </AlertDialog.Cancel>
              <Button
                type="submit"
                form={formId}
                variant="danger"
                pending={mutation.isPending}
                pendingLabel={t("account.delete.deleting")}
              >
                {t("account.delete.confirm")}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </AccountCard>
  );
}

import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { Button, buttonClass } from "../../components/ui/Button";
import { Form, FormTextField, PasswordField, SubmitRow, useForm } from "../../components/ui/form";
import { useAuth } from "../auth/auth-context";
import { AccountCard } from "./AccountCard";

interface DeleteValues {
  password?: string;
  confirm?: string;
}

/**
 * Deleting the account asks again in a dialog: the password, or (for accounts without one) a typed word.
 * The word is shown in the reader's language; the API's confirmation is always "DELETE".
 */
export function DeleteAccountCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { deleteAccount } = useAuth();
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteValues>({ defaultValues: { password: "", confirm: "" } });
  const pending = form.formState.isSubmitting;
  const word = t("account.delete.confirmWord");

  function onOpenChange(next: boolean) {
    if (pending) return;
    setOpen(next);
    if (!next) form.reset();
  }

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
            <Form
              form={form}
              className="mt-4 flex flex-col gap-4"
              onSubmit={(values) =>
                deleteAccount(user.hasPassword ? { password: values.password ?? "" } : { confirm: "DELETE" })
              }
              serverErrors={{ fallback: t("account.delete.failed") }}
            >
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
                  <PasswordField name="password" label={t("account.delete.passwordLabel")} />
                </>
              ) : (
                <FormTextField
                  name="confirm"
                  label={t("account.delete.confirmWordLabel", { word })}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  required
                  rules={{
                    validate: (value: string) =>
                      value.trim() === word || t("account.delete.confirmMismatch", { word }),
                  }}
                />
              )}
              <SubmitRow
                layout="end"
                className="mt-2"
                variant="danger"
                pendingLabel={t("account.delete.deleting")}
                secondary={
                  <AlertDialog.Cancel className={buttonClass("secondary")} disabled={pending}>
                    {t("forms.cancel")}
                  </AlertDialog.Cancel>
                }
              >
                {t("account.delete.confirm")}
              </SubmitRow>
            </Form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </AccountCard>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "./Button";
import { errorMessageOf } from "./form/server-errors";
import { toast } from "./toast-store";

/**
 * "Are you sure?" before something that cannot be undone: focus starts on Cancel, Escape cancels, and the
 * confirm button shows its pending state while the work runs. `tone="offer"` asks a harmless yes/no (turn on
 * email notifications?) without the red of a destructive action.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
  tone = "danger",
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  pendingLabel?: ReactNode;
  pending?: boolean;
  onConfirm(): void;
  tone?: "danger" | "offer";
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <AlertDialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-white p-5 shadow-xl sm:p-6 dark:bg-night-900 ${tone === "danger" ? "border-red-300 dark:border-red-400/50" : "border-slate-200 dark:border-night-700"}`}
        >
          <AlertDialog.Title className="text-xl font-semibold text-slate-900 dark:text-slate-100">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700 dark:text-slate-200">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("secondary")} disabled={pending}>
              {t("forms.cancel")}
            </AlertDialog.Cancel>
            <Button
              variant={tone === "danger" ? "danger" : "primary"}
              pending={pending}
              pendingLabel={pendingLabel}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A delete that reports itself in a toast: `onSettled` first (e.g. close the confirmation), then on success
 * `onDeleted` and a refresh of everything under `listKey`.
 */
export function useDeleteWithToast<T>({
  remove,
  onSettled,
  onDeleted,
  listKey,
  deletedTitle,
  errorTitle,
  failed,
}: {
  remove(item: T): Promise<{ message: string }>;
  onSettled(): void;
  onDeleted?(): void;
  listKey: string;
  deletedTitle: string;
  errorTitle: string;
  /** Said when the error carries no message of its own. */
  failed: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: async (answer) => {
      onSettled();
      toast({ title: deletedTitle, description: answer.message });
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: [listKey] });
    },
    onError: (error) => {
      onSettled();
      toast({ title: errorTitle, description: errorMessageOf(error, failed), variant: "destructive" });
    },
  });
}

/**
 * Asks before deleting `item` (open while it is set), then deletes it with useDeleteWithToast. Texts come from
 * `keyPrefix` in namespace `ns`: confirmTitle, confirmBody ({{name}}), confirmDelete, deleting, deleteFailed,
 * toast.deleted and toast.errorTitle.
 */
export function ConfirmDeleteDialog<T extends { name: string }>({
  item,
  onClose,
  remove,
  listKey,
  ns,
  keyPrefix,
}: {
  item: T | null;
  onClose(): void;
  remove(item: T): Promise<{ message: string }>;
  listKey: string;
  ns: string;
  keyPrefix: string;
}) {
  const { t } = useTranslation(ns, { keyPrefix });
  const mutation = useDeleteWithToast({
    remove,
    onSettled: onClose,
    listKey,
    deletedTitle: t("toast.deleted"),
    errorTitle: t("toast.errorTitle"),
    failed: t("deleteFailed"),
  });
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("confirmTitle")}
      description={t("confirmBody", { name: item?.name ?? "" })}
      confirmLabel={t("confirmDelete")}
      pendingLabel={t("deleting")}
      pending={mutation.isPending}
      onConfirm={() => item && mutation.mutate(item)}
    />
  );
}

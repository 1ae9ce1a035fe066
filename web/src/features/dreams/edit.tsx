import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../../components/layout/icons";
import {
  closeButtonClass,
  dialogContentClass,
  dialogOverlayClass,
  dialogTitleClass,
} from "../../components/overlays/dialog-styles";
import { Button, Spinner } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/toast-store";
import { errorMessageOf } from "../../lib/form-errors";
import { DREAMS_NS } from "../../lib/i18n";
import { bodyClass } from "./ui";

/*
 * What the pages that list, edit and delete records share (the journal's dreams, personal symbols, the
 * lexicon). One module, so the three pages load it with ConfirmDialog in one chunk.
 */

/** A dialog around one form: title, optional description, the form, and a close button in the corner. */
export function FormDialog({
  open = true,
  onClose,
  title,
  description,
  className = dialogContentClass,
  children,
}: {
  open?: boolean;
  /** Called when the dialog asks to close (Escape, outside click, close button, Cancel). */
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(DREAMS_NS);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content {...(description ? {} : { "aria-describedby": undefined })} className={className}>
          <Dialog.Title className={`${dialogTitleClass} pr-10`}>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className={`mt-2 ${bodyClass}`}>{description}</Dialog.Description>
          ) : null}
          {children}
          <Dialog.Close className={closeButtonClass} aria-label={t("journal.detail.close")}>
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog form's Cancel (closes the dialog) and submit buttons. */
export function FormDialogActions({
  pending,
  disabled,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  /** The submit button's label. */
  children: ReactNode;
}) {
  const { t } = useTranslation(DREAMS_NS);
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button variant="secondary" disabled={pending}>
          {t("forms.cancel")}
        </Button>
      </Dialog.Close>
      <Button type="submit" disabled={disabled} pending={pending} pendingLabel={t("forms.saving")}>
        {children}
      </Button>
    </div>
  );
}

/** A list query's content: while loading, on failure or when empty a line that says so, else `children`. */
export function ListStatus({
  query,
  loadFailed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: readonly unknown[] };
  loadFailed: ReactNode;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(DREAMS_NS);
  if (query.isPending) {
    return (
      <p role="status" className={`flex items-center gap-2 ${bodyClass}`}>
        <Spinner /> {t("journal.loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className={bodyClass}>
        {loadFailed}
      </p>
    );
  }
  if ((query.data ?? []).length === 0) return <p className={bodyClass}>{empty}</p>;
  return children;
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
 * `keyPrefix`: confirmTitle, confirmBody, confirmDelete, deleting, deleteFailed, toast.deleted and
 * toast.errorTitle.
 */
export function ConfirmDeleteDialog<T extends { name: string }>({
  item,
  onClose,
  remove,
  listKey,
  keyPrefix,
}: {
  item: T | null;
  onClose(): void;
  remove(item: T): Promise<{ message: string }>;
  listKey: string;
  keyPrefix: "admin" | "personal";
}) {
  const { t } = useTranslation(DREAMS_NS, { keyPrefix });
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

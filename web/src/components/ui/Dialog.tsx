import { Dialog as RadixDialog } from "radix-ui";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MutationCallbacks } from "../../lib/query-client";
import { CloseIcon } from "../layout/icons";
import { Button } from "./Button";
import { closeButtonClass, dialogOverlayClass, dialogTitleClass } from "./dialog-styles";
import { bodyClass } from "./page-styles";
import { toast } from "./toast-store";

const contentBase =
  "fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white text-slate-800 shadow-2xl focus:outline-none dark:border-night-700 dark:bg-night-900 dark:text-slate-100";

const sizes = {
  md: "max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg p-6",
  /** A long form (the lexicon's symbol): nearly the whole phone screen. */
  lg: "max-h-[92dvh] w-[calc(100vw-1rem)] max-w-4xl p-4 sm:p-6",
} as const;

/** For a description placed further down than right under the title (see `describedByChildren`). */
export const DialogDescription = RadixDialog.Description;
/** Closes the dialog it is in; `asChild` to make a kit Button do it. */
export const DialogClose = RadixDialog.Close;

/**
 * A modal dialog: the title that names it, an optional description, the content, and a close button in the
 * corner. Escape, an outside click and every DialogClose call `onClose`.
 */
export function Dialog({
  open = true,
  onClose,
  title,
  description,
  describedByChildren = false,
  centered = false,
  size = "md",
  onCloseAutoFocus,
  children,
}: {
  open?: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  /** The children hold the DialogDescription. */
  describedByChildren?: boolean;
  /** Title and description centred, the description larger: a greeting rather than a form. */
  centered?: boolean;
  size?: keyof typeof sizes;
  onCloseAutoFocus?(event: Event): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const described = description != null || describedByChildren;
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogOverlayClass} />
        <RadixDialog.Content
          // Radix warns about a dialog without a description unless it is told there is none.
          {...(described ? {} : { "aria-describedby": undefined })}
          className={`${contentBase} ${sizes[size]}`}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <RadixDialog.Title className={`${dialogTitleClass} pr-10 ${centered ? "text-center" : ""}`}>
            {title}
          </RadixDialog.Title>
          {description != null ? (
            <RadixDialog.Description className={`mt-2 ${bodyClass} ${centered ? "text-center text-lg" : ""}`}>
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          <RadixDialog.Close className={closeButtonClass} aria-label={t("common.close")}>
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A list page's create-or-edit dialog: open while `editing` is set ("new" creates, an item edits). The form
 * (`children`) starts afresh for each item, from that item's values.
 */
export function EditDialog<T extends { id: string | number }>({
  editing,
  onClose,
  title,
  size,
  children,
}: {
  editing: T | "new" | null;
  onClose(): void;
  title(item: T | null): ReactNode;
  size?: keyof typeof sizes;
  children(item: T | null): ReactNode;
}) {
  const item = editing === "new" ? null : editing;
  return (
    <Dialog open={editing !== null} onClose={onClose} title={title(item)} size={size}>
      {editing !== null ? <Fragment key={item?.id ?? "new"}>{children(item)}</Fragment> : null}
    </Dialog>
  );
}

/**
 * An edit dialog form's reaction to a successful save, for its feature's save mutation: a toast naming the item
 * saved, then `onDone` (which closes the dialog).
 */
export function toastAndClose(
  onDone: () => void,
  title: string,
  description: (name: string) => string,
): MutationCallbacks<{ name: string }, unknown> {
  return {
    onSuccess: (saved) => {
      toast({ title, description: description(saved.name) });
      onDone();
    },
  };
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
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary" disabled={pending}>
          {t("forms.cancel")}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={disabled} pending={pending} pendingLabel={t("forms.saving")}>
        {children}
      </Button>
    </div>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../../../components/layout/icons";
import { Badge, Chip } from "../../../components/ui/Badge";
import { Button, Spinner } from "../../../components/ui/Button";
import { ConfirmDialog, useDeleteWithToast } from "../../../components/ui/ConfirmDialog";
import { closeButtonClass, dialogOverlayClass } from "../../../components/ui/dialog-styles";
import { bodyClass, mutedClass } from "../../../components/ui/page-styles";
import { isApiError } from "../../../lib/api";
import { DREAMS_NS } from "../../../lib/i18n";
import { DREAMS_KEY, deleteDream, useDreamQuery } from "../api";
import { DreamResult } from "../DreamResult";
import { formatDreamDate } from "../format";
import { EditDreamForm } from "./EditDreamForm";
import { TranslateDreamOffer } from "./TranslateDreamOffer";

/**
 * One dream of the journal in a dialog (/journal?dream=ID): its translation, symbols and marked words, with
 * edit and delete (after confirmation).
 */
export function DreamDetailDialog({ dreamId, onClose }: { dreamId: number; onClose(): void }) {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const query = useDreamQuery(dreamId);
  const dream = query.data;

  const remove = useDeleteWithToast({
    remove: () => deleteDream(dreamId),
    onSettled: () => setConfirming(false),
    onDeleted: () => {
      onClose();
      queryClient.removeQueries({ queryKey: [DREAMS_KEY, "detail", dreamId] });
    },
    listKey: DREAMS_KEY,
    deletedTitle: t("journal.detail.deletedTitle"),
    errorTitle: t("journal.detail.deleteFailedTitle"),
    failed: t("journal.detail.deleteFailed"),
  });

  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100vw-1rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-slate-50 p-4 text-slate-800 shadow-2xl focus:outline-none sm:p-6 dark:border-night-700 dark:bg-night-950 dark:text-slate-100"
        >
          <div className="pr-12">
            <Dialog.Title className="text-2xl font-semibold text-slate-900 dark:text-slate-50">
              {dream
                ? dream.title
                : notFound
                  ? t("journal.detail.notFoundTitle")
                  : t("journal.detail.loadingTitle")}
            </Dialog.Title>
            {dream ? (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <time dateTime={dream.createdAt} className={mutedClass}>
                  {formatDreamDate(dream.createdAt, i18n.language, true)}
                </time>
                {dream.category ? <Badge>{t(`categories.${dream.category}`)}</Badge> : null}
                {dream.tags.map((tag) => (
                  <Chip key={tag}>{t("journal.card.tag", { tag })}</Chip>
                ))}
              </div>
            ) : null}
          </div>
          {query.isPending ? (
            <p role="status" className={`mt-6 flex items-center gap-2 ${bodyClass}`}>
              <Spinner /> {t("journal.loading")}
            </p>
          ) : null}
          {query.isError ? (
            <p role="alert" className={`mt-6 ${bodyClass}`}>
              {notFound ? t("journal.detail.notFound") : t("journal.loadFailed")}
            </p>
          ) : null}
          {dream && editing ? <EditDreamForm dream={dream} onDone={() => setEditing(false)} /> : null}
          {dream && !editing ? (
            <>
              <div className="mt-4 flex flex-wrap gap-3">
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  {t("journal.detail.edit")}
                </Button>
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {t("journal.detail.delete")}
                </Button>
              </div>
              <div className="mt-6">
                <DreamResult
                  // An older server sends no reading: shown as a dream kept before readings had it.
                  dream={{ ...dream, symbols: dream.recognizedSymbols, reading: dream.reading ?? null }}
                  notice={dream.meaningsWithheld ? <TranslateDreamOffer dream={dream} /> : null}
                />
              </div>
            </>
          ) : null}
          <Dialog.Close className={closeButtonClass} aria-label={t("journal.detail.close")}>
            <CloseIcon />
          </Dialog.Close>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t("journal.detail.confirmTitle")}
            description={t("journal.detail.confirmBody", { title: dream?.title ?? "" })}
            confirmLabel={t("journal.detail.confirmDelete")}
            pendingLabel={t("journal.detail.deleting")}
            pending={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Dream, DreamCategory, UpdateDreamBody } from "../../../../../contract/dreams";
import { CloseIcon } from "../../../components/layout/icons";
import { closeButtonClass, dialogOverlayClass } from "../../../components/overlays/dialog-styles";
import { Button, Spinner } from "../../../components/ui/Button";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { FormError } from "../../../components/ui/FormError";
import { TextAreaField } from "../../../components/ui/TextAreaField";
import { TextField } from "../../../components/ui/TextField";
import { toast } from "../../../components/ui/toast-store";
import { isApiError } from "../../../lib/api";
import { errorMessageOf, fieldErrorsOf } from "../../../lib/form-errors";
import { DREAMS_NS } from "../../../lib/i18n";
import { CategoryField } from "../CategoryField";
import { DREAM_MAX_LENGTH, DREAM_MIN_LENGTH, formatTags, parseTags } from "../constants";
import { DreamResult } from "../DreamResult";
import { DREAMS_KEY, deleteDream, getDream, updateDream } from "../dreams-api";
import { useDeleteWithToast } from "../edit";
import { formatDreamDate } from "../format";
import { badgeClass, bodyClass, mutedClass, tagClass } from "../ui";
import { dreamProblem } from "../validate-dream";
import { TranslateDreamOffer } from "./TranslateDreamOffer";

const EDIT_FIELDS = ["title", "content", "category", "tags"] as const;
type EditField = (typeof EDIT_FIELDS)[number];

interface EditValues {
  title: string;
  content: string;
  category: DreamCategory | null;
  tags: string;
}

/** Only what changed, so an untouched content is not read again for symbols. */
export function dreamChanges(dream: Dream, values: EditValues): UpdateDreamBody {
  const changes: UpdateDreamBody = {};
  const title = values.title.trim();
  const content = values.content.trim();
  const tags = parseTags(values.tags);
  if (title !== dream.title) changes.title = title;
  if (content !== dream.content) changes.content = content;
  if (values.category !== dream.category) changes.category = values.category;
  if (tags.join("\u0000") !== dream.tags.join("\u0000")) changes.tags = tags;
  return changes;
}

function EditDreamForm({ dream, onDone }: { dream: Dream; onDone(): void }) {
  const { t } = useTranslation(DREAMS_NS);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EditValues>({
    title: dream.title,
    content: dream.content,
    category: dream.category,
    tags: formatTags(dream.tags),
  });
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);

  const mutation = useMutation({
    mutationFn: (changes: UpdateDreamBody) => updateDream(dream.id, changes),
    onSuccess: async (updated) => {
      queryClient.setQueryData([DREAMS_KEY, "detail", dream.id], updated);
      toast({ title: t("journal.detail.updatedTitle"), description: t("journal.detail.updated") });
      onDone();
      await queryClient.invalidateQueries({ queryKey: [DREAMS_KEY], refetchType: "active" });
    },
    onError: (error) => {
      const byField = fieldErrorsOf(error, EDIT_FIELDS);
      setErrors(byField);
      if (byField.title) titleRef.current?.focus();
      else if (byField.content) contentRef.current?.focus();
      else setFormError(errorMessageOf(error, t("journal.detail.updateFailed")));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const next: Partial<Record<EditField, string>> = {};
    if (!values.title.trim()) next.title = t("journal.detail.titleRequired");
    const problem = dreamProblem(values.content);
    if (problem === "empty" || problem === "tooShort")
      next.content = t("dreamInput.errors.tooShort", { min: DREAM_MIN_LENGTH });
    if (problem === "tooLong") next.content = t("dreamInput.errors.tooLong", { max: DREAM_MAX_LENGTH });
    setErrors(next);
    if (next.title || next.content) {
      (next.title ? titleRef : contentRef).current?.focus();
      return;
    }
    const changes = dreamChanges(dream, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    mutation.mutate(changes);
  }

  const set = (field: keyof EditValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <TextField
        ref={titleRef}
        label={t("fields.title")}
        name="title"
        maxLength={200}
        value={values.title}
        onChange={set("title")}
        error={errors.title}
      />
      <TextAreaField
        ref={contentRef}
        label={t("dreamInput.contentLabel")}
        name="content"
        rows={8}
        value={values.content}
        onChange={set("content")}
        error={errors.content}
        description={t("journal.detail.contentHint")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryField
          value={values.category}
          onChange={(category) => setValues((current) => ({ ...current, category }))}
        />
        <TextField
          label={t("fields.tags")}
          labelHint={t("fields.optional")}
          description={t("fields.tagsHint")}
          name="tags"
          autoComplete="off"
          value={values.tags}
          onChange={set("tags")}
          error={errors.tags}
        />
      </div>
      <FormError message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          {t("forms.cancel")}
        </Button>
        <Button type="submit" pending={mutation.isPending} pendingLabel={t("forms.saving")}>
          {t("journal.detail.saveChanges")}
        </Button>
      </div>
    </form>
  );
}

/**
 * One dream of the journal in a dialog (/journal?dream=ID): its translation, symbols and marked words, with
 * edit and delete (after confirmation).
 */
export function DreamDetailDialog({ dreamId, onClose }: { dreamId: number; onClose(): void }) {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: [DREAMS_KEY, "detail", dreamId],
    queryFn: ({ signal }) => getDream(dreamId, signal),
    meta: { connectionErrors: false },
  });
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
                {dream.category ? (
                  <span className={badgeClass}>{t(`categories.${dream.category}`)}</span>
                ) : null}
                {dream.tags.map((tag) => (
                  <span key={tag} className={tagClass}>
                    {t("journal.card.tag", { tag })}
                  </span>
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
                  content={dream.content}
                  translation={dream.translation}
                  symbols={dream.recognizedSymbols}
                  isPremiumTranslation={dream.isPremiumTranslation}
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

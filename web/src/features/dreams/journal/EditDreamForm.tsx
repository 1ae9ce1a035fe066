import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { Dream, DreamCategory, UpdateDreamBody } from "../../../../../contract/dreams";
import { Button } from "../../../components/ui/Button";
import { Form, FormTextAreaField, FormTextField, SubmitRow, useForm } from "../../../components/ui/form";
import { toast } from "../../../components/ui/toast-store";
import { DREAMS_NS } from "../../../lib/i18n";
import { useUpdateDreamMutation } from "../api";
import { CategoryField } from "../CategoryField";
import { DREAM_MAX_LENGTH, DREAM_MIN_LENGTH, formatTags, parseTags } from "../constants";
import { tagsFieldProps } from "../fields";
import { dreamProblem } from "../validate-dream";

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

function CategoryInput() {
  const { field } = useController<EditValues, "category">({ name: "category" });
  return <CategoryField value={field.value} onChange={field.onChange} />;
}

/** The journal dialog's edit form: title, text (20-5000 characters, counted), category and tags. */
export function EditDreamForm({ dream, onDone }: { dream: Dream; onDone(): void }) {
  const { t } = useTranslation(DREAMS_NS);
  const form = useForm<EditValues>({
    defaultValues: {
      title: dream.title,
      content: dream.content,
      category: dream.category,
      tags: formatTags(dream.tags),
    },
  });
  const mutation = useUpdateDreamMutation(dream.id, {
    onSuccess: () => {
      toast({ title: t("journal.detail.updatedTitle"), description: t("journal.detail.updated") });
      onDone();
    },
  });

  return (
    <Form
      form={form}
      className="mt-4 flex flex-col gap-4"
      serverErrors={{ fallback: t("journal.detail.updateFailed") }}
      onSubmit={async (values) => {
        const changes = dreamChanges(dream, values);
        if (Object.keys(changes).length === 0) return onDone();
        await mutation.mutateAsync(changes);
      }}
    >
      <FormTextField
        label={t("fields.title")}
        name="title"
        maxLength={200}
        rules={{ validate: (value: string) => value.trim() !== "" || t("journal.detail.titleRequired") }}
      />
      <FormTextAreaField
        label={t("dreamInput.contentLabel")}
        name="content"
        rows={8}
        max={DREAM_MAX_LENGTH}
        min={DREAM_MIN_LENGTH}
        description={t("journal.detail.contentHint")}
        rules={{
          validate: (value: string) => {
            const problem = dreamProblem(value);
            if (problem === "tooLong") return t("dreamInput.errors.tooLong", { max: DREAM_MAX_LENGTH });
            return problem === null || t("dreamInput.errors.tooShort", { min: DREAM_MIN_LENGTH });
          },
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryInput />
        <FormTextField {...tagsFieldProps(t)} />
      </div>
      <SubmitRow
        layout="end"
        pendingLabel={t("forms.saving")}
        secondary={
          <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
            {t("forms.cancel")}
          </Button>
        }
      >
        {t("journal.detail.saveChanges")}
      </SubmitRow>
    </Form>
  );
}

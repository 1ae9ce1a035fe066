import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PersonalSymbol, PersonalSymbolBody } from "../../../../contract/symbols";
import { Button } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { TextAreaField } from "../../components/ui/TextAreaField";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { apiRequest, isApiError } from "../../lib/api";
import { errorMessageOf, fieldErrorsOf } from "../../lib/form-errors";
import { DREAMS_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ConfirmDeleteDialog, FormDialog, FormDialogActions, ListStatus } from "../dreams/edit";
import { badgeClass, bodyClass, mutedClass, PageShell, Panel } from "../dreams/ui";

export const PERSONAL_SYMBOLS_KEY = "/api/personal-symbols";
const DEFAULT_CATEGORY = "Personal";

const FIELDS = [
  "name",
  "description",
  "category",
  "frequency",
  "emotionalImpact",
  "personalContext",
] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Values = {
  name: "",
  description: "",
  category: "",
  frequency: "",
  emotionalImpact: "",
  personalContext: "",
};

const valuesOf = (symbol: PersonalSymbol): Values => ({
  name: symbol.name,
  description: symbol.description ?? "",
  category: symbol.category,
  frequency: String(symbol.frequency),
  emotionalImpact: symbol.emotionalImpact ?? "",
  personalContext: symbol.personalContext ?? "",
});

/** The request body for the form's values: empty optional texts become null (cleared). */
export function personalSymbolBody(values: Values): PersonalSymbolBody {
  const text = (value: string) => (value.trim() === "" ? null : value.trim());
  return {
    name: values.name.trim(),
    description: text(values.description),
    category: values.category.trim() || DEFAULT_CATEGORY,
    ...(values.frequency.trim() === "" ? {} : { frequency: Number(values.frequency) }),
    emotionalImpact: text(values.emotionalImpact),
    personalContext: text(values.personalContext),
  };
}

function SymbolForm({ symbol, onDone }: { symbol: PersonalSymbol | null; onDone(): void }) {
  const { t } = useTranslation(DREAMS_NS);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(symbol ? valuesOf(symbol) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const frequencyRef = useRef<HTMLInputElement>(null);

  const mutation = useMutation({
    mutationFn: (body: PersonalSymbolBody) =>
      symbol
        ? apiRequest<PersonalSymbol>("PATCH", `${PERSONAL_SYMBOLS_KEY}/${symbol.id}`, body)
        : apiRequest<PersonalSymbol>("POST", PERSONAL_SYMBOLS_KEY, body),
    onSuccess: async (saved) => {
      toast({
        title: symbol ? t("personal.toast.updated") : t("personal.toast.added"),
        description: t("personal.toast.savedBody", { name: saved.name }),
      });
      onDone();
      await queryClient.invalidateQueries({ queryKey: [PERSONAL_SYMBOLS_KEY] });
    },
    onError: (error) => {
      const byField = fieldErrorsOf(error, FIELDS);
      // A name already in use (409) is said next to the name.
      if (isApiError(error) && error.status === 409 && !byField.name) byField.name = error.message;
      setErrors(byField);
      if (byField.name) nameRef.current?.focus();
      else if (Object.keys(byField).length === 0) setFormError(errorMessageOf(error, t("personal.failed")));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const next: Errors = {};
    if (!values.name.trim()) next.name = t("personal.nameRequired");
    const frequency = values.frequency.trim();
    if (frequency !== "" && !/^\d{1,6}$/.test(frequency)) next.frequency = t("personal.frequencyInvalid");
    else if (frequency !== "" && Number(frequency) > 100_000) next.frequency = t("personal.frequencyInvalid");
    setErrors(next);
    if (next.name || next.frequency) {
      (next.name ? nameRef : frequencyRef).current?.focus();
      return;
    }
    mutation.mutate(personalSymbolBody(values));
  }

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <TextField
        ref={nameRef}
        label={t("personal.fields.name")}
        name="name"
        required
        maxLength={80}
        autoComplete="off"
        value={values.name}
        onChange={set("name")}
        error={errors.name}
      />
      <TextAreaField
        label={t("personal.fields.description")}
        labelHint={t("fields.optional")}
        name="description"
        rows={3}
        maxLength={2000}
        value={values.description}
        onChange={set("description")}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("personal.fields.category")}
          labelHint={t("fields.optional")}
          description={t("personal.fields.categoryHint", { category: DEFAULT_CATEGORY })}
          name="category"
          maxLength={40}
          autoComplete="off"
          placeholder={DEFAULT_CATEGORY}
          value={values.category}
          onChange={set("category")}
          error={errors.category}
        />
        <TextField
          ref={frequencyRef}
          label={t("personal.fields.frequency")}
          labelHint={t("fields.optional")}
          description={t("personal.fields.frequencyHint")}
          name="frequency"
          type="number"
          inputMode="numeric"
          min={0}
          max={100000}
          step={1}
          value={values.frequency}
          onChange={set("frequency")}
          error={errors.frequency}
        />
      </div>
      <TextField
        label={t("personal.fields.emotionalImpact")}
        labelHint={t("fields.optional")}
        description={t("personal.fields.emotionalImpactHint")}
        name="emotionalImpact"
        maxLength={200}
        autoComplete="off"
        value={values.emotionalImpact}
        onChange={set("emotionalImpact")}
        error={errors.emotionalImpact}
      />
      <TextAreaField
        label={t("personal.fields.personalContext")}
        labelHint={t("fields.optional")}
        description={t("personal.fields.personalContextHint")}
        name="personalContext"
        rows={3}
        maxLength={2000}
        value={values.personalContext}
        onChange={set("personalContext")}
        error={errors.personalContext}
      />
      <FormError message={formError} />
      <FormDialogActions pending={mutation.isPending}>
        {symbol ? t("personal.saveChanges") : t("personal.add")}
      </FormDialogActions>
    </form>
  );
}

/** /personal-symbols: the meanings a dreamer gives their own symbols: list, add, edit, delete. */
export default function PersonalSymbolsPage() {
  const { t } = useTranslation(DREAMS_NS);
  useDocumentTitle(t("personal.documentTitle"));
  const [editing, setEditing] = useState<PersonalSymbol | "new" | null>(null);
  const [deleting, setDeleting] = useState<PersonalSymbol | null>(null);
  const query = useQuery({
    queryKey: [PERSONAL_SYMBOLS_KEY],
    queryFn: ({ signal }) => apiRequest<PersonalSymbol[]>("GET", PERSONAL_SYMBOLS_KEY, undefined, { signal }),
  });
  const symbols = query.data ?? [];

  return (
    <PageShell
      title={t("personal.title")}
      lead={t("personal.lead")}
      actions={<Button onClick={() => setEditing("new")}>{t("personal.addButton")}</Button>}
    >
      <Panel title={t("personal.listTitle", { count: symbols.length })}>
        <ListStatus query={query} loadFailed={t("personal.loadFailed")} empty={t("personal.empty")}>
          <ul className="grid gap-3 md:grid-cols-2">
            {symbols.map((symbol) => (
              <li
                key={symbol.id}
                className="flex flex-col rounded-xl border border-slate-200 p-4 dark:border-night-700"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-base font-semibold text-slate-900 dark:text-slate-50">{symbol.name}</h3>
                  <span className={badgeClass}>{symbol.category}</span>
                </div>
                {symbol.description ? <p className={`mt-2 ${bodyClass}`}>{symbol.description}</p> : null}
                <dl className={`mt-2 grid gap-1 ${mutedClass}`}>
                  <div className="flex gap-1">
                    <dt className="font-medium">{t("personal.fields.frequency")}:</dt>
                    <dd>{symbol.frequency}</dd>
                  </div>
                  {symbol.emotionalImpact ? (
                    <div className="flex gap-1">
                      <dt className="font-medium">{t("personal.fields.emotionalImpact")}:</dt>
                      <dd>{symbol.emotionalImpact}</dd>
                    </div>
                  ) : null}
                  {symbol.personalContext ? (
                    <div className="flex flex-col">
                      <dt className="font-medium">{t("personal.fields.personalContext")}:</dt>
                      <dd className="whitespace-pre-line">{symbol.personalContext}</dd>
                    </div>
                  ) : null}
                </dl>
                <div className="mt-auto flex flex-wrap gap-2 pt-3">
                  <Button variant="secondary" onClick={() => setEditing(symbol)}>
                    {t("personal.edit")}
                    <span className="sr-only"> {t("personal.forSymbol", { name: symbol.name })}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => setDeleting(symbol)}>
                    {t("personal.delete")}
                    <span className="sr-only"> {t("personal.forSymbol", { name: symbol.name })}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </ListStatus>
      </Panel>
      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t("personal.addTitle") : t("personal.editTitle")}
      >
        {editing !== null ? (
          <SymbolForm
            key={editing === "new" ? "new" : editing.id}
            symbol={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </FormDialog>
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={(symbol) =>
          apiRequest<{ success: true; message: string }>("DELETE", `${PERSONAL_SYMBOLS_KEY}/${symbol.id}`)
        }
        listKey={PERSONAL_SYMBOLS_KEY}
        keyPrefix="personal"
      />
    </PageShell>
  );
}

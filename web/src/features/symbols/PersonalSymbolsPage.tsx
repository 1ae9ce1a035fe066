import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PersonalSymbol, PersonalSymbolBody } from "../../../../contract/symbols";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { ConfirmDeleteDialog } from "../../components/ui/ConfirmDialog";
import { EditDialog, toastAndClose } from "../../components/ui/Dialog";
import {
  DialogCancel,
  Form,
  FormTextAreaField,
  FormTextField,
  requiredText,
  SubmitRow,
  useForm,
} from "../../components/ui/form";
import { PageShell, Panel } from "../../components/ui/Page";
import { bodyClass, mutedClass } from "../../components/ui/page-styles";
import { ListStatus } from "../../components/ui/Status";
import { DREAMS_NS } from "../../lib/i18n";
import {
  deletePersonalSymbol,
  PERSONAL_SYMBOLS_KEY,
  usePersonalSymbolsQuery,
  useSavePersonalSymbolMutation,
} from "./api";

const DEFAULT_CATEGORY = "Personal";

type Values = Record<
  "name" | "description" | "category" | "frequency" | "emotionalImpact" | "personalContext",
  string
>;

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
  const form = useForm<Values>({ defaultValues: symbol ? valuesOf(symbol) : EMPTY });
  const mutation = useSavePersonalSymbolMutation(
    symbol,
    toastAndClose(onDone, symbol ? t("personal.toast.updated") : t("personal.toast.added"), (name) =>
      t("personal.toast.savedBody", { name }),
    ),
  );

  return (
    <Form
      form={form}
      className="mt-4 flex flex-col gap-4"
      onSubmit={(values) => mutation.mutateAsync(personalSymbolBody(values))}
      // A name already in use (409) is said next to the name.
      serverErrors={{ fallback: t("personal.failed"), fields: { CONFLICT: "name" } }}
    >
      <FormTextField
        name="name"
        label={t("personal.fields.name")}
        required
        maxLength={80}
        autoComplete="off"
        rules={{ validate: requiredText(t("personal.nameRequired")) }}
      />
      <FormTextAreaField
        name="description"
        label={t("personal.fields.description")}
        labelHint={t("fields.optional")}
        rows={3}
        max={2000}
        maxLength={2000}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          name="category"
          label={t("personal.fields.category")}
          labelHint={t("fields.optional")}
          description={t("personal.fields.categoryHint", { category: DEFAULT_CATEGORY })}
          maxLength={40}
          autoComplete="off"
          placeholder={DEFAULT_CATEGORY}
        />
        <FormTextField
          name="frequency"
          label={t("personal.fields.frequency")}
          labelHint={t("fields.optional")}
          description={t("personal.fields.frequencyHint")}
          type="number"
          inputMode="numeric"
          min={0}
          max={100000}
          step={1}
          rules={{
            validate: (value: string) =>
              value.trim() === "" ||
              (/^\d{1,6}$/.test(value.trim()) && Number(value) <= 100_000) ||
              t("personal.frequencyInvalid"),
          }}
        />
      </div>
      <FormTextField
        name="emotionalImpact"
        label={t("personal.fields.emotionalImpact")}
        labelHint={t("fields.optional")}
        description={t("personal.fields.emotionalImpactHint")}
        maxLength={200}
        autoComplete="off"
      />
      <FormTextAreaField
        name="personalContext"
        label={t("personal.fields.personalContext")}
        labelHint={t("fields.optional")}
        description={t("personal.fields.personalContextHint")}
        rows={3}
        max={2000}
        maxLength={2000}
      />
      <SubmitRow layout="end" secondary={<DialogCancel />}>
        {symbol ? t("personal.saveChanges") : t("personal.add")}
      </SubmitRow>
    </Form>
  );
}

/** /personal-symbols: the meanings a dreamer gives their own symbols: list, add, edit, delete. */
export default function PersonalSymbolsPage() {
  const { t } = useTranslation(DREAMS_NS);
  const [editing, setEditing] = useState<PersonalSymbol | "new" | null>(null);
  const [deleting, setDeleting] = useState<PersonalSymbol | null>(null);
  const query = usePersonalSymbolsQuery();
  const symbols = query.data ?? [];

  return (
    <PageShell
      title={t("personal.title")}
      documentTitle={t("personal.documentTitle")}
      lead={t("personal.lead")}
      actions={<Button onClick={() => setEditing("new")}>{t("personal.addButton")}</Button>}
    >
      <Panel title={t("personal.listTitle", { count: symbols.length })}>
        <ListStatus
          query={query}
          loadFailed={t("personal.loadFailed")}
          empty={t("personal.empty")}
          skeleton={{ rows: 4, className: "grid gap-3 md:grid-cols-2", rowClassName: "h-40 rounded-xl" }}
        >
          <ul className="grid gap-3 md:grid-cols-2">
            {symbols.map((symbol) => (
              <li
                key={symbol.id}
                className="flex flex-col rounded-xl border border-slate-200 p-4 dark:border-night-700"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-base font-semibold text-slate-900 dark:text-slate-50">{symbol.name}</h3>
                  <Badge>{symbol.category}</Badge>
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
      <EditDialog
        editing={editing}
        onClose={() => setEditing(null)}
        title={(symbol) => (symbol ? t("personal.editTitle") : t("personal.addTitle"))}
      >
        {(symbol) => <SymbolForm symbol={symbol} onDone={() => setEditing(null)} />}
      </EditDialog>
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={deletePersonalSymbol}
        listKey={PERSONAL_SYMBOLS_KEY}
        ns={DREAMS_NS}
        keyPrefix="personal"
      />
    </PageShell>
  );
}

import { useTranslation } from "react-i18next";
import type { AdminSymbol, AdminSymbolBody } from "../../../../contract/symbols";
import { toastAndClose } from "../../components/ui/Dialog";
import {
  DialogCancel,
  Form,
  FormSelectField,
  FormSwitchField,
  FormTextAreaField,
  FormTextField,
  requiredText,
  SubmitRow,
  useForm,
} from "../../components/ui/form";
import { h3Class } from "../../components/ui/page-styles";
import { DREAMS_NS } from "../../lib/i18n";
import { useSymbolCategoryLabel } from "../dreams/SymbolList";
import {
  isSymbolCategory,
  parseList,
  SYMBOL_CATEGORIES,
  SYMBOL_KEY_PATTERN,
  type SymbolCategory,
  useSaveAdminSymbolMutation,
} from "./api";

const TEXT_FIELDS = [
  "key",
  "name",
  "nameEs",
  "description",
  "descriptionEs",
  "extendedDescription",
  "extendedDescriptionEs",
  "deeperInsight",
  "deeperInsightEs",
  "variations",
  "variationsEs",
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];

export interface SymbolFormValues extends Record<TextFieldName, string> {
  category: SymbolCategory;
  isCommon: boolean;
  isVital: boolean;
}

export const emptySymbolValues = (): SymbolFormValues => ({
  key: "",
  name: "",
  nameEs: "",
  category: "object",
  description: "",
  descriptionEs: "",
  extendedDescription: "",
  extendedDescriptionEs: "",
  deeperInsight: "",
  deeperInsightEs: "",
  variations: "",
  variationsEs: "",
  isCommon: false,
  isVital: false,
});

export const symbolValues = (symbol: AdminSymbol): SymbolFormValues => ({
  key: symbol.key,
  name: symbol.name,
  nameEs: symbol.nameEs ?? "",
  category: isSymbolCategory(symbol.category) ? symbol.category : "object",
  description: symbol.description,
  descriptionEs: symbol.descriptionEs ?? "",
  extendedDescription: symbol.extendedDescription ?? "",
  extendedDescriptionEs: symbol.extendedDescriptionEs ?? "",
  deeperInsight: symbol.deeperInsight ?? "",
  deeperInsightEs: symbol.deeperInsightEs ?? "",
  variations: symbol.variations.join(", "),
  variationsEs: symbol.variationsEs.join(", "),
  isCommon: symbol.isCommon,
  isVital: symbol.isVital,
});

/** The request body for the form: trimmed texts, empty optional texts as null, lists split on commas. */
export function symbolBody(values: SymbolFormValues): AdminSymbolBody {
  const optional = (value: string) => (value.trim() === "" ? null : value.trim());
  return {
    key: values.key.trim(),
    name: values.name.trim(),
    nameEs: values.nameEs.trim(),
    category: values.category,
    description: values.description.trim(),
    descriptionEs: values.descriptionEs.trim(),
    extendedDescription: optional(values.extendedDescription),
    extendedDescriptionEs: optional(values.extendedDescriptionEs),
    deeperInsight: optional(values.deeperInsight),
    deeperInsightEs: optional(values.deeperInsightEs),
    isCommon: values.isCommon,
    isVital: values.isVital,
    variations: parseList(values.variations),
    variationsEs: parseList(values.variationsEs),
  };
}

/** Create (with its key) or edit (key fixed) a lexicon symbol, in English and Spanish. */
export function AdminSymbolForm({ symbol, onDone }: { symbol: AdminSymbol | null; onDone(): void }) {
  const { t } = useTranslation(DREAMS_NS);
  const categoryLabel = useSymbolCategoryLabel();
  const form = useForm<SymbolFormValues>({
    defaultValues: symbol ? symbolValues(symbol) : emptySymbolValues(),
  });
  const mutation = useSaveAdminSymbolMutation(
    symbol,
    toastAndClose(onDone, symbol ? t("admin.toast.updated") : t("admin.toast.created"), (name) =>
      t("admin.toast.savedBody", { name }),
    ),
  );
  const required = { validate: requiredText(t("admin.form.required")) };

  return (
    <Form
      form={form}
      className="mt-4 flex flex-col gap-4"
      // The key field is only shown (and registered) for a new symbol; an edit keeps the stored key.
      onSubmit={(values) => mutation.mutateAsync(symbolBody({ ...values, key: symbol?.key ?? values.key }))}
      // A key already in use (409) is said next to the key.
      serverErrors={{ fallback: t("admin.form.failed"), fields: symbol ? {} : { CONFLICT: "key" } }}
    >
      {symbol ? null : (
        <FormTextField
          name="key"
          label={t("admin.form.key")}
          description={t("admin.form.keyHint")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          rules={{
            validate: (value: string) => SYMBOL_KEY_PATTERN.test(value.trim()) || t("admin.form.keyInvalid"),
          }}
        />
      )}
      <FormSelectField name="category" label={t("admin.form.category")}>
        {SYMBOL_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </FormSelectField>
      <div className="grid gap-6 md:grid-cols-2">
        {(
          [
            ["en", "", t("admin.form.english")],
            ["es", "Es", t("admin.form.spanish")],
          ] as const
        ).map(([lang, suffix, heading]) => (
          <fieldset key={lang} className="flex min-w-0 flex-col gap-4">
            <legend className={`${h3Class} mb-2`}>{heading}</legend>
            <FormTextField
              name={`name${suffix}`}
              label={t("admin.form.name")}
              maxLength={80}
              autoComplete="off"
              lang={lang}
              rules={required}
            />
            <FormTextAreaField
              name={`description${suffix}`}
              label={t("admin.form.description")}
              rows={3}
              max={2000}
              maxLength={2000}
              lang={lang}
              rules={required}
            />
            <FormTextAreaField
              name={`extendedDescription${suffix}`}
              label={t("admin.form.extendedDescription")}
              labelHint={t("fields.optional")}
              rows={3}
              maxLength={4000}
              lang={lang}
            />
            <FormTextAreaField
              name={`deeperInsight${suffix}`}
              label={t("admin.form.deeperInsight")}
              labelHint={t("fields.optional")}
              rows={3}
              maxLength={4000}
              lang={lang}
            />
            <FormTextAreaField
              name={`variations${suffix}`}
              label={t("admin.form.variations")}
              labelHint={t("fields.optional")}
              description={t("admin.form.variationsHint")}
              rows={2}
              lang={lang}
            />
          </fieldset>
        ))}
      </div>
      <div className="flex flex-col gap-1 sm:flex-row sm:gap-8">
        <FormSwitchField name="isCommon" label={t("admin.form.isCommon")} />
        <FormSwitchField
          name="isVital"
          label={t("admin.form.isVital")}
          description={t("admin.form.isVitalHint")}
        />
      </div>
      <SubmitRow layout="end" secondary={<DialogCancel />}>
        {symbol ? t("admin.form.save") : t("admin.form.create")}
      </SubmitRow>
    </Form>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminSymbol, AdminSymbolBody } from "../../../../contract/symbols";
import { FormError } from "../../components/ui/FormError";
import { SelectField } from "../../components/ui/SelectField";
import { SwitchField } from "../../components/ui/SwitchField";
import { TextAreaField } from "../../components/ui/TextAreaField";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { isApiError } from "../../lib/api";
import { errorMessageOf, fieldErrorsOf } from "../../lib/form-errors";
import { DREAMS_NS } from "../../lib/i18n";
import { FormDialogActions } from "../dreams/edit";
import { useSymbolCategoryLabel } from "../dreams/SymbolList";
import { h3Class } from "../dreams/ui";
import {
  ADMIN_SYMBOLS_KEY,
  createAdminSymbol,
  isSymbolCategory,
  parseList,
  SYMBOL_CATEGORIES,
  SYMBOL_KEY_PATTERN,
  type SymbolCategory,
  updateAdminSymbol,
} from "./symbols-api";

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
const ALL_FIELDS = [...TEXT_FIELDS, "category"] as const;
type FieldName = (typeof ALL_FIELDS)[number];

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
  const queryClient = useQueryClient();
  const categoryLabel = useSymbolCategoryLabel();
  const [values, setValues] = useState<SymbolFormValues>(() =>
    symbol ? symbolValues(symbol) : emptySymbolValues(),
  );
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirst = (found: Partial<Record<FieldName, string>>) => {
    const first = ALL_FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return first !== undefined;
  };

  const mutation = useMutation({
    mutationFn: (body: AdminSymbolBody) => {
      if (!symbol) return createAdminSymbol(body);
      const { key: _key, ...patch } = body;
      return updateAdminSymbol(symbol.id, patch);
    },
    onSuccess: async (saved) => {
      toast({
        title: symbol ? t("admin.toast.updated") : t("admin.toast.created"),
        description: t("admin.toast.savedBody", { name: saved.name }),
      });
      onDone();
      await queryClient.invalidateQueries({ queryKey: [ADMIN_SYMBOLS_KEY] });
    },
    onError: (error) => {
      const byField = fieldErrorsOf(error, ALL_FIELDS);
      if (isApiError(error) && error.status === 409 && !byField.key && !symbol) byField.key = error.message;
      setErrors(byField);
      if (!focusFirst(byField)) setFormError(errorMessageOf(error, t("admin.form.failed")));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const next: Partial<Record<FieldName, string>> = {};
    if (!symbol && !SYMBOL_KEY_PATTERN.test(values.key.trim())) next.key = t("admin.form.keyInvalid");
    for (const field of ["name", "nameEs", "description", "descriptionEs"] as const) {
      if (!values[field].trim()) next[field] = t("admin.form.required");
    }
    setErrors(next);
    if (focusFirst(next)) return;
    mutation.mutate(symbolBody(values));
  }

  const text = (field: TextFieldName) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      {symbol ? null : (
        <TextField
          label={t("admin.form.key")}
          description={t("admin.form.keyHint")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          {...text("key")}
        />
      )}
      <SelectField
        label={t("admin.form.category")}
        name="category"
        value={values.category}
        onChange={(event) => {
          const category = event.target.value;
          if (isSymbolCategory(category)) setValues((current) => ({ ...current, category }));
        }}
        error={errors.category}
      >
        {SYMBOL_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-6 md:grid-cols-2">
        {(
          [
            ["en", "", t("admin.form.english")],
            ["es", "Es", t("admin.form.spanish")],
          ] as const
        ).map(([lang, suffix, heading]) => (
          <fieldset key={lang} className="flex min-w-0 flex-col gap-4">
            <legend className={`${h3Class} mb-2`}>{heading}</legend>
            <TextField
              label={t("admin.form.name")}
              maxLength={80}
              autoComplete="off"
              lang={lang}
              {...text(`name${suffix}`)}
            />
            <TextAreaField
              label={t("admin.form.description")}
              rows={3}
              maxLength={2000}
              lang={lang}
              {...text(`description${suffix}`)}
            />
            <TextAreaField
              label={t("admin.form.extendedDescription")}
              labelHint={t("fields.optional")}
              rows={3}
              maxLength={4000}
              lang={lang}
              {...text(`extendedDescription${suffix}`)}
            />
            <TextAreaField
              label={t("admin.form.deeperInsight")}
              labelHint={t("fields.optional")}
              rows={3}
              maxLength={4000}
              lang={lang}
              {...text(`deeperInsight${suffix}`)}
            />
            <TextAreaField
              label={t("admin.form.variations")}
              labelHint={t("fields.optional")}
              description={t("admin.form.variationsHint")}
              rows={2}
              lang={lang}
              {...text(`variations${suffix}`)}
            />
          </fieldset>
        ))}
      </div>
      <div className="flex flex-col gap-1 sm:flex-row sm:gap-8">
        <SwitchField
          label={t("admin.form.isCommon")}
          checked={values.isCommon}
          onCheckedChange={(isCommon) => setValues((current) => ({ ...current, isCommon }))}
        />
        <SwitchField
          label={t("admin.form.isVital")}
          description={t("admin.form.isVitalHint")}
          checked={values.isVital}
          onCheckedChange={(isVital) => setValues((current) => ({ ...current, isVital }))}
        />
      </div>
      <FormError message={formError} />
      <FormDialogActions pending={mutation.isPending}>
        {symbol ? t("admin.form.save") : t("admin.form.create")}
      </FormDialogActions>
    </form>
  );
}

import { useTranslation } from "react-i18next";
import type { DreamCategory } from "../../../../contract/dreams";
import { SelectField } from "../../components/ui/SelectField";
import { DREAMS_NS } from "../../lib/i18n";
import { DREAM_CATEGORIES, isDreamCategory } from "./constants";

/** The seven dream categories of spec section 3, plus "none" (or "any" when filtering). */
export function CategoryField({
  value,
  onChange,
  label,
  emptyLabel,
  className,
  id,
}: {
  value: DreamCategory | "" | null;
  onChange(value: DreamCategory | null): void;
  label?: string;
  emptyLabel?: string;
  className?: string;
  id?: string;
}) {
  const { t } = useTranslation(DREAMS_NS);
  return (
    <SelectField
      id={id}
      className={className}
      label={label ?? t("fields.category")}
      value={value ?? ""}
      onChange={(event) => onChange(isDreamCategory(event.target.value) ? event.target.value : null)}
    >
      <option value="">{emptyLabel ?? t("fields.noCategory")}</option>
      {DREAM_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {t(`categories.${category}`)}
        </option>
      ))}
    </SelectField>
  );
}

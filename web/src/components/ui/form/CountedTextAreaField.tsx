import { useId } from "react";
import { useTranslation } from "react-i18next";
import { describedBy } from "../field-styles";
import { TextAreaField, type TextAreaFieldProps } from "../TextAreaField";

export interface CountedTextAreaFieldProps extends TextAreaFieldProps {
  value: string;
  /** The most characters allowed: shows "n / max" under the field. Without it there is no counter. */
  max?: number;
  /** The fewest characters needed, when there is such a rule: the counter says how many are missing. */
  min?: number;
}

/** Remaining characters are spoken only near the end, so typing is not interrupted at every key. */
const nearEnd = (max: number) => Math.max(10, Math.round(max * 0.1));

const toneClass = (wrong: boolean) =>
  wrong ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300";

/**
 * A labelled multi-line input with a character counter: the count is read with the field (aria-describedby), and
 * the characters left are announced politely once few remain or the text runs over.
 */
export function CountedTextAreaField({
  value,
  max,
  min = 0,
  "aria-describedby": extraDescribedBy,
  ...props
}: CountedTextAreaFieldProps) {
  const { t } = useTranslation();
  const counterId = useId();
  if (max === undefined) {
    return <TextAreaField {...props} value={value} aria-describedby={extraDescribedBy} />;
  }
  const length = value.length;
  const remaining = max - length;
  const short = length > 0 && length < min ? min - length : 0;
  const announcement =
    remaining < 0
      ? t("forms.counter.over", { count: -remaining })
      : remaining <= nearEnd(max)
        ? t("forms.counter.remaining", { count: remaining })
        : "";
  return (
    <div className="flex flex-col gap-1.5">
      <TextAreaField {...props} value={value} aria-describedby={describedBy(counterId, extraDescribedBy)} />
      <p id={counterId} className={`text-sm ${toneClass(short > 0 || remaining < 0)}`}>
        {t("forms.counter.count", { count: length, max })}
        {short > 0 ? <span> {t("forms.counter.short", { count: short })}</span> : null}
        {remaining < 0 ? <span> {t("forms.counter.over", { count: -remaining })}</span> : null}
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../../../contract/account-rules";
import { passwordStrength } from "../../../lib/password-strength";

const meter: Record<string, { width: string; colour: string }> = {
  tooShort: { width: "w-1/4", colour: "bg-red-600 dark:bg-red-400" },
  tooLong: { width: "w-full", colour: "bg-red-600 dark:bg-red-400" },
  weak: { width: "w-1/3", colour: "bg-amber-600 dark:bg-amber-400" },
  fair: { width: "w-2/3", colour: "bg-yellow-600 dark:bg-star-300" },
  strong: { width: "w-full", colour: "bg-emerald-600 dark:bg-emerald-400" },
};

/** The 8-128 rule and a live strength hint, for the description of a new-password field. */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const bar = meter[strength];
  return (
    <div className="flex flex-col gap-1.5">
      <span>{t("forms.passwordRule", { min: PASSWORD_MIN, max: PASSWORD_MAX })}</span>
      {bar ? (
        <span
          aria-hidden="true"
          className="block h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-night-700"
        >
          <span className={`block h-full rounded-full ${bar.width} ${bar.colour}`} />
        </span>
      ) : null}
      <span aria-live="polite">
        {strength === "empty" ? "" : t("forms.strength.label", { level: t(`forms.strength.${strength}`) })}
      </span>
    </div>
  );
}

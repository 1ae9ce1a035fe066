import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { Button } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { SelectField } from "../../components/ui/SelectField";
import { toast } from "../../components/ui/toast-store";
import { fieldErrorsOf } from "../../lib/form-errors";
import { changeLanguage, type Language, supportedLanguages } from "../../lib/i18n";
import { AccountCard } from "./AccountCard";
import { browserTimeZone, timeZoneLabel, timeZoneNames } from "./time-zones";
import { useUpdateUser } from "./use-update-user";

/** Language (en/es) and time zone; the zone decides when the daily free translations reset. */
export function PreferencesForm({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateUser();
  const detected = useMemo(browserTimeZone, []);
  // UTC is the server's default: a browser that knows better is the likelier answer (saved only on Save).
  const suggested = user.timezone === "UTC" && detected && detected !== "UTC" ? detected : user.timezone;
  const [language, setLanguage] = useState<Language>(user.language);
  const [timezone, setTimezone] = useState(suggested);
  const [errors, setErrors] = useState<{ language?: string; timezone?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? "en";
  const zones = useMemo(
    () =>
      timeZoneNames(user.timezone, detected).map((name) => ({ name, label: timeZoneLabel(name, locale) })),
    [user.timezone, detected, locale],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setErrors({});
    setFormError(null);
    setNotice(null);
    update.mutate(
      { language, timezone },
      {
        onSuccess: (updated) => {
          changeLanguage(updated.language);
          // Read in the newly chosen language.
          const message = i18n.getFixedT(updated.language)("account.preferences.saved");
          setNotice(message);
          toast({ title: i18n.getFixedT(updated.language)("account.toast.saved"), description: message });
        },
        onError: (error) => {
          const byField = fieldErrorsOf(error, ["language", "timezone"] as const);
          setErrors(byField);
          if (!byField.language && !byField.timezone) setFormError(t("account.profile.failed"));
          toast({
            title: t("account.toast.errorTitle"),
            description: t("account.profile.failed"),
            variant: "destructive",
          });
        },
      },
    );
  }

  return (
    <AccountCard title={t("account.preferences.title")} description={t("account.preferences.intro")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={update.isPending}>
        <SelectField
          label={t("account.preferences.language")}
          name="language"
          value={language}
          onChange={(event) => {
            setLanguage(event.target.value as Language);
            setNotice(null);
          }}
          error={errors.language}
        >
          {supportedLanguages.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`account.languages.${code}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("account.preferences.timezone")}
          name="timezone"
          description={
            <>
              {t("account.preferences.timezoneHint")}
              {timezone !== user.timezone && timezone === detected ? (
                <> {t("account.preferences.browserSuggestion", { timezone: detected })}</>
              ) : null}
            </>
          }
          value={timezone}
          onChange={(event) => {
            setTimezone(event.target.value);
            setNotice(null);
          }}
          error={errors.timezone}
        >
          {zones.map((zone) => (
            <option key={zone.name} value={zone.name}>
              {zone.label}
            </option>
          ))}
        </SelectField>
        <FormError message={formError} />
        <FormNotice>{notice}</FormNotice>
        <div>
          <Button type="submit" pending={update.isPending} pendingLabel={t("forms.saving")}>
            {t("account.preferences.save")}
          </Button>
        </div>
      </form>
    </AccountCard>
  );
}

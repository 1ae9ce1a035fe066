import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { Form, FormSelectField, SubmitRow, useForm } from "../../components/ui/form";
import { toast } from "../../components/ui/toast-store";
import { changeLanguage, type Language, supportedLanguages } from "../../lib/i18n";
import { AccountCard, useErrorToast } from "./AccountCard";
import { useUpdateUserMutation } from "./api";
import { browserTimeZone, timeZoneLabel, timeZoneNames } from "./time-zones";

interface PreferencesValues {
  language: Language;
  timezone: string;
}

/** Language (en/es) and time zone; the zone decides when the daily free translations reset. */
export function PreferencesForm({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateUserMutation();
  const errorToast = useErrorToast();
  const detected = useMemo(browserTimeZone, []);
  // UTC is the server's default: a browser that knows better is the likelier answer (saved only on Save).
  const suggested = user.timezone === "UTC" && detected && detected !== "UTC" ? detected : user.timezone;
  const form = useForm<PreferencesValues>({
    defaultValues: { language: user.language, timezone: suggested },
  });
  const timezone: string = useWatch({ control: form.control, name: "timezone" });
  const [notice, setNotice] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? "en";
  const zones = useMemo(
    () =>
      timeZoneNames(user.timezone, detected).map((name) => ({ name, label: timeZoneLabel(name, locale) })),
    [user.timezone, detected, locale],
  );

  async function submit(values: PreferencesValues) {
    setNotice(null);
    const updated = await update.mutateAsync(values);
    changeLanguage(updated.language);
    // Read in the newly chosen language.
    const inChosen = i18n.getFixedT(updated.language);
    const message = inChosen("account.preferences.saved");
    setNotice(message);
    toast({ title: inChosen("account.toast.saved"), description: message });
  }

  return (
    <AccountCard title={t("account.preferences.title")} description={t("account.preferences.intro")}>
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{ message: t("account.profile.failed") }}
        onServerError={() => errorToast(t("account.profile.failed"))}
        onChange={() => setNotice(null)}
      >
        <FormSelectField label={t("account.preferences.language")} name="language">
          {supportedLanguages.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`account.languages.${code}`)}
            </option>
          ))}
        </FormSelectField>
        <FormSelectField
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
        >
          {zones.map((zone) => (
            <option key={zone.name} value={zone.name}>
              {zone.label}
            </option>
          ))}
        </FormSelectField>
        <SubmitRow notice={notice} pendingLabel={t("forms.saving")}>
          {t("account.preferences.save")}
        </SubmitRow>
      </Form>
    </AccountCard>
  );
}

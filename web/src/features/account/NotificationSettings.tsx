import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { FormNotice } from "../../components/ui/FormError";
import { SwitchField } from "../../components/ui/SwitchField";
import { AccountCard, useErrorToast } from "./AccountCard";
import { useMessagingPreferencesMutation } from "./api";

interface Preferences {
  emailNotifications: boolean;
  pushNotifications: boolean;
}

/** Spec section 7: two switches, saved together to /api/user/messaging-preferences as soon as one flips. */
export function NotificationSettings({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const errorToast = useErrorToast();
  const [preferences, setPreferences] = useState<Preferences>({
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const mutation = useMessagingPreferencesMutation();

  function change(key: keyof Preferences, value: boolean) {
    const previous = preferences;
    const next = { ...preferences, [key]: value };
    setPreferences(next);
    setNotice(null);
    mutation.mutate(next, {
      onSuccess: () => setNotice(t("account.notifications.saved")),
      onError: () => {
        setPreferences(previous);
        errorToast(t("account.notifications.failed"));
      },
    });
  }

  return (
    <AccountCard title={t("account.notifications.title")} description={t("account.notifications.intro")}>
      <div className="flex flex-col divide-y divide-slate-200 dark:divide-night-700">
        <SwitchField
          label={t("account.notifications.email")}
          description={t("account.notifications.emailHint")}
          checked={preferences.emailNotifications}
          onCheckedChange={(value) => change("emailNotifications", value)}
        />
        <SwitchField
          label={t("account.notifications.push")}
          description={t("account.notifications.pushHint")}
          checked={preferences.pushNotifications}
          onCheckedChange={(value) => change("pushNotifications", value)}
        />
      </div>
      <FormNotice className="mt-3">{notice}</FormNotice>
    </AccountCard>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { SwitchField } from "../../components/ui/SwitchField";
import { disablePush, enablePush } from "../push/push-client";
import { AccountCard, useErrorToast } from "./AccountCard";
import { useMessagingPreferencesMutation } from "./api";

/** What to say when this browser could not be subscribed (spec section 8's texts where it has them). */
const PUSH_FAILURES = {
  denied: "account.notifications.pushBlocked",
  unsupported: "account.notifications.pushUnsupported",
  failed: "account.notifications.pushFailed",
} as const;

interface Preferences {
  emailNotifications: boolean;
  pushNotifications: boolean;
}

/**
 * Spec section 7: two switches, saved together to /api/user/messaging-preferences as soon as one flips. Push
 * is saved on only once this browser is subscribed (issue 15), and off after it is unsubscribed.
 */
export function NotificationSettings({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const errorToast = useErrorToast();
  const [preferences, setPreferences] = useState<Preferences>({
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [pushError, setPushError] = useState<string | null>(null);
  const [pushWorking, setPushWorking] = useState(false);
  const mutation = useMessagingPreferencesMutation();

  function change(key: keyof Preferences, value: boolean) {
    const previous = preferences;
    const next = { ...preferences, [key]: value };
    setPreferences(next);
    setNotice(null);
    setPushError(null);
    mutation.mutate(next, {
      onSuccess: () => setNotice(t("account.notifications.saved")),
      onError: () => {
        setPreferences(previous);
        errorToast(t("account.notifications.failed"));
      },
    });
  }

  async function changePush(value: boolean) {
    setNotice(null);
    setPushError(null);
    setPushWorking(true);
    // Both switches wait meanwhile, so the preferences saved afterwards are the ones on screen now.
    // Turning on asks the browser for permission; the switch stays off unless this browser is subscribed.
    // Turning off saves the preference even when unsubscribing fails (the subscription may be gone already).
    const outcome = value
      ? await enablePush().catch(() => "failed" as const)
      : await disablePush().catch(() => undefined);
    setPushWorking(false);
    if (outcome && outcome !== "subscribed") setPushError(t(PUSH_FAILURES[outcome]));
    else change("pushNotifications", value);
  }

  return (
    <AccountCard title={t("account.notifications.title")} description={t("account.notifications.intro")}>
      <div className="flex flex-col divide-y divide-slate-200 dark:divide-night-700">
        <SwitchField
          label={t("account.notifications.email")}
          description={t("account.notifications.emailHint")}
          checked={preferences.emailNotifications}
          onCheckedChange={(value) => change("emailNotifications", value)}
          disabled={pushWorking}
        />
        <SwitchField
          label={t("account.notifications.push")}
          description={t("account.notifications.pushHint")}
          checked={preferences.pushNotifications}
          onCheckedChange={(value) => void changePush(value)}
          disabled={pushWorking}
        />
      </div>
      <FormError className="mt-3" message={pushError} />
      <FormNotice className="mt-3">
        {pushWorking ? t("account.notifications.pushWorking") : notice}
      </FormNotice>
    </AccountCard>
  );
}

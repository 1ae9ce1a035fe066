import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { FormNotice } from "../../components/ui/FormError";
import { SwitchField } from "../../components/ui/SwitchField";
import { toast } from "../../components/ui/toast-store";
import { apiRequest } from "../../lib/api";
import { useAuth } from "../auth/auth-context";
import { AccountCard } from "./AccountCard";

interface Preferences {
  emailNotifications: boolean;
  pushNotifications: boolean;
}

/** Spec section 7: two switches, saved together to /api/user/messaging-preferences as soon as one flips. */
export function NotificationSettings({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const [preferences, setPreferences] = useState<Preferences>({
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
  });
  const [notice, setNotice] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (next: Preferences) => apiRequest("POST", "/api/user/messaging-preferences", next),
    // Quick flips are sent one after another, so the last choice is the one stored.
    scope: { id: "messaging-preferences" },
    onSuccess: async () => {
      setNotice(t("account.notifications.saved"));
      await refreshUser();
    },
  });

  function change(key: keyof Preferences, value: boolean) {
    const previous = preferences;
    const next = { ...preferences, [key]: value };
    setPreferences(next);
    setNotice(null);
    mutation.mutate(next, {
      onError: () => {
        setPreferences(previous);
        toast({
          title: t("account.toast.errorTitle"),
          description: t("account.notifications.failed"),
          variant: "destructive",
        });
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

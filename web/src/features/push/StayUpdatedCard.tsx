import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/toast-store";
import { useMessagingPreferencesMutation } from "../account/api";
import { useRefreshUser } from "../auth/api";
import { currentSubscription, enablePush } from "./push-client";
import { dismissPushPrompt, markPushPromptShown, PUSH_PROMPT_DELAY_MS } from "./push-prompt";

type Phase = "waiting" | "shown" | "offerEmail" | "done";

/**
 * 'Stay Updated' (spec sections 2, 3, 8 and 9): Enable subscribes this browser; Later dismisses the card for
 * good. A blocked permission dismisses it too and offers email notifications instead. It never takes the
 * focus, so it cannot interrupt someone writing a dream.
 */
export default function StayUpdatedCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>("waiting");
  const [enabling, setEnabling] = useState(false);
  const refreshUser = useRefreshUser();
  const preferences = useMessagingPreferencesMutation();

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      const subscribed = await currentSubscription().catch(() => null);
      if (cancelled) return;
      if (subscribed) {
        setPhase("done");
        return;
      }
      markPushPromptShown();
      setPhase("shown");
    }, PUSH_PROMPT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  async function enable() {
    setEnabling(true);
    const outcome = await enablePush();
    setEnabling(false);
    if (outcome === "denied") {
      dismissPushPrompt();
      setPhase("offerEmail");
      return;
    }
    setPhase("done");
    if (outcome === "subscribed") {
      // The server turned the account's push preference on with the new subscription.
      void refreshUser();
      toast({ title: t("pwa.push.title"), description: t("pwa.push.enabled") });
    } else {
      const message = outcome === "unsupported" ? "pushUnsupported" : "pushFailed";
      toast({
        title: t("pwa.push.title"),
        description: t(`account.notifications.${message}`),
        variant: "destructive",
      });
    }
  }

  function enableEmail() {
    preferences.mutate(
      { emailNotifications: true, pushNotifications: user.pushNotifications },
      {
        onSuccess: () => toast({ title: t("pwa.push.emailEnabled") }),
        onError: () => toast({ title: t("pwa.push.emailFailed"), variant: "destructive" }),
        onSettled: () => setPhase("done"),
      },
    );
  }

  if (phase === "offerEmail") {
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && setPhase("done")}
        title={t("pwa.push.emailTitle")}
        description={t("pwa.push.emailBody")}
        confirmLabel={t("pwa.push.emailConfirm")}
        pendingLabel={t("forms.saving")}
        pending={preferences.isPending}
        onConfirm={enableEmail}
        tone="offer"
      />
    );
  }
  if (phase !== "shown") return null;
  return (
    <aside
      aria-labelledby="stay-updated-title"
      aria-describedby="stay-updated-body"
      className="fixed right-4 bottom-4 z-50 w-[calc(100vw-2rem)] max-w-sm rounded-2xl border border-violet-300 bg-white p-5 shadow-2xl dark:border-night-700 dark:bg-night-900"
    >
      <h2 id="stay-updated-title" className="text-lg font-semibold text-violet-800 dark:text-moon-300">
        {t("pwa.push.title")}
      </h2>
      <p id="stay-updated-body" className="mt-1 text-slate-700 dark:text-slate-200">
        {t("pwa.push.body")}
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <Button
          variant="secondary"
          disabled={enabling}
          onClick={() => {
            dismissPushPrompt();
            setPhase("done");
          }}
        >
          {t("pwa.push.later")}
        </Button>
        <Button pending={enabling} pendingLabel={t("pwa.push.enabling")} onClick={() => void enable()}>
          {t("pwa.push.enable")}
        </Button>
      </div>
    </aside>
  );
}

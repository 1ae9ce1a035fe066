import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/toast-store";
import { errorMessageOf } from "../../lib/form-errors";
import { useAuth } from "../auth/auth-context";
import { AccountCard } from "./AccountCard";

/** "Sign out everywhere": every session of the account ends, this browser's included. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { logoutEverywhere } = useAuth();
  const mutation = useMutation({
    mutationFn: () => logoutEverywhere(),
    onError: (error) =>
      toast({
        title: t("account.toast.errorTitle"),
        description: errorMessageOf(error, t("account.sessions.failed")),
        variant: "destructive",
      }),
  });
  return (
    <AccountCard title={t("account.sessions.title")} description={t("account.sessions.intro")}>
      <Button
        variant="secondary"
        pending={mutation.isPending}
        pendingLabel={t("account.sessions.pending")}
        onClick={() => mutation.mutate()}
      >
        {t("account.sessions.button")}
      </Button>
    </AccountCard>
  );
}

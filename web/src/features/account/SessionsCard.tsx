import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { errorMessageOf } from "../../components/ui/form/server-errors";
import { useAuth } from "../auth/auth-context";
import { AccountCard, useErrorToast } from "./AccountCard";

/** "Sign out everywhere": every session of the account ends, this browser's included. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { logoutEverywhere } = useAuth();
  const errorToast = useErrorToast();
  const mutation = useMutation({
    mutationFn: () => logoutEverywhere(),
    onError: (error) => errorToast(errorMessageOf(error, t("account.sessions.failed"))),
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

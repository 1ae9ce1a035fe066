import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { referralLink } from "../../../../contract/referral-constants";
import type { ClaimRewardResponse } from "../../../../contract/referrals";
import { errorMessageOf } from "../../components/ui/form";
import { toast } from "../../components/ui/toast-store";
import { REFERRALS_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { formatDate } from "../billing/format";

/** Spec section 2: `{host}/signup?ref={code}`, on the address the member is using (custom domains included). */
export const linkFor = (code: string) => referralLink(window.location.origin, code);

/** Copies the referral link or code, with the spec's toasts: 'Copied!' or 'Failed to copy to clipboard'. */
export function useCopyReferral() {
  const { t } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.copy" });
  return useCallback(
    async (what: "link" | "code", code: string) => {
      try {
        await navigator.clipboard.writeText(what === "link" ? linkFor(code) : code);
        toast({ title: t("copied"), description: t(what === "link" ? "linkCopied" : "codeCopied") });
      } catch {
        // No clipboard (an insecure page, a refused permission): the link stays on screen to copy by hand.
        toast({ title: t("failedTitle"), description: t("failed"), variant: "destructive" });
      }
    },
    [t],
  );
}

/** A claim's outcome as a toast: until when the member has Premium, in their language and time zone. */
export function useClaimToasts() {
  const { t, i18n } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.claim" });
  const { user } = useAuth();
  const claimed = useCallback(
    (answer: ClaimRewardResponse) => {
      const date = formatDate(answer.premiumUntil, i18n.language, user?.timezone);
      toast({
        title: t("doneTitle"),
        description: t(answer.extendedSubscription ? "renewalMoved" : "premiumUntil", { date }),
      });
    },
    [t, i18n.language, user?.timezone],
  );
  const failed = useCallback(
    (error: unknown) =>
      toast({
        title: t("failedTitle"),
        description: errorMessageOf(error, t("failed")),
        variant: "destructive",
      }),
    [t],
  );
  return { claimed, failed };
}

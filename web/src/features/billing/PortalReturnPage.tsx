import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { BILLING_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth/auth-context";
import { INVOICES_URL, SUBSCRIPTION_URL } from "./billing-api";
import { BusyStatus, PageShell } from "./ui";

/**
 * /subscription/redirect: the billing portal's way back. Whatever changed there (plan, card, cancellation)
 * is fetched again, and the member lands on their subscription page (replacing this address in history).
 */
export default function PortalReturnPage() {
  const { t } = useTranslation(BILLING_NS);
  useDocumentTitle(t("portalReturn.documentTitle"));
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { refreshUser } = useAuth();
  useEffect(() => {
    // Marked stale (not refetched here): the subscription page asks for them as it opens.
    void queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_URL], refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: [INVOICES_URL], refetchType: "none" });
    // The plan may have changed: the nav's PREMIUM badge and the premium guards read the user.
    void refreshUser();
    navigate("/account/subscription", { replace: true });
  }, [navigate, queryClient, refreshUser]);
  return (
    <PageShell title={t("portalReturn.title")}>
      <BusyStatus>{t("portalReturn.status")}</BusyStatus>
    </PageShell>
  );
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { PageShell } from "../../components/ui/Page";
import { BusyStatus } from "../../components/ui/Status";
import { BILLING_NS } from "../../lib/i18n";
import { useRefreshBilling } from "./api";

/**
 * /subscription/redirect: the billing portal's way back. Whatever changed there (plan, card, cancellation)
 * is fetched again, and the member lands on their subscription page (replacing this address in history).
 */
export default function PortalReturnPage() {
  const { t } = useTranslation(BILLING_NS);
  const [, navigate] = useLocation();
  const refreshBilling = useRefreshBilling();
  useEffect(() => {
    // Nothing here shows them, so they are only marked stale: the subscription page fetches them as it opens.
    void refreshBilling();
    navigate("/account/subscription", { replace: true });
  }, [navigate, refreshBilling]);
  return (
    <PageShell documentTitle={t("portalReturn.documentTitle")} width="medium" title={t("portalReturn.title")}>
      <BusyStatus>{t("portalReturn.status")}</BusyStatus>
    </PageShell>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Consultation } from "../../../../contract/oracle";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { errorMessageOf } from "../../components/ui/form";
import { Panel } from "../../components/ui/Page";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { ORACLE_NS } from "../../lib/i18n";
import { useRevokeShareMutation, useShareMutation } from "./api";

/**
 * The reading's public link: created on request, copied with the spec's toasts, revoked after a confirmation.
 * The link shows the reading only: not the challenge, the name, the birth data or the journal.
 */
export function SharePanel({ consultation }: { consultation: Consultation }) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.share" });
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const onError = (failure: unknown) => setError(errorMessageOf(failure, t("failed")));
  const share = useShareMutation(consultation.id, { onSuccess: () => setNotice(t("created")), onError });
  const revoke = useRevokeShareMutation(consultation.id, {
    onSuccess: () => {
      setConfirming(false);
      setNotice("");
      toast({ title: t("revokedTitle"), description: t("revoked") });
    },
    onError: (failure) => {
      setConfirming(false);
      onError(failure);
    },
  });
  const url = consultation.sharePath ? new URL(consultation.sharePath, window.location.origin).href : null;

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t("copied"), description: t("copiedBody") });
    } catch {
      toast({ title: t("copyFailedTitle"), description: t("copyFailed"), variant: "destructive" });
    }
  }

  return (
    <Panel title={t("title")} description={t("intro")}>
      <div className="flex flex-col gap-4">
        {url ? (
          <>
            <TextField
              label={t("linkLabel")}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void copy(url)}>{t("copy")}</Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setError("");
                  setConfirming(true);
                }}
              >
                {t("revoke")}
              </Button>
            </div>
          </>
        ) : (
          <div>
            <Button
              pending={share.isPending}
              pendingLabel={t("creating")}
              onClick={() => {
                setError("");
                share.mutate();
              }}
            >
              {t("create")}
            </Button>
          </div>
        )}
        <FormError message={error} />
        <FormNotice>{notice}</FormNotice>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("revokeTitle")}
        description={t("revokeBody")}
        confirmLabel={t("revokeConfirm")}
        pendingLabel={t("revoking")}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
    </Panel>
  );
}

import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { DREAMS_NS } from "../../../lib/i18n";
import { SparkIcon } from "../icons";

/**
 * The form's buttons: Translate (the submit), Cancel while translating, Save to journal (done once the dream is
 * saved or kept on this device to sync), Start over.
 */
export function DreamActions({
  translating,
  saving,
  saved,
  waiting,
  onCancel,
  onSave,
  onReset,
}: {
  translating: boolean;
  saving: boolean;
  saved: boolean;
  waiting: boolean;
  onCancel(): void;
  onSave(): void;
  onReset(): void;
}) {
  const { t } = useTranslation(DREAMS_NS);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      <Button type="submit" pending={translating} pendingLabel={t("dreamInput.translating")}>
        <SparkIcon />
        {t("dreamInput.translate")}
      </Button>
      {translating ? (
        <Button variant="secondary" onClick={onCancel}>
          {t("dreamInput.cancel")}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        onClick={onSave}
        pending={saving}
        pendingLabel={t("dreamInput.saving")}
        disabled={saved || waiting}
      >
        {saved ? t("dreamInput.saved") : waiting ? t("outbox.waitingLabel") : t("dreamInput.save")}
      </Button>
      <Button variant="ghost" onClick={onReset}>
        {t("dreamInput.reset")}
      </Button>
    </div>
  );
}

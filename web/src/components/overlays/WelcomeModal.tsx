import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { StepList } from "./StepList";

/** Spec section 2: 'Welcome', the tagline, three steps and 'Start My Dream Journey'. */
export default function WelcomeModal({
  open,
  onOpenChange,
  onStart,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onStart(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => onOpenChange(false)}
      centered
      title={t("overlays.welcome.title")}
      description={t("overlays.welcome.tagline")}
    >
      <p className="mt-5 mb-3 text-sm text-slate-600 dark:text-slate-300">{t("overlays.welcome.intro")}</p>
      <StepList />
      <div className="mt-6 flex justify-center">
        <Button className="w-full sm:w-auto" onClick={onStart}>
          {t("overlays.welcome.start")}
        </Button>
      </div>
    </Dialog>
  );
}

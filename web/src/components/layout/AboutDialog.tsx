import { useTranslation } from "react-i18next";
import { StepList } from "../overlays/StepList";
import { buttonClass } from "../ui/Button";
import { Dialog, DialogClose } from "../ui/Dialog";

/** What CHITTA is, and the three-step tutorial; loaded when the footer's About button is first pressed. */
export default function AboutDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCloseAutoFocus(event: Event): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => onOpenChange(false)}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t("about.title")}
      description={t("about.intro")}
    >
      <h3 className="mt-6 mb-3 text-lg font-semibold">{t("about.tutorialTitle")}</h3>
      <StepList />
      <div className="mt-6 flex justify-end">
        <DialogClose className={buttonClass("primary")}>{t("about.close")}</DialogClose>
      </div>
    </Dialog>
  );
}

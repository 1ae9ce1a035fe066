import { Dialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import {
  closeButtonClass,
  dialogContentClass,
  dialogOverlayClass,
  dialogTitleClass,
  primaryButtonClass,
} from "../overlays/dialog-styles";
import { StepList } from "../overlays/StepList";
import { CloseIcon } from "./icons";

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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass} onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className={`${dialogTitleClass} pr-10`}>{t("about.title")}</Dialog.Title>
          <Dialog.Description className="mt-3 text-slate-700 dark:text-slate-200">
            {t("about.intro")}
          </Dialog.Description>
          <h3 className="mt-6 mb-3 text-lg font-semibold">{t("about.tutorialTitle")}</h3>
          <StepList />
          <div className="mt-6 flex justify-end">
            <Dialog.Close className={primaryButtonClass}>{t("about.close")}</Dialog.Close>
          </div>
          <Dialog.Close className={closeButtonClass} aria-label={t("common.close")}>
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { Dialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../layout/icons";
import {
  closeButtonClass,
  dialogContentClass,
  dialogOverlayClass,
  dialogTitleClass,
  primaryButtonClass,
} from "./dialog-styles";
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className={`${dialogTitleClass} pr-10 text-center`}>
            {t("overlays.welcome.title")}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-center text-lg text-slate-700 dark:text-slate-200">
            {t("overlays.welcome.tagline")}
          </Dialog.Description>
          <p className="mt-5 mb-3 text-sm text-slate-600 dark:text-slate-300">
            {t("overlays.welcome.intro")}
          </p>
          <StepList />
          <div className="mt-6 flex justify-center">
            <button type="button" className={`${primaryButtonClass} w-full sm:w-auto`} onClick={onStart}>
              {t("overlays.welcome.start")}
            </button>
          </div>
          <Dialog.Close className={closeButtonClass} aria-label={t("common.close")}>
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { Dialog } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../layout/icons";
import {
  closeButtonClass,
  dialogContentClass,
  dialogOverlayClass,
  dialogTitleClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "./dialog-styles";

const tutorialSteps = ["write", "translate", "save", "explore"] as const;

/** A short tour of the dream page, shown once to a new member (spec section 4). */
export default function FirstTimeTutorial({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const step = tutorialSteps[index];
  const last = index === tutorialSteps.length - 1;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setIndex(0);
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className={`${dialogTitleClass} pr-10`}>{t("overlays.tutorial.title")}</Dialog.Title>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {t("overlays.tutorial.progress", { current: index + 1, total: tutorialSteps.length })}
          </p>
          <div className="mt-3 flex gap-1.5" aria-hidden="true">
            {tutorialSteps.map((name, position) => (
              <span
                key={name}
                className={`h-1.5 flex-1 rounded-full ${
                  position <= index ? "bg-violet-700 dark:bg-moon-300" : "bg-slate-200 dark:bg-night-700"
                }`}
              />
            ))}
          </div>
          <h3 className="mt-5 text-lg font-semibold">{t(`overlays.tutorial.steps.${step}.title`)}</h3>
          <Dialog.Description className="mt-2 text-slate-700 dark:text-slate-200">
            {t(`overlays.tutorial.steps.${step}.body`)}
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <Dialog.Close className="min-h-11 rounded-lg px-2 text-sm text-slate-700 underline underline-offset-4 hover:text-slate-900 dark:text-slate-200 dark:hover:text-white">
              {t("overlays.tutorial.skip")}
            </Dialog.Close>
            <div className="flex gap-2">
              {index > 0 ? (
                <button type="button" className={secondaryButtonClass} onClick={() => setIndex(index - 1)}>
                  {t("overlays.tutorial.back")}
                </button>
              ) : null}
              {last ? (
                <Dialog.Close className={primaryButtonClass}>{t("overlays.tutorial.done")}</Dialog.Close>
              ) : (
                <button type="button" className={primaryButtonClass} onClick={() => setIndex(index + 1)}>
                  {t("overlays.tutorial.next")}
                </button>
              )}
            </div>
          </div>
          <Dialog.Close className={closeButtonClass} aria-label={t("common.close")}>
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

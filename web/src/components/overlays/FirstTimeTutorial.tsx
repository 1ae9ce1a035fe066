import { useState } from "react";
import { useTranslation } from "react-i18next";
import { featuresAvailable } from "../../../../contract/features";
import { Button, buttonClass } from "../ui/Button";
import { Dialog, DialogClose, DialogDescription } from "../ui/Dialog";

/** "explore" sends the member to the oracle, Memory Lane and the community: shown once they all work. */
const tutorialSteps = (["write", "translate", "save", "explore"] as const).filter(
  (step) => step !== "explore" || featuresAvailable(["oracle", "memoryLane", "community"]),
);

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
    <Dialog
      open={open}
      onClose={() => {
        setIndex(0);
        onOpenChange(false);
      }}
      title={t("overlays.tutorial.title")}
      describedByChildren
    >
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
      <DialogDescription className="mt-2 text-slate-700 dark:text-slate-200">
        {t(`overlays.tutorial.steps.${step}.body`)}
      </DialogDescription>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <DialogClose className="min-h-11 rounded-lg px-2 text-sm text-slate-700 underline underline-offset-4 hover:text-slate-900 dark:text-slate-200 dark:hover:text-white">
          {t("overlays.tutorial.skip")}
        </DialogClose>
        <div className="flex gap-2">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => setIndex(index - 1)}>
              {t("overlays.tutorial.back")}
            </Button>
          ) : null}
          {last ? (
            <DialogClose className={buttonClass("primary")}>{t("overlays.tutorial.done")}</DialogClose>
          ) : (
            <Button onClick={() => setIndex(index + 1)}>{t("overlays.tutorial.next")}</Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}

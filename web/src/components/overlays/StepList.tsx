import { useTranslation } from "react-i18next";

/** The three steps of the welcome modal and the About dialog. */
export const journeySteps = ["enter", "discover", "guidance"] as const;

export function StepList() {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-4">
      {journeySteps.map((step, index) => (
        <li key={step} className="flex gap-3">
          <span
            aria-hidden="true"
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-violet-100 font-semibold text-violet-800 dark:bg-night-700 dark:text-moon-300"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="font-semibold">{t(`about.steps.${step}.title`)}</h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`about.steps.${step}.body`)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

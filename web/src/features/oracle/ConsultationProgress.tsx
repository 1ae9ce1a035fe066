import { useTranslation } from "react-i18next";
import type { Consultation } from "../../../../contract/oracle";
import { oracleSteps } from "../../../../contract/oracle-constants";
import { Panel } from "../../components/ui/Page";
import { bodyClass, mutedClass } from "../../components/ui/page-styles";
import { ORACLE_NS } from "../../lib/i18n";
import { useFocusOnMount } from "./use-focus-on-mount";

/** What a step is, seen from the step the server reports. */
type StepState = "done" | "current" | "waiting";

/**
 * The consultation while the server works on it: the bar and the percent are the server's (polled), never a
 * timer's; the current step's message is announced politely; the steps list shows what is done.
 */
export function ConsultationProgress({ consultation }: { consultation: Consultation }) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.progress" });
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const current = oracleSteps.indexOf(consultation.step);
  const message = t(`steps.${consultation.step}`);
  const stateOf = (index: number): StepState =>
    index < current ? "done" : index === current ? "current" : "waiting";

  return (
    <Panel title={t("title")} headingRef={headingRef}>
      <div className="flex flex-col gap-3">
        <div
          role="progressbar"
          aria-label={t("label")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={consultation.percent}
          aria-valuetext={t("valueText", { percent: consultation.percent, step: message })}
          className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-night-800"
        >
          <div
            className="h-full rounded-full bg-violet-700 transition-[width] duration-300 motion-reduce:transition-none dark:bg-moon-300"
            style={{ width: `${consultation.percent}%` }}
          />
        </div>
        <p role="status" className={`flex justify-between gap-3 ${bodyClass}`}>
          <span>{message}</span>
          <span className="font-semibold tabular-nums">
            {t("percent", { percent: consultation.percent })}
          </span>
        </p>
        <ol className="mt-2 flex flex-col gap-2">
          {oracleSteps.map((step, index) => {
            const state = stateOf(index);
            return (
              <li key={step} className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={`h-3 w-3 shrink-0 rounded-full ${
                    state === "done"
                      ? "bg-emerald-600 dark:bg-emerald-400"
                      : state === "current"
                        ? "animate-pulse bg-violet-700 motion-reduce:animate-none dark:bg-moon-300"
                        : "border border-slate-400 dark:border-slate-500"
                  }`}
                />
                <span className={state === "waiting" ? mutedClass : bodyClass}>
                  {t(`names.${step}`)}
                  <span className="sr-only"> {t(`states.${state}`)}</span>
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </Panel>
  );
}

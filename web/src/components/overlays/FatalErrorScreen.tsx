import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageOf } from "../../lib/error-log";
import { Button, buttonClass } from "../ui/Button";
import { dialogTitleClass } from "../ui/dialog-styles";

const troubleshooting = ["refresh", "cache", "browser", "connection"] as const;

/** Spec section 2: what a reader sees when the app cannot recover by itself. */
export function FatalErrorScreen({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const message = error === undefined || error === null ? "" : errorMessageOf(error);
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white/90 p-6 text-slate-800 shadow-xl dark:border-night-700 dark:bg-night-900/90 dark:text-slate-100">
        <h1 ref={heading} tabIndex={-1} className={dialogTitleClass}>
          {t("errors.title")}
        </h1>
        <p className="mt-3">{t("errors.intro")}</p>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {troubleshooting.map((step) => (
            <li key={step}>{t(`errors.steps.${step}`)}</li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>
          {/* A full page load on purpose: the app's state is what failed. */}
          <a href="/" className={buttonClass("secondary")}>
            {t("errors.home")}
          </a>
        </div>
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">{t("errors.support")}</p>
        {message ? (
          <details className="mt-4 text-sm text-slate-600 dark:text-slate-300">
            <summary className="min-h-11 cursor-pointer py-2">{t("errors.details")}</summary>
            <pre className="overflow-x-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap dark:bg-night-950">
              {message}
            </pre>
          </details>
        ) : null}
      </div>
    </div>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { dismissUpdate, reloadToUpdate, useUpdateReady } from "./update";

/**
 * 'A new version is ready' with Reload: the new version takes over only when the user asks, never under
 * someone typing (and the dream draft is kept across the reload anyway).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const ready = useUpdateReady();
  const [reloading, setReloading] = useState(false);
  if (!ready) return null;
  return (
    <aside
      aria-labelledby="update-ready-title"
      className="fixed bottom-4 left-4 z-50 w-[calc(100vw-2rem)] max-w-sm rounded-2xl border border-slate-200 bg-white p-4 shadow-xl dark:border-night-700 dark:bg-night-900"
    >
      <p id="update-ready-title" role="status" className="font-semibold text-slate-900 dark:text-slate-100">
        {t("pwa.update.ready")}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t("pwa.update.hint")}</p>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" onClick={dismissUpdate} disabled={reloading}>
          {t("pwa.update.later")}
        </Button>
        <Button
          pending={reloading}
          onClick={() => {
            setReloading(true);
            void reloadToUpdate();
          }}
        >
          {t("pwa.update.reload")}
        </Button>
      </div>
    </aside>
  );
}

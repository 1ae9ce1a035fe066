import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogClose } from "../../components/ui/Dialog";

/** The browsers whose install command the dialog explains. */
const BROWSERS = ["ios", "android", "desktop", "mac", "firefox"] as const;

/** The install steps per browser, for browsers that offer no install dialog of their own (Safari on iOS). */
export default function InstallHelpDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog onClose={onClose} title={t("pwa.installHelp.title")} description={t("pwa.installHelp.intro")}>
      <dl className="mt-4 space-y-3">
        {BROWSERS.map((browser) => (
          <div key={browser}>
            <dt className="font-semibold text-slate-900 dark:text-slate-100">
              {t(`pwa.installHelp.${browser}.name`)}
            </dt>
            <dd className="text-slate-700 dark:text-slate-200">{t(`pwa.installHelp.${browser}.steps`)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button>{t("pwa.installHelp.close")}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

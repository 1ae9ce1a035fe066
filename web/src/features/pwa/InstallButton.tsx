import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/layout/icons";
import { desktopLinkClass, mobileLinkClass } from "../../components/layout/NavLink";
import { OptionalBoundary } from "../../components/overlays/OptionalBoundary";
import { needsManualInstall, promptInstall, useInstallState } from "./install";

const InstallHelpDialog = lazy(() => import("./InstallHelpDialog"));

const DownloadIcon = () => (
  <Icon size={18}>
    <path d="M12 4v11m0 0 4-4m-4 4-4-4M5 19h14" />
  </Icon>
);

/**
 * 'Install App' (spec section 2): shown when the browser offers installation (`beforeinstallprompt`) and
 * opening its dialog; on iPhone and iPad, where Safari has no such dialog, it opens the steps instead. Hidden
 * once the app is installed. `header` is the desktop header's button, `menu` the phone menu's row.
 */
export function InstallButton({ variant, onDone }: { variant: "header" | "menu"; onDone?(): void }) {
  const { t } = useTranslation();
  const { canPrompt, justInstalled } = useInstallState();
  const [manual] = useState(needsManualInstall);
  const [helpOpen, setHelpOpen] = useState(false);
  if (justInstalled || (!canPrompt && !manual && !helpOpen)) return null;

  const open = () => {
    if (canPrompt) void promptInstall();
    else setHelpOpen(true);
    onDone?.();
  };
  const button = (
    <button
      type="button"
      onClick={open}
      className={variant === "header" ? desktopLinkClass : mobileLinkClass}
    >
      <DownloadIcon />
      {t("pwa.install")}
    </button>
  );
  return (
    <>
      {variant === "header" ? <div className="hidden md:block">{button}</div> : button}
      {helpOpen ? (
        <OptionalBoundary fallback={null}>
          <Suspense fallback={null}>
            <InstallHelpDialog onClose={() => setHelpOpen(false)} />
          </Suspense>
        </OptionalBoundary>
      ) : null}
    </>
  );
}

import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { OptionalBoundary } from "../overlays/OptionalBoundary";

const loadAboutDialog = () => import("./AboutDialog");
const AboutDialog = lazy(loadAboutDialog);

const footerLinkClass =
  "inline-flex min-h-11 items-center rounded-lg px-2 text-sm text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline dark:text-slate-200 dark:hover:text-white";

const footerLinks = [
  { href: "/terms-of-service", labelKey: "footer.terms" },
  { href: "/privacy-policy", labelKey: "footer.privacy" },
  { href: "/help", labelKey: "footer.help" },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white/70 dark:border-night-700 dark:bg-night-950/70">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-slate-700 dark:text-slate-300">
        <nav aria-label={t("footer.label")}>
          <ul className="-mx-2 flex flex-wrap items-center gap-x-2">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={footerLinkClass}>
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
            <li>
              <AboutButton />
            </li>
          </ul>
        </nav>
        <p>{t("footer.attribution")}</p>
        <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

/** The dialog's code loads on first use (prefetched on hover or focus); focus returns to this button. */
function AboutButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadAboutDialog().catch(() => undefined);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={footerLinkClass}
        aria-haspopup="dialog"
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        {t("footer.about")}
      </button>
      {requested ? (
        <OptionalBoundary fallback={null}>
          <Suspense fallback={null}>
            <AboutDialog
              open={open}
              onOpenChange={setOpen}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                button.current?.focus();
              }}
            />
          </Suspense>
        </OptionalBoundary>
      ) : null}
    </>
  );
}

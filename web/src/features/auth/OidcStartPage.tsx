import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { AuthPageShell, StatusLine, textLinkClass } from "./AuthPageShell";

const STARTED_KEY = "oidcStartedAt";
/** If the app shows /auth again this soon after sending the browser there, something serves the app instead. */
const LOOP_GUARD_MS = 10_000;

/** /auth reached inside the app: hand the browser to the server, which starts the OpenID Connect flow. */
export default function OidcStartPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const target = `/auth${search ? `?${search}` : ""}`;
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const startedAt = Number(window.sessionStorage.getItem(STARTED_KEY) ?? 0);
    if (Date.now() - startedAt < LOOP_GUARD_MS) {
      // A full page load of /auth came back to the app (e.g. a cached shell): offer the link, do not loop.
      window.sessionStorage.removeItem(STARTED_KEY);
      setStuck(true);
      return;
    }
    window.sessionStorage.setItem(STARTED_KEY, String(Date.now()));
    window.location.replace(target);
  }, [target]);
  return (
    <AuthPageShell title={t("login.oidcStart.title")}>
      {stuck ? null : <StatusLine message={t("login.oidcStart.redirecting")} />}
      <p className="mt-4 text-slate-700 dark:text-slate-200">
        {t("login.oidcStart.notRedirected")}{" "}
        <a href={target} className={textLinkClass}>
          {t("login.oidcStart.continue")}
        </a>
      </p>
    </AuthPageShell>
  );
}

import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClass } from "../../components/ui/Button";
import { AuthPageShell } from "./AuthPageShell";

/** The server answers /callback itself; this page only shows when the app was routed here client-side. */
export default function OidcCallbackPage() {
  const { t } = useTranslation();
  return (
    <AuthPageShell title={t("login.oidcCallback.title")}>
      <p role="status" className="text-slate-800 dark:text-slate-100">
        {t("login.oidcCallback.status")}
      </p>
      <Link href="/login" className={buttonClass("primary", "mt-6 w-full")}>
        {t("login.oidcCallback.toLogin")}
      </Link>
    </AuthPageShell>
  );
}

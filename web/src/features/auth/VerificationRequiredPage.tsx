import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";
import { ResendVerification } from "./ResendVerification";

/** The route parameter arrives percent-encoded (`a%40b.com`); a malformed one is shown as is. */
function decodeParam(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export default function VerificationRequiredPage() {
  const { t } = useTranslation();
  const email = decodeParam(useParams<{ email?: string }>().email);
  return (
    <AuthPageShell
      title={t("verification.required.title")}
      footer={
        <Link href="/login" className={textLinkClass}>
          {t("verification.required.login")}
        </Link>
      }
    >
      <p className="text-slate-800 dark:text-slate-100">
        {email ? (
          <>
            {t("verification.required.sentTo")}{" "}
            <strong className="break-all font-semibold text-violet-800 dark:text-moon-300">{email}</strong>
          </>
        ) : (
          t("verification.required.sentNoEmail")
        )}
      </p>
      <p className="mt-3 text-slate-700 dark:text-slate-200">{t("verification.required.steps")}</p>
      <div className="mt-6">
        <ResendVerification email={email} />
      </div>
    </AuthPageShell>
  );
}

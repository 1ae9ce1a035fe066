import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { linkClass, mutedClass } from "../../../components/ui/page-styles";
import { DREAMS_NS } from "../../../lib/i18n";
import { useAuth } from "../../auth/auth-context";
import { FREE_TRANSLATIONS_PER_DAY } from "../constants";

/**
 * The free plan's allowance under the form: what is left today once a translation said so, else the daily limit
 * (the account's, or the plan's for a visitor); at the limit, the way to Premium. Nothing for premium accounts.
 */
export function AllowanceLine({
  remaining,
  limitReached,
}: {
  remaining: number | null;
  limitReached: boolean;
}) {
  const { t } = useTranslation(DREAMS_NS);
  const { user } = useAuth();
  if (user?.isPremium) return null;
  return (
    <>
      <p className={mutedClass}>
        {remaining !== null
          ? t("dreamInput.quota.remaining", { count: remaining })
          : t("dreamInput.quota.perDay", { count: user?.translationsLimit ?? FREE_TRANSLATIONS_PER_DAY })}
      </p>
      {limitReached || remaining === 0 ? (
        <p className="-mt-3 text-sm">
          <Link href="/subscribe" className={linkClass}>
            {t("dreamInput.quota.upgrade")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

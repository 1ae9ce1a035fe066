import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Dream } from "../../../../../contract/dreams";
import { Button } from "../../../components/ui/Button";
import { linkClass } from "../../../components/ui/page-styles";
import { toast } from "../../../components/ui/toast-store";
import { DREAMS_NS } from "../../../lib/i18n";
import { useAuth } from "../../auth/auth-context";
import { translationsLeft } from "../allowance";
import { useTranslateSavedDreamMutation } from "../api";
import { SparkIcon } from "../icons";
import { toastTranslationFailure } from "../translation-error";

/**
 * A dream kept without its symbols' meanings (saved without a translation on the free plan, decisions.md):
 * says so and offers to translate it, which counts one translation and stores the meanings with the receipt;
 * at the limit, the limit text and the way to Premium instead.
 */
export function TranslateDreamOffer({ dream }: { dream: Dream }) {
  const { t } = useTranslation(DREAMS_NS);
  const { user, refreshUser } = useAuth();
  const [limitReached, setLimitReached] = useState(false);
  const premium = user?.isPremium === true;

  const mutation = useTranslateSavedDreamMutation(
    dream,
    { userId: user?.id ?? null, isPremium: premium },
    {
      onSuccess: () => {
        toast({ title: t("journal.detail.translatedTitle"), description: t("journal.detail.translated") });
        void refreshUser();
      },
      onError: (error) => {
        if (toastTranslationFailure(error, t).limitReached) setLimitReached(true);
      },
    },
  );

  const atLimit = limitReached || (user !== null && translationsLeft(user) === 0);
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-lg border border-violet-300/70 bg-violet-50 p-3 text-sm text-slate-800 dark:border-moon-400/40 dark:bg-night-800 dark:text-slate-100">
      <p>{t("journal.detail.meaningsWithheld")}</p>
      {atLimit ? (
        <p>
          {t("dreamInput.errors.limit")}{" "}
          <Link href="/subscribe" className={linkClass}>
            {t("dreamInput.quota.upgrade")}
          </Link>
        </p>
      ) : (
        <div>
          <Button
            onClick={() => mutation.mutate()}
            pending={mutation.isPending}
            pendingLabel={t("dreamInput.translating")}
          >
            <SparkIcon />
            {t("journal.detail.translateThis")}
          </Button>
        </div>
      )}
    </div>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Dream } from "../../../../../contract/dreams";
import { Button } from "../../../components/ui/Button";
import { toast } from "../../../components/ui/toast-store";
import { DREAMS_NS } from "../../../lib/i18n";
import { useAuth } from "../../auth/auth-context";
import { isPremiumUser, translationsLeft } from "../allowance";
import { DREAMS_KEY, translateDream, updateDream } from "../dreams-api";
import { SparkIcon } from "../icons";
import { translationErrorMessage } from "../translation-error";
import { linkClass } from "../ui";

/**
 * A dream kept without its symbols' meanings (saved without a translation on the free plan, decisions.md):
 * says so and offers to translate it, which counts one translation and stores the meanings with the receipt;
 * at the limit, the limit text and the way to Premium instead.
 */
export function TranslateDreamOffer({ dream }: { dream: Dream }) {
  const { t } = useTranslation(DREAMS_NS);
  const { user, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [limitReached, setLimitReached] = useState(false);
  const premium = user ? isPremiumUser(user) : false;

  const mutation = useMutation({
    mutationFn: async () => {
      const answer = await translateDream({
        content: dream.content,
        userId: user?.id ?? null,
        isPremium: premium,
        category: dream.category,
      });
      return updateDream(dream.id, {
        translation: answer.translation,
        translationReceipt: answer.translationReceipt,
      });
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData([DREAMS_KEY, "detail", dream.id], updated);
      toast({ title: t("journal.detail.translatedTitle"), description: t("journal.detail.translated") });
      void refreshUser();
      await queryClient.invalidateQueries({ queryKey: [DREAMS_KEY], refetchType: "active" });
    },
    onError: (error) => {
      const choice = translationErrorMessage(error);
      if (choice.kind === "key" && choice.key === "dreamInput.errors.limit") setLimitReached(true);
      toast({
        title: t("dreamInput.toast.translationFailed"),
        description: choice.kind === "key" ? t(choice.key) : choice.message,
        variant: "destructive",
      });
    },
  });

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

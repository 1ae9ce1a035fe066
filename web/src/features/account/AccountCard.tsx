import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/ui/toast-store";

/** One settings area of the account page: a titled sub-section (h2) in a card. */
export function AccountCard({
  title,
  description,
  children,
  danger = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white/90 p-5 shadow-sm sm:p-6 dark:bg-night-900/80 ${
        danger ? "border-red-300 dark:border-red-400/50" : "border-slate-200 dark:border-night-700"
      }`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      {description ? <p className="mt-1 text-slate-700 dark:text-slate-200">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The account page's failure toast ("Something went wrong" and what failed). */
export function useErrorToast() {
  const { t } = useTranslation();
  return (description: string) =>
    toast({ title: t("account.toast.errorTitle"), description, variant: "destructive" });
}

import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { linkClass, mutedClass } from "../../../components/ui/page-styles";
import { DREAMS_NS } from "../../../lib/i18n";

/** Under the buttons: the progress bar while translating, the spoken status line, and the way to the saved dream. */
export function TranslationStatus({
  translating,
  announcement,
  savedId,
}: {
  translating: boolean;
  announcement: string;
  savedId: number | null;
}) {
  const { t } = useTranslation(DREAMS_NS);
  const statusId = useId();
  return (
    <>
      {translating ? (
        <progress
          aria-label={t("dreamInput.progress.label")}
          aria-describedby={statusId}
          className="h-2 w-full overflow-hidden rounded-full accent-violet-700 dark:accent-moon-300"
        />
      ) : null}
      <p id={statusId} role="status" className={mutedClass}>
        {announcement}
      </p>
      {savedId !== null ? (
        <p className="text-sm text-emerald-800 dark:text-emerald-300">
          <Link href={`/journal?dream=${savedId}`} className={linkClass}>
            {t("dreamInput.viewSaved")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

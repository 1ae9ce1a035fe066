import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClass } from "../../components/ui/Button";
import { DREAMS_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { DreamResult } from "./DreamResult";
import { useLastTranslation } from "./last-translation";
import { bodyClass, PageShell, Panel } from "./ui";

/** /interpretation: the latest translation of this browser session, or the way to make one. */
export default function InterpretationPage() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  useDocumentTitle(t("interpretation.documentTitle"));
  const result = useLastTranslation();
  const when = result ? new Date(result.translatedAt) : null;
  return (
    <PageShell
      title={t("interpretation.title")}
      lead={
        when && !Number.isNaN(when.getTime())
          ? t("interpretation.leadWithTime", {
              time: new Intl.DateTimeFormat(i18n.language, {
                dateStyle: "medium",
                timeStyle: "short",
              }).format(when),
            })
          : t("interpretation.lead")
      }
      actions={
        <>
          <Link href="/dream-input" className={buttonClass("secondary")}>
            {result ? t("interpretation.another") : t("interpretation.write")}
          </Link>
          <Link href="/journal" className={buttonClass("secondary")}>
            {t("dreamInput.openJournal")}
          </Link>
        </>
      }
    >
      {result ? (
        <DreamResult
          content={result.content}
          translation={result.translation}
          symbols={result.symbols}
          isPremiumTranslation={result.isPremiumTranslation}
        />
      ) : (
        <Panel title={t("interpretation.emptyTitle")}>
          <p className={bodyClass}>{t("interpretation.emptyBody")}</p>
          <Link href="/dream-input" className={`${buttonClass("primary")} mt-4`}>
            {t("interpretation.write")}
          </Link>
        </Panel>
      )}
    </PageShell>
  );
}

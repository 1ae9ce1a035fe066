import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell, Panel } from "../../components/ui/Page";
import { bodyClass } from "../../components/ui/page-styles";
import { DREAMS_NS } from "../../lib/i18n";
import { DreamResult } from "./DreamResult";
import { useLastTranslation } from "./last-translation";

/** A panel with a message and the way back to the dream page. */
function InterpretationNotice({ title, body, action }: { title: string; body: string; action: string }) {
  return (
    <Panel title={title}>
      <p className={bodyClass}>{body}</p>
      <div className="mt-4">
        <LinkButton href="/dream-input">{action}</LinkButton>
      </div>
    </Panel>
  );
}

function InterpretationFailed() {
  const { t } = useTranslation(DREAMS_NS);
  return (
    <InterpretationNotice
      title={t("interpretation.failedTitle")}
      body={t("interpretation.failedBody")}
      action={t("interpretation.another")}
    />
  );
}

/**
 * Spec section 8: a kept result that cannot be shown (e.g. written by an older version) fails here, with the spec's
 * texts, instead of taking the whole page down to the app's fatal screen.
 */
class InterpretationBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("[CHITTA] Interpretation failed:", error);
  }

  override render() {
    return this.state.failed ? <InterpretationFailed /> : this.props.children;
  }
}

/** /interpretation: the latest translation of this browser session, or the way to make one. */
export default function InterpretationPage() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const result = useLastTranslation();
  const when = result ? new Date(result.translatedAt) : null;
  return (
    <PageShell
      title={t("interpretation.title")}
      documentTitle={t("interpretation.documentTitle")}
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
          <LinkButton href="/dream-input" variant="secondary">
            {result ? t("interpretation.another") : t("interpretation.write")}
          </LinkButton>
          <LinkButton href="/journal" variant="secondary">
            {t("dreamInput.openJournal")}
          </LinkButton>
        </>
      }
    >
      {result ? (
        <InterpretationBoundary key={result.translatedAt}>
          <DreamResult dream={result} />
        </InterpretationBoundary>
      ) : (
        <InterpretationNotice
          title={t("interpretation.emptyTitle")}
          body={t("interpretation.emptyBody")}
          action={t("interpretation.write")}
        />
      )}
    </PageShell>
  );
}

import { type ReactNode, type Ref, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RecognizedSymbol } from "../../../../contract/dreams";
import { Badge } from "../../components/ui/Badge";
import { Panel } from "../../components/ui/Page";
import { DREAMS_NS } from "../../lib/i18n";
import { HighlightedDream } from "./HighlightedDream";
import { SymbolList } from "./SymbolList";
import { TranslationText } from "./TranslationText";

/** Longer dreams would not fit on screen beside the list, so they scroll with the page. */
const STICKY_MAX_LENGTH = 1200;

/** What a translated dream shows: a translation of this session, or a dream of the journal. */
export interface DreamReading {
  content: string;
  translation: string | null;
  symbols: readonly RecognizedSymbol[];
  isPremiumTranslation: boolean;
}

/**
 * A translated dream: the translation text, the dream with its evidence marked, and the symbol list; the
 * list and the marks are linked (a symbol in focus lights up its words).
 */
export function DreamResult({
  reading,
  headingRef,
  notice,
  actions,
}: {
  reading: DreamReading;
  headingRef?: Ref<HTMLHeadingElement>;
  notice?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation(DREAMS_NS);
  const { content, translation, symbols, isPremiumTranslation } = reading;
  const [activeKey, setActiveKey] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <Panel
        title={t("result.translationTitle")}
        headingRef={headingRef}
        actions={isPremiumTranslation ? <Badge>{t("result.premium")}</Badge> : null}
      >
        {notice}
        {translation ? (
          <TranslationText text={translation} />
        ) : (
          <p className="text-slate-700 dark:text-slate-200">{t("result.noTranslation")}</p>
        )}
        {actions ? <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div> : null}
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        {/* On wide screens a dream that fits on screen stays in view while the symbol list scrolls past. */}
        <Panel
          title={t("result.dreamTitle")}
          description={t("result.dreamHint")}
          className={content.length <= STICKY_MAX_LENGTH ? "lg:sticky lg:top-32 lg:self-start" : ""}
        >
          <HighlightedDream text={content} symbols={symbols} activeKey={activeKey} />
        </Panel>
        <Panel title={t("result.symbolsTitle", { count: symbols.length })}>
          <SymbolList symbols={symbols} activeKey={activeKey} onActiveChange={setActiveKey} />
        </Panel>
      </div>
    </div>
  );
}

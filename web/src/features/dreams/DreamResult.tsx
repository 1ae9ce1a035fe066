import { type ReactNode, type Ref, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RecognizedSymbol } from "../../../../contract/dreams";
import { DREAMS_NS } from "../../lib/i18n";
import { HighlightedDream } from "./HighlightedDream";
import { SymbolList } from "./SymbolList";
import { TranslationText } from "./TranslationText";
import { badgeClass, Panel } from "./ui";

/** Longer dreams would not fit on screen beside the list, so they scroll with the page. */
const STICKY_MAX_LENGTH = 1200;

/**
 * A translated dream: the translation text, the dream with its evidence marked, and the symbol list; the
 * list and the marks are linked (a symbol in focus lights up its words).
 */
export function DreamResult({
  content,
  translation,
  symbols,
  isPremiumTranslation,
  headingRef,
  notice,
  actions,
}: {
  content: string;
  translation: string | null;
  symbols: readonly RecognizedSymbol[];
  isPremiumTranslation: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  notice?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation(DREAMS_NS);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <Panel
        title={t("result.translationTitle")}
        headingRef={headingRef}
        actions={isPremiumTranslation ? <span className={badgeClass}>{t("result.premium")}</span> : null}
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

import { type ReactNode, type Ref, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RecognizedSymbol } from "../../../../contract/dreams";
import type { ReadingInfo } from "../../../../contract/reading";
import { Badge } from "../../components/ui/Badge";
import { Panel } from "../../components/ui/Page";
import { DREAMS_NS } from "../../lib/i18n";
import { CareNote } from "./CareNote";
import { FeelingsLine } from "./FeelingsLine";
import { HighlightedDream } from "./HighlightedDream";
import { ReadingLengthToggle, useReadingLength } from "./ReadingLengthToggle";
import { centralFirst } from "./reading-info";
import { SymbolList } from "./SymbolList";
import { TranslationText } from "./TranslationText";

/** Longer dreams would not fit on screen beside the list, so they scroll with the page. */
const STICKY_MAX_LENGTH = 1200;

/** What a translated dream shows: a translation of this session, or a dream of the journal. */
export interface TranslatedDream {
  content: string;
  translation: string | null;
  symbols: readonly RecognizedSymbol[];
  isPremiumTranslation: boolean;
  /** Null for a dream kept before readings had it, or without a translation. */
  reading: ReadingInfo | null;
}

const NO_CENTRAL: readonly string[] = [];

/**
 * A translated dream: the feelings found, a care note when the dream touched something painful, the full or
 * short reading, the dream with its evidence marked, and the symbol list, the symbols that carry the dream
 * first; the list and the marks are linked (a symbol in focus lights up its words).
 */
export function DreamResult({
  dream,
  headingRef,
  notice,
  actions,
}: {
  dream: TranslatedDream;
  headingRef?: Ref<HTMLHeadingElement>;
  notice?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation(DREAMS_NS);
  const { content, translation, isPremiumTranslation, reading } = dream;
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [length, setLength] = useReadingLength();
  const central = reading?.central ?? NO_CENTRAL;
  const { symbols, centralKeys } = useMemo(
    () => centralFirst(dream.symbols, central),
    [dream.symbols, central],
  );
  const canShorten = Boolean(translation && reading?.short);
  const shown = canShorten && length === "short" ? reading?.short : translation;
  return (
    <div className="flex flex-col gap-6">
      <Panel
        title={t("result.translationTitle")}
        headingRef={headingRef}
        actions={isPremiumTranslation ? <Badge>{t("result.premium")}</Badge> : null}
      >
        {reading ? <FeelingsLine info={reading} /> : null}
        {notice}
        {reading && reading.care.length > 0 ? <CareNote care={reading.care} /> : null}
        {canShorten ? <ReadingLengthToggle value={length} onChange={setLength} /> : null}
        {shown ? (
          <TranslationText text={shown} />
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
          <SymbolList
            symbols={symbols}
            centralKeys={centralKeys}
            activeKey={activeKey}
            onActiveChange={setActiveKey}
          />
        </Panel>
      </div>
    </div>
  );
}

import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DREAMS_NS } from "../../lib/i18n";
import { type EvidenceSymbol, highlightSegments } from "./highlight";

/**
 * The dream text with each symbol's evidence marked. Each mark is followed by visually hidden text naming
 * its symbols, so screen readers hear which symbol the words revealed; the marks of `activeKey` stand out.
 */
export function HighlightedDream({
  text,
  symbols,
  activeKey = null,
  className = "",
}: {
  text: string;
  symbols: readonly EvidenceSymbol[];
  activeKey?: string | null;
  className?: string;
}) {
  const { t } = useTranslation(DREAMS_NS);
  const segments = useMemo(() => highlightSegments(text, symbols), [text, symbols]);
  const names = useMemo(() => new Map(symbols.map((symbol) => [symbol.key, symbol.name])), [symbols]);
  return (
    <p
      className={`whitespace-pre-wrap break-words leading-loose text-slate-800 dark:text-slate-100 ${className}`}
      data-testid="highlighted-dream"
    >
      {segments.map((segment) => {
        if (segment.keys.length === 0) return <span key={segment.start}>{segment.text}</span>;
        const label = segment.keys.map((key) => names.get(key) ?? key).join(", ");
        const active = activeKey !== null && segment.keys.includes(activeKey);
        return (
          <span key={segment.start}>
            <mark
              data-symbols={segment.keys.join(" ")}
              data-active={active || undefined}
              title={t("result.markTitle", { symbols: label })}
              className={`rounded px-0.5 transition-colors ${
                active
                  ? "bg-star-300 text-night-950 outline-2 outline-offset-1 outline-star-300"
                  : "bg-violet-200 text-night-950 dark:bg-moon-300/25 dark:text-slate-50 dark:underline dark:decoration-moon-300 dark:decoration-2 dark:underline-offset-4"
              }`}
            >
              {segment.text}
            </mark>
            <span className="sr-only"> {t("result.markHidden", { symbols: label })}</span>
          </span>
        );
      })}
    </p>
  );
}

import { useTranslation } from "react-i18next";
import type { RecognizedSymbol } from "../../../../contract/dreams";
import { Badge, Chip } from "../../components/ui/Badge";
import { bodyClass, h3Class, mutedClass } from "../../components/ui/page-styles";
import { DREAMS_NS } from "../../lib/i18n";

/** "animal" -> "Animal" / "Animal", through the locale; an unknown category is shown as it came. */
export function useSymbolCategoryLabel() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  return (category: string) => {
    const key = `symbolCategories.${category}`;
    return i18n.exists(key, { ns: DREAMS_NS }) ? t(key) : category;
  };
}

/** The distinct words of the dream that revealed a symbol, in the order they appear. */
export function triggerWords(symbol: RecognizedSymbol): string[] {
  const words: string[] = [];
  for (const evidence of [...symbol.evidence].sort((a, b) => a.start - b.start)) {
    const text = evidence.text.trim();
    if (text && !words.some((word) => word.toLocaleLowerCase() === text.toLocaleLowerCase()))
      words.push(text);
  }
  return words;
}

/**
 * The recognised symbols: name, whether it carries the dream, category, meaning and the words that triggered
 * each. Pointing at a symbol, or focusing its button, lights up its words in the dream text (`onActiveChange`).
 */
export function SymbolList({
  symbols,
  centralKeys,
  activeKey,
  onActiveChange,
}: {
  symbols: readonly RecognizedSymbol[];
  /** The symbols that carry the dream: each gets a "Central" badge. */
  centralKeys: ReadonlySet<string>;
  activeKey: string | null;
  onActiveChange(key: string | null): void;
}) {
  const { t } = useTranslation(DREAMS_NS);
  const categoryLabel = useSymbolCategoryLabel();
  if (symbols.length === 0) return <p className={bodyClass}>{t("result.noSymbols")}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {symbols.map((symbol) => {
        const words = triggerWords(symbol);
        const active = activeKey === symbol.key;
        return (
          <li
            key={symbol.key}
            onMouseEnter={() => onActiveChange(symbol.key)}
            onMouseLeave={() => onActiveChange(null)}
            className={`rounded-xl border p-4 transition-colors ${
              active
                ? "border-star-300 bg-violet-50 dark:bg-night-800"
                : "border-slate-200 dark:border-night-700"
            }`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <h3 className={h3Class}>{symbol.name}</h3>
              {centralKeys.has(symbol.key) ? <Badge tone="highlight">{t("result.central")}</Badge> : null}
              <Badge>{categoryLabel(symbol.category)}</Badge>
            </div>
            {/* Empty when the meanings were withheld (decisions.md, free tier). */}
            {symbol.description ? <p className={`mt-2 ${bodyClass}`}>{symbol.description}</p> : null}
            {symbol.details && symbol.details.length > 0 ? (
              <p className={`mt-1 ${mutedClass}`}>{symbol.details.join(" · ")}</p>
            ) : null}
            {words.length > 0 ? (
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <span className={mutedClass}>{t("result.triggeredBy")}</span>
                {words.map((word) => (
                  <Chip key={word} tone="outline">
                    {t("result.quoted", { word })}
                  </Chip>
                ))}
                <button
                  type="button"
                  aria-pressed={active}
                  onFocus={() => onActiveChange(symbol.key)}
                  onBlur={() => onActiveChange(null)}
                  onClick={() => onActiveChange(active ? null : symbol.key)}
                  className="ml-auto min-h-11 rounded-lg px-3 text-sm font-medium text-violet-800 underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-violet-700 dark:text-moon-300 dark:focus-visible:outline-moon-300"
                >
                  {t("result.showInDream", { symbol: symbol.name })}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

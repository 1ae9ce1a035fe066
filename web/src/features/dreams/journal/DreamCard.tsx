import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Dream } from "../../../../../contract/dreams";
import { Badge, Chip } from "../../../components/ui/Badge";
import { bodyClass, mutedClass } from "../../../components/ui/page-styles";
import { DREAMS_NS } from "../../../lib/i18n";
import { excerpt, formatDreamDate } from "../format";

const MAX_SYMBOLS_SHOWN = 5;

/** One dream in the journal list; its title opens the dream (/journal?dream=ID). */
export function DreamCard({ dream, headingLevel = 3 }: { dream: Dream; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const { t, i18n } = useTranslation(DREAMS_NS);
  const names = dream.recognizedSymbols.map((symbol) => symbol.name);
  const shown = names.slice(0, MAX_SYMBOLS_SHOWN);
  return (
    <article className="relative rounded-2xl border border-slate-200 bg-white/90 p-5 shadow-sm transition-colors focus-within:border-violet-500 hover:border-violet-400 dark:border-night-700 dark:bg-night-900/80 dark:focus-within:border-moon-300 dark:hover:border-moon-400">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className="text-base font-semibold text-slate-900 dark:text-slate-50">
          <Link
            href={`/journal?dream=${dream.id}`}
            className="rounded underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-violet-700 dark:focus-visible:outline-moon-300"
          >
            {dream.title}
          </Link>
        </Heading>
        <time dateTime={dream.createdAt} className={mutedClass}>
          {formatDreamDate(dream.createdAt, i18n.language)}
        </time>
      </div>
      <p className={`mt-2 ${bodyClass}`}>{excerpt(dream.content)}</p>
      {dream.category || dream.tags.length > 0 || shown.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {dream.category ? <Badge>{t(`categories.${dream.category}`)}</Badge> : null}
          {dream.tags.map((tag) => (
            <Chip key={tag}>{t("journal.card.tag", { tag })}</Chip>
          ))}
          {shown.length > 0 ? (
            <span className={mutedClass}>
              {names.length > shown.length
                ? t("journal.card.symbolsMore", {
                    symbols: shown.join(", "),
                    count: names.length - shown.length,
                  })
                : t("journal.card.symbols", { symbols: shown.join(", ") })}
            </span>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

import { useTranslation } from "react-i18next";
import { LoadMore as SharedLoadMore } from "../../components/ui/LoadMore";
import { mutedClass } from "../../components/ui/page-styles";
import { AFFILIATES_NS } from "../../lib/i18n";

/** A row of labelled figures (counts, amounts): each label names the figure under it. */
export function Figures({ items }: { items: [label: string, value: string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-1">
          <dt className={mutedClass}>{label}</dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-slate-50">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The shared "Load more" with the affiliate pages' labels. */
export function LoadMore({ query }: { query: Parameters<typeof SharedLoadMore>[0]["query"] }) {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.list" });
  return (
    <SharedLoadMore
      query={query}
      labels={{ more: t("loadMore"), loading: t("loadingMore"), failed: t("moreFailed") }}
    />
  );
}

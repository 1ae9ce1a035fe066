import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
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

/** A cursor list's "Load more", with the failure of a next page said where the button is. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; isError: boolean; fetchNextPage(): unknown };
}) {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.list" });
  return (
    <>
      {query.isError ? <p role="alert">{t("moreFailed")}</p> : null}
      {query.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            pending={query.isFetchingNextPage}
            pendingLabel={t("loadingMore")}
            onClick={() => void query.fetchNextPage()}
          >
            {t("loadMore")}
          </Button>
        </div>
      ) : null}
    </>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { AdminSymbol } from "../../../../contract/symbols";
import { Badge } from "../../components/ui/Badge";
import { Button, buttonClass, Spinner } from "../../components/ui/Button";
import { ConfirmDeleteDialog } from "../../components/ui/ConfirmDialog";
import { EditDialog } from "../../components/ui/Dialog";
import { PageShell, Panel, TableHead } from "../../components/ui/Page";
import { mutedClass, tableClass, tdClass } from "../../components/ui/page-styles";
import { SelectField } from "../../components/ui/SelectField";
import { Skeleton, TABLE_SKELETON } from "../../components/ui/Status";
import { TextField } from "../../components/ui/TextField";
import { DREAMS_NS } from "../../lib/i18n";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useSymbolCategoryLabel } from "../dreams/SymbolList";
import { AdminSymbolForm } from "./AdminSymbolForm";
import {
  ADMIN_PAGE_SIZE,
  ADMIN_SYMBOLS_KEY,
  deleteAdminSymbol,
  SYMBOL_CATEGORIES,
  useAdminSymbolsQuery,
} from "./api";
import { MissingSymbolsQueue } from "./MissingSymbolsQueue";

/** /admin/symbol-management: the lexicon (search, pages, create, edit, delete) and the missing-symbol queue. */
export default function SymbolManagementPage() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const categoryLabel = useSymbolCategoryLabel();
  const [q, setQ] = useState("");
  const [category, setCategory] = useState("");
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<AdminSymbol | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminSymbol | null>(null);
  const typed = useDebouncedValue(q, 300);
  const query = useAdminSymbolsQuery({ q: typed, category, offset }, { keepPrevious: true });

  const symbols = query.data?.symbols ?? [];
  const total = query.data?.total ?? 0;
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <PageShell
      title={t("admin.title")}
      documentTitle={t("admin.documentTitle")}
      lead={t("admin.lead")}
      actions={
        <>
          <Button onClick={() => setEditing("new")}>{t("admin.newSymbol")}</Button>
          <Link href="/debug-symbols" className={buttonClass("secondary")}>
            {t("admin.debugLink")}
          </Link>
        </>
      }
    >
      <Panel title={t("admin.lexiconTitle")}>
        <search aria-label={t("admin.searchRegion")} className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField
            type="search"
            label={t("admin.search")}
            description={t("admin.searchHint")}
            autoComplete="off"
            spellCheck={false}
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setOffset(0);
            }}
          />
          <SelectField
            label={t("admin.form.category")}
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setOffset(0);
            }}
          >
            <option value="">{t("admin.anyCategory")}</option>
            {SYMBOL_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {categoryLabel(value)}
              </option>
            ))}
          </SelectField>
        </search>
        <p role="status" className={`mt-4 ${mutedClass}`}>
          {query.isFetching ? (
            <span className="inline-flex items-center gap-2">
              <Spinner /> {t("journal.loading")}
            </span>
          ) : query.isError ? (
            t("admin.loadFailed")
          ) : total === 0 ? (
            t("admin.noSymbols")
          ) : (
            t("admin.showing", {
              from: number.format(offset + 1),
              to: number.format(Math.min(offset + symbols.length, total)),
              total: number.format(total),
            })
          )}
        </p>
        {query.isPending ? (
          <div className="mt-3">
            <Skeleton {...TABLE_SKELETON} />
          </div>
        ) : null}
        {symbols.length > 0 ? (
          <div className="mt-3 overflow-x-auto">
            <table className={tableClass} aria-busy={query.isFetching}>
              <caption className="sr-only">{t("admin.table.caption")}</caption>
              <TableHead
                columns={[
                  t("admin.table.symbol"),
                  t("admin.form.category"),
                  t("admin.table.variations"),
                  t("admin.table.actions"),
                ]}
              />
              <tbody>
                {symbols.map((symbol) => (
                  <tr key={symbol.id}>
                    <td className={tdClass}>
                      <div className="font-medium">
                        <span lang="en">{symbol.name}</span>
                        {symbol.nameEs ? (
                          <span className={mutedClass} lang="es">
                            {" "}
                            · {symbol.nameEs}
                          </span>
                        ) : null}
                      </div>
                      <div className={`${mutedClass} font-mono`}>{symbol.key}</div>
                      <div className="mt-1 flex flex-wrap gap-1">
                        {symbol.builtIn ? <Badge>{t("admin.table.builtIn")}</Badge> : null}
                        {symbol.isVital ? <Badge>{t("admin.table.vital")}</Badge> : null}
                        {symbol.isCommon ? <Badge>{t("admin.table.common")}</Badge> : null}
                      </div>
                    </td>
                    <td className={tdClass}>{categoryLabel(symbol.category)}</td>
                    <td className={tdClass}>
                      {t("admin.table.variationCount", {
                        en: symbol.variations.length,
                        es: symbol.variationsEs.length,
                      })}
                    </td>
                    <td className={tdClass}>
                      <div className="flex flex-wrap gap-2">
                        <Button variant="secondary" onClick={() => setEditing(symbol)}>
                          {t("admin.table.edit")}
                          <span className="sr-only"> {t("admin.forItem", { name: symbol.name })}</span>
                        </Button>
                        {symbol.builtIn ? null : (
                          <Button variant="ghost" onClick={() => setDeleting(symbol)}>
                            {t("admin.table.delete")}
                            <span className="sr-only"> {t("admin.forItem", { name: symbol.name })}</span>
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {total > ADMIN_PAGE_SIZE ? (
          <nav aria-label={t("admin.pagination")} className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              disabled={offset === 0 || query.isFetching}
              onClick={() => setOffset(Math.max(0, offset - ADMIN_PAGE_SIZE))}
            >
              {t("admin.previous")}
            </Button>
            <Button
              variant="secondary"
              disabled={offset + ADMIN_PAGE_SIZE >= total || query.isFetching}
              onClick={() => setOffset(offset + ADMIN_PAGE_SIZE)}
            >
              {t("admin.next")}
            </Button>
          </nav>
        ) : null}
      </Panel>
      <Panel title={t("admin.missing.title")} description={t("admin.missing.intro")}>
        <MissingSymbolsQueue />
      </Panel>
      <EditDialog
        editing={editing}
        onClose={() => setEditing(null)}
        title={(symbol) =>
          symbol ? t("admin.form.editTitle", { name: symbol.name }) : t("admin.form.createTitle")
        }
        size="lg"
      >
        {(symbol) => <AdminSymbolForm symbol={symbol} onDone={() => setEditing(null)} />}
      </EditDialog>
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={deleteAdminSymbol}
        listKey={ADMIN_SYMBOLS_KEY}
        ns={DREAMS_NS}
        keyPrefix="admin"
      />
    </PageShell>
  );
}

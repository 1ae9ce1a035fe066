import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Spinner } from "../../components/ui/Button";
import { Dialog, FormDialogActions } from "../../components/ui/Dialog";
import { errorMessageOf } from "../../components/ui/form/server-errors";
import { TableHead } from "../../components/ui/Page";
import { mutedClass, tableClass, tdClass } from "../../components/ui/page-styles";
import { SelectField } from "../../components/ui/SelectField";
import { ListStatus, TABLE_SKELETON } from "../../components/ui/Status";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { DREAMS_NS } from "../../lib/i18n";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { formatDreamDate } from "../dreams/format";
import {
  MISSING_STATUSES,
  type MissingStatus,
  type MissingSymbol,
  useAdminSymbolsQuery,
  useMissingSymbolsQuery,
  useProcessMissingSymbolMutation,
} from "./api";

/** Pick the lexicon symbol a reported word belongs to, by searching for it. */
function AddToSymbolDialog({ report, onClose }: { report: MissingSymbol; onClose(): void }) {
  const { t } = useTranslation(DREAMS_NS);
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState<number | null>(null);
  const typed = useDebouncedValue(q, 300);
  const groupName = useId();
  const results = useAdminSymbolsQuery(
    { q: typed, category: "", offset: 0, limit: 10 },
    { enabled: typed.trim().length > 0 },
  );
  const mutation = useProcessMissingSymbolMutation({
    onSuccess: () => {
      toast({
        title: t("admin.missing.addedTitle"),
        description: t("admin.missing.added", { word: report.symbol }),
      });
      onClose();
    },
    onError: (error) =>
      toast({
        title: t("admin.toast.errorTitle"),
        description: errorMessageOf(error, t("admin.missing.failed")),
        variant: "destructive",
      }),
  });
  const symbols = results.data?.symbols ?? [];

  return (
    <Dialog
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t("admin.missing.addTitle")}
      description={t("admin.missing.addIntro", { word: report.symbol })}
    >
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen !== null) mutation.mutate({ id: report.id, action: "add", symbolId: chosen });
        }}
      >
        <TextField
          type="search"
          label={t("admin.missing.searchLabel")}
          autoComplete="off"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setChosen(null);
          }}
        />
        <div role="status" className={mutedClass}>
          {results.isFetching ? (
            <span className="inline-flex items-center gap-2">
              <Spinner /> {t("journal.loading")}
            </span>
          ) : typed.trim() && symbols.length === 0 ? (
            t("admin.missing.noMatches")
          ) : null}
        </div>
        {symbols.length > 0 ? (
          <fieldset className="flex flex-col gap-1">
            <legend className="sr-only">{t("admin.missing.chooseSymbol")}</legend>
            {symbols.map((symbol) => (
              <label
                key={symbol.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-100 dark:hover:bg-night-800"
              >
                <input
                  type="radio"
                  name={groupName}
                  value={symbol.id}
                  checked={chosen === symbol.id}
                  onChange={() => setChosen(symbol.id)}
                  className="h-4 w-4 accent-violet-700 dark:accent-moon-300"
                />
                <span>
                  <span className="font-medium">{symbol.name}</span>
                  {symbol.nameEs ? <span className={mutedClass}> · {symbol.nameEs}</span> : null}
                  <span className={`${mutedClass} ml-1 font-mono`}>({symbol.key})</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <FormDialogActions pending={mutation.isPending} disabled={chosen === null}>
          {t("admin.missing.confirmAdd")}
        </FormDialogActions>
      </form>
    </Dialog>
  );
}

/** The words users reported as missing, most reported first: add each to a symbol, or dismiss it. */
export function MissingSymbolsQueue() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const [status, setStatus] = useState<MissingStatus>("pending");
  const [adding, setAdding] = useState<MissingSymbol | null>(null);
  const query = useMissingSymbolsQuery(status);
  const dismiss = useProcessMissingSymbolMutation({
    onSuccess: (report) =>
      toast({
        title: t("admin.missing.dismissedTitle"),
        description: t("admin.missing.dismissed", { word: report.symbol }),
      }),
    onError: (error) =>
      toast({
        title: t("admin.toast.errorTitle"),
        description: errorMessageOf(error, t("admin.missing.failed")),
        variant: "destructive",
      }),
  });
  const reports = query.data ?? [];

  return (
    <div className="flex flex-col gap-4">
      <SelectField
        className="sm:max-w-xs"
        label={t("admin.missing.status")}
        value={status}
        onChange={(event) => setStatus(event.target.value as MissingStatus)}
      >
        {MISSING_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`admin.missing.statuses.${value}`)}
          </option>
        ))}
      </SelectField>
      <ListStatus
        query={query}
        loadFailed={t("admin.loadFailed")}
        empty={t("admin.missing.empty")}
        skeleton={TABLE_SKELETON}
      >
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">{t("admin.missing.caption")}</caption>
            <TableHead
              columns={[
                t("admin.missing.word"),
                t("admin.missing.reports"),
                t("admin.missing.lastReported"),
                ...(status === "pending" ? [t("admin.table.actions")] : []),
              ]}
            />
            <tbody>
              {reports.map((report) => (
                <tr key={report.id}>
                  <td className={`${tdClass} font-medium`}>{report.symbol}</td>
                  <td className={tdClass}>{report.count}</td>
                  <td className={tdClass}>{formatDreamDate(report.lastReported, i18n.language)}</td>
                  {status === "pending" ? (
                    <td className={tdClass}>
                      <div className="flex flex-wrap gap-2">
                        <Button variant="secondary" onClick={() => setAdding(report)}>
                          {t("admin.missing.add")}
                          <span className="sr-only"> {t("admin.forItem", { name: report.symbol })}</span>
                        </Button>
                        <Button
                          variant="ghost"
                          pending={dismiss.isPending && dismiss.variables?.id === report.id}
                          onClick={() => dismiss.mutate({ id: report.id, action: "dismiss" })}
                        >
                          {t("admin.missing.dismiss")}
                          <span className="sr-only"> {t("admin.forItem", { name: report.symbol })}</span>
                        </Button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStatus>
      {adding ? <AddToSymbolDialog report={adding} onClose={() => setAdding(null)} /> : null}
    </div>
  );
}

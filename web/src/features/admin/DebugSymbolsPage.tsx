import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { dropReasons } from "../../../../contract/constants";
import { badgeClass } from "../../components/ui/Badge";
import { Button, buttonClass } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { errorMessageOf } from "../../components/ui/form/server-errors";
import { PageShell, Panel, TableHead } from "../../components/ui/Page";
import { bodyClass, mutedClass, tableClass, tdClass } from "../../components/ui/page-styles";
import { TextAreaField } from "../../components/ui/TextAreaField";
import { DREAMS_NS } from "../../lib/i18n";
import { HighlightedDream } from "../dreams/HighlightedDream";
import { type DebugTrace, useDebugSymbolsMutation } from "./api";

const MAX_TEXT = 5000;
const REASONS: readonly string[] = dropReasons;

/** /debug-symbols (admins): the matcher's trace for a text, every candidate kept or dropped and why. */
export default function DebugSymbolsPage() {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [ran, setRan] = useState<{ text: string; trace: DebugTrace } | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const mutation = useDebugSymbolsMutation({ onSuccess: (trace, value) => setRan({ text: value, trace }) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!text.trim()) {
      setError(t("debug.required"));
      textRef.current?.focus();
      return;
    }
    if (text.length > MAX_TEXT) {
      setError(t("debug.tooLong", { max: MAX_TEXT }));
      textRef.current?.focus();
      return;
    }
    mutation.mutate(text);
  }

  const reasonLabel = (reason?: string) =>
    reason ? (REASONS.includes(reason) ? t(`debug.reasons.${reason}`) : reason) : "";
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const result = ran?.trace;

  return (
    <PageShell
      title={t("debug.title")}
      documentTitle={t("debug.documentTitle")}
      lead={t("debug.lead")}
      actions={
        <Link href="/admin/symbol-management" className={buttonClass("secondary")}>
          {t("debug.manageLink")}
        </Link>
      }
    >
      <Panel title={t("debug.inputTitle")}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextAreaField
            ref={textRef}
            label={t("debug.textLabel")}
            description={t("debug.textHint", { max: MAX_TEXT })}
            name="text"
            rows={6}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            error={error}
          />
          <FormError message={mutation.isError ? errorMessageOf(mutation.error, t("debug.failed")) : null} />
          <div>
            <Button type="submit" pending={mutation.isPending} pendingLabel={t("debug.running")}>
              {t("debug.run")}
            </Button>
          </div>
        </form>
      </Panel>
      {result && ran ? (
        <>
          <Panel title={t("debug.summaryTitle")}>
            <dl className="grid gap-3 sm:grid-cols-3">
              <div>
                <dt className={mutedClass}>{t("debug.language")}</dt>
                <dd className="text-lg font-semibold">{t(`debug.languages.${result.language}`)}</dd>
              </div>
              <div>
                <dt className={mutedClass}>{t("debug.elapsed")}</dt>
                <dd className="text-lg font-semibold">
                  {t("debug.milliseconds", { value: number.format(result.elapsedMs) })}
                </dd>
              </div>
              <div>
                <dt className={mutedClass}>{t("debug.found")}</dt>
                <dd className="text-lg font-semibold">
                  {t("debug.foundCount", {
                    count: result.symbols.length,
                    candidates: result.trace.length,
                  })}
                </dd>
              </div>
            </dl>
            <div className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-night-700">
              <HighlightedDream text={ran.text} symbols={result.symbols} />
            </div>
          </Panel>
          <Panel title={t("debug.traceTitle")}>
            {result.trace.length === 0 ? (
              <p className={bodyClass}>{t("debug.noCandidates")}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className={tableClass}>
                  <caption className="sr-only">{t("debug.traceTitle")}</caption>
                  <TableHead
                    columns={[
                      t("debug.columns.term"),
                      t("debug.columns.words"),
                      t("debug.columns.key"),
                      t("debug.columns.position"),
                      t("debug.columns.result"),
                      t("debug.columns.reason"),
                      t("debug.columns.byKey"),
                    ]}
                  />
                  <tbody>
                    {result.trace.map((entry) => (
                      <tr
                        key={`${entry.key}-${entry.term}-${entry.start}-${entry.end}-${String(entry.kept)}`}
                      >
                        <td className={`${tdClass} font-mono`}>{entry.term}</td>
                        <td className={tdClass}>{entry.text}</td>
                        <td className={`${tdClass} font-mono`}>{entry.key}</td>
                        <td className={`${tdClass} whitespace-nowrap`}>
                          {t("debug.range", { start: entry.start, end: entry.end })}
                        </td>
                        <td className={tdClass}>
                          <span
                            className={
                              entry.kept
                                ? badgeClass
                                : "inline-flex items-center rounded-full border border-red-300 bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-800 dark:border-red-400/50 dark:bg-red-950/60 dark:text-red-100"
                            }
                          >
                            {entry.kept ? t("debug.kept") : t("debug.dropped")}
                          </span>
                        </td>
                        <td className={tdClass}>{reasonLabel(entry.reason)}</td>
                        <td className={`${tdClass} font-mono`}>{entry.byKey ?? ""}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
        </>
      ) : null}
    </PageShell>
  );
}

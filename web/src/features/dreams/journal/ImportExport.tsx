import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { JournalExport } from "../../../../../contract/dreams";
import { Button, buttonClass } from "../../../components/ui/Button";
import { FormError } from "../../../components/ui/FormError";
import { errorMessageOf, fieldIssuesOf } from "../../../components/ui/form/server-errors";
import { Panel } from "../../../components/ui/Page";
import { mutedClass } from "../../../components/ui/page-styles";
import { toast } from "../../../components/ui/toast-store";
import { DREAMS_NS } from "../../../lib/i18n";
import { DREAMS_KEY, exportUrl, useImportJournalMutation, useImportProgressQuery } from "../api";

/** How often a running import's progress is asked for. */
const POLL_MS = 1000;

/** The file's journal, if it looks like a CHITTA export (the server checks every field). */
export function parseJournalFile(text: string): JournalExport | null {
  try {
    const value = JSON.parse(text) as Partial<JournalExport> | null;
    if (
      !value ||
      typeof value !== "object" ||
      value.format !== "chitta-journal" ||
      !Array.isArray(value.dreams)
    )
      return null;
    return value as JournalExport;
  } catch {
    return null;
  }
}

/**
 * Download the journal (JSON to re-import, Markdown to read) and import a JSON export: the server checks the
 * file at once (its problems are listed here), then imports it in the background while a bar shows how far.
 */
export function ImportExport() {
  const { t } = useTranslation(DREAMS_NS);
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [importId, setImportId] = useState<number | null>(null);
  const mutation = useImportJournalMutation({
    onSuccess: (answer) => setImportId(answer.importId),
    onError: (error) =>
      toast({
        title: t("journal.transfer.importFailedTitle"),
        description: errorMessageOf(error, t("journal.transfer.importFailed")),
        variant: "destructive",
      }),
  });
  const progress = useImportProgressQuery(importId, POLL_MS);

  const current = importId !== null && progress.data?.id === importId ? progress.data : undefined;
  const finished = current && current.status !== "running" ? current : undefined;
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!finished || announced.current === finished.id) return;
    announced.current = finished.id;
    toast(
      finished.status === "done"
        ? { title: t("journal.transfer.importedTitle"), description: finished.message }
        : {
            title: t("journal.transfer.importFailedTitle"),
            description: finished.message,
            variant: "destructive",
          },
    );
    // A failed import may have brought part of the file in.
    void queryClient.invalidateQueries({ queryKey: [DREAMS_KEY] });
  }, [finished, queryClient, t]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const journal = parseJournalFile(await file.text());
    if (!journal) {
      toast({
        title: t("journal.transfer.importFailedTitle"),
        description: t("journal.transfer.notAJournal"),
        variant: "destructive",
      });
      return;
    }
    setImportId(null);
    mutation.mutate(journal);
  }

  const running = mutation.isPending || (importId !== null && !finished);
  const issues = mutation.isError ? fieldIssuesOf(mutation.error) : [];
  const status = mutation.isPending
    ? t("journal.transfer.checking")
    : finished?.status === "failed"
      ? ""
      : (current?.message ?? mutation.data?.message ?? "");

  return (
    <Panel title={t("journal.transfer.title")} description={t("journal.transfer.intro")}>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a href={exportUrl("json")} download className={buttonClass("secondary")}>
          {t("journal.transfer.exportJson")}
        </a>
        <a href={exportUrl("markdown")} download className={buttonClass("secondary")}>
          {t("journal.transfer.exportMarkdown")}
        </a>
        <Button
          variant="secondary"
          pending={running}
          pendingLabel={t("journal.transfer.importing")}
          onClick={() => fileRef.current?.click()}
        >
          {t("journal.transfer.import")}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          className="hidden"
          tabIndex={-1}
          aria-label={t("journal.transfer.import")}
          data-testid="journal-import-file"
          onChange={(event) => void onFile(event)}
        />
      </div>
      {running ? (
        // Without a total yet (the file is being checked) the bar shows activity rather than a share.
        <progress
          aria-label={t("journal.transfer.progressLabel")}
          aria-describedby={statusId}
          value={current && current.total > 0 ? current.processed : undefined}
          max={current && current.total > 0 ? current.total : undefined}
          className="mt-4 h-2 w-full overflow-hidden rounded-full accent-violet-700 dark:accent-moon-300"
        />
      ) : null}
      <p id={statusId} role="status" className={`mt-3 ${mutedClass}`}>
        {status}
      </p>
      <FormError className="mt-2" message={finished?.status === "failed" ? finished.message : undefined} />
      {issues.length > 0 ? (
        <FormError
          className="mt-2"
          message={
            <>
              <p>{t("journal.transfer.fileProblems")}</p>
              <ul className="mt-1 list-disc pl-5" data-testid="journal-import-issues">
                {issues.map((issue, index) => (
                  // The server lists at most 20, and one field may come twice with different problems.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
                  <li key={index}>
                    {issue.path ? <code>{issue.path}</code> : null}
                    {issue.path ? ": " : null}
                    {issue.message}
                  </li>
                ))}
              </ul>
            </>
          }
        />
      ) : null}
    </Panel>
  );
}

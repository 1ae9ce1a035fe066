import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { JournalExport } from "../../../../../contract/dreams";
import { Button, buttonClass } from "../../../components/ui/Button";
import { toast } from "../../../components/ui/toast-store";
import { errorMessageOf } from "../../../lib/form-errors";
import { DREAMS_NS } from "../../../lib/i18n";
import { DREAMS_KEY, exportUrl, importJournal } from "../dreams-api";
import { Panel } from "../ui";

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

/** Download the journal (JSON to re-import, Markdown to read) and import a JSON export. */
export function ImportExport() {
  const { t } = useTranslation(DREAMS_NS);
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: importJournal,
    onSuccess: async (answer) => {
      toast({ title: t("journal.transfer.importedTitle"), description: answer.message });
      await queryClient.invalidateQueries({ queryKey: [DREAMS_KEY] });
    },
    onError: (error) =>
      toast({
        title: t("journal.transfer.importFailedTitle"),
        description: errorMessageOf(error, t("journal.transfer.importFailed")),
        variant: "destructive",
      }),
  });

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
    mutation.mutate(journal);
  }

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
          pending={mutation.isPending}
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
    </Panel>
  );
}

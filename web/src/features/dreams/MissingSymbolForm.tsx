import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "../../components/ui/FormError";
import { Form, FormTextField, SubmitRow, useForm } from "../../components/ui/form";
import { Panel } from "../../components/ui/Page";
import { toast } from "../../components/ui/toast-store";
import { DREAMS_NS } from "../../lib/i18n";
import { reportMissingSymbol } from "./api";

const MIN = 2;
const MAX = 80;

/** "Report a missing symbol": a word the engine should have recognised goes to the editors' queue. */
export function MissingSymbolForm() {
  const { t } = useTranslation(DREAMS_NS);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm({ defaultValues: { symbol: "" } });

  async function submit({ symbol }: { symbol: string }) {
    setNotice(null);
    const answer = await reportMissingSymbol(symbol.trim());
    form.reset();
    setNotice(answer.message);
    toast({ title: t("missing.toastTitle"), description: answer.message });
  }

  return (
    <Panel title={t("missing.title")} description={t("missing.intro")}>
      <Form
        form={form}
        onSubmit={submit}
        // One field: whatever goes wrong is said next to it.
        serverErrors={{ fallback: t("missing.failed"), rest: "symbol" }}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <FormTextField
          name="symbol"
          className="flex-1"
          label={t("missing.label")}
          autoComplete="off"
          maxLength={MAX}
          rules={{
            validate: (value: string) =>
              (value.trim().length >= MIN && value.trim().length <= MAX) ||
              t("missing.length", { min: MIN, max: MAX }),
          }}
        />
        <SubmitRow variant="secondary" pendingLabel={t("missing.sending")}>
          {t("missing.submit")}
        </SubmitRow>
      </Form>
      <FormNotice className="mt-3">{notice}</FormNotice>
    </Panel>
  );
}

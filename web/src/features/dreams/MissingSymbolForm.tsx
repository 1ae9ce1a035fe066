import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { FormNotice } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { errorMessageOf, fieldErrorsOf } from "../../lib/form-errors";
import { DREAMS_NS } from "../../lib/i18n";
import { reportMissingSymbol } from "./dreams-api";
import { Panel } from "./ui";

const MIN = 2;
const MAX = 80;

/** "Report a missing symbol": a word the engine should have recognised goes to the editors' queue. */
export function MissingSymbolForm() {
  const { t } = useTranslation(DREAMS_NS);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: (symbol: string) => reportMissingSymbol(symbol),
    onSuccess: (answer) => {
      setValue("");
      setNotice(answer.message);
      toast({ title: t("missing.toastTitle"), description: answer.message });
    },
    onError: (failure) => {
      const message =
        fieldErrorsOf(failure, ["symbol"] as const).symbol ?? errorMessageOf(failure, t("missing.failed"));
      setError(message);
      inputRef.current?.focus();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const symbol = value.trim();
    setNotice(null);
    if (symbol.length < MIN || symbol.length > MAX) {
      setError(t("missing.length", { min: MIN, max: MAX }));
      inputRef.current?.focus();
      return;
    }
    mutation.mutate(symbol);
  }

  return (
    <Panel title={t("missing.title")} description={t("missing.intro")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          ref={inputRef}
          className="flex-1"
          label={t("missing.label")}
          name="missingSymbol"
          autoComplete="off"
          value={value}
          maxLength={MAX}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          error={error}
        />
        <Button
          type="submit"
          variant="secondary"
          pending={mutation.isPending}
          pendingLabel={t("missing.sending")}
        >
          {t("missing.submit")}
        </Button>
      </form>
      <FormNotice className="mt-3">{notice}</FormNotice>
    </Panel>
  );
}

import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { BILLING_NS } from "../../lib/i18n";
import {
  cardDigits,
  groupCardNumber,
  isCardNumber,
  SANDBOX_CARDS,
  type SandboxCardKind,
} from "./billing-api";
import { ScrollTable, tdClass } from "./ui";

const CARD_ORDER: SandboxCardKind[] = ["succeeds", "declined", "needsRetry"];

/** The sandbox's test cards and what each does; choosing one fills the card field. */
export function TestCardsTable({ onPick }: { onPick(digits: string): void }) {
  const { t } = useTranslation(BILLING_NS);
  return (
    <ScrollTable
      label={t("sandboxCheckout.cards.title")}
      columns={[t("sandboxCheckout.cards.number"), t("sandboxCheckout.cards.result")]}
    >
      {CARD_ORDER.map((kind) => (
        <tr key={kind}>
          <td className={tdClass}>
            <button
              type="button"
              onClick={() => onPick(SANDBOX_CARDS[kind])}
              className="min-h-11 rounded-md px-2 py-1 text-left font-mono whitespace-nowrap text-violet-800 underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700 dark:text-moon-300 dark:focus-visible:outline-moon-300"
            >
              <span className="sr-only">{t("sandboxCheckout.cards.use")} </span>
              {groupCardNumber(SANDBOX_CARDS[kind])}
            </button>
          </td>
          <td className={tdClass}>{t(`sandboxCheckout.cards.results.${kind}`)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/**
 * The sandbox's card form: a card number field (spaces allowed, checked before sending), the submit button
 * with its busy state, an inline message (e.g. a processing error, announced) and the test cards below.
 */
export function SandboxCardForm({
  submitLabel,
  pendingLabel,
  pending,
  message,
  onSubmit,
}: {
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  pending: boolean;
  /** Shown above the button, role="alert"; the form stays for another try. */
  message?: string | null;
  onSubmit(cardNumber: string): void;
}) {
  const { t } = useTranslation(BILLING_NS);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = value.trim() === "" ? "required" : isCardNumber(value) ? null : "invalid";
    if (problem) {
      setError(t(`sandboxCheckout.card.${problem}`));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    onSubmit(cardDigits(value));
  }

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          ref={inputRef}
          label={t("sandboxCheckout.card.label")}
          description={t("sandboxCheckout.card.hint")}
          name="cardnumber"
          type="text"
          autoComplete="cc-number"
          inputMode="numeric"
          spellCheck={false}
          maxLength={23}
          placeholder={groupCardNumber(SANDBOX_CARDS.succeeds)}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          error={error}
          required
          className="max-w-sm"
        />
        <FormError message={message} />
        <div>
          <Button type="submit" pending={pending} pendingLabel={pendingLabel} className="w-full sm:w-auto">
            {submitLabel}
          </Button>
        </div>
      </form>
      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold text-slate-900 dark:text-slate-50">
          {t("sandboxCheckout.cards.title")}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("sandboxCheckout.cards.intro")}</p>
        <TestCardsTable
          onPick={(digits) => {
            setValue(groupCardNumber(digits));
            setError(null);
            inputRef.current?.focus();
          }}
        />
      </div>
    </div>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "../../components/ui/FormError";
import { Form, FormTextField, SubmitRow, useForm } from "../../components/ui/form";
import { ScrollTable } from "../../components/ui/Page";
import { tdClass } from "../../components/ui/page-styles";
import { BILLING_NS } from "../../lib/i18n";
import { cardDigits, groupCardNumber, isCardNumber, SANDBOX_CARDS, type SandboxCardKind } from "./api";

const CARD_ORDER: SandboxCardKind[] = [
  "succeeds",
  "succeedsMastercard",
  "succeedsDebit",
  "declined",
  "needsRetry",
];

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
  const form = useForm({ defaultValues: { cardnumber: "" } });

  return (
    <div className="flex flex-col gap-6">
      <Form form={form} pending={pending} onSubmit={({ cardnumber }) => onSubmit(cardDigits(cardnumber))}>
        <FormTextField
          name="cardnumber"
          label={t("sandboxCheckout.card.label")}
          description={t("sandboxCheckout.card.hint")}
          type="text"
          autoComplete="cc-number"
          inputMode="numeric"
          spellCheck={false}
          maxLength={23}
          placeholder={groupCardNumber(SANDBOX_CARDS.succeeds)}
          required
          className="max-w-sm"
          rules={{
            validate: (value: string) =>
              value.trim() === ""
                ? t("sandboxCheckout.card.required")
                : isCardNumber(value) || t("sandboxCheckout.card.invalid"),
          }}
        />
        <FormError message={message} />
        <SubmitRow pendingLabel={pendingLabel} buttonClassName="w-full sm:w-auto">
          {submitLabel}
        </SubmitRow>
      </Form>
      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold text-slate-900 dark:text-slate-50">
          {t("sandboxCheckout.cards.title")}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("sandboxCheckout.cards.intro")}</p>
        <TestCardsTable
          onPick={(digits) => {
            form.setValue("cardnumber", groupCardNumber(digits));
            form.clearErrors("cardnumber");
            form.setFocus("cardnumber");
          }}
        />
      </div>
    </div>
  );
}

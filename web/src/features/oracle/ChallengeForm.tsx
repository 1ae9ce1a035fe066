import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FREE_ORACLE_CONSULTATIONS, FREE_ORACLE_WINDOW_DAYS } from "../../../../contract/constants";
import type { Consultation } from "../../../../contract/oracle";
import { ORACLE_CHALLENGE_MAX, ORACLE_CHALLENGE_MIN } from "../../../../contract/oracle-constants";
import { FormError } from "../../components/ui/FormError";
import { Form, FormTextAreaField, SubmitRow, useForm } from "../../components/ui/form";
import { LinkButton } from "../../components/ui/LinkButton";
import { Panel } from "../../components/ui/Page";
import { mutedClass, warningClass } from "../../components/ui/page-styles";
import { isApiError } from "../../lib/api";
import { ORACLE_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { useCreateConsultationMutation } from "./api";

/** The server refused the consultation for the free allowance (branch on the reason, never on the text). */
export const isOracleLimit = (error: unknown) => isApiError(error) && error.reason === "ORACLE_LIMIT";

/** Spec section 8: 'Oracle access requires Premium upgrade', with the free allowance and the way to Premium. */
export function OracleLimitNotice() {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.limit" });
  const { user } = useAuth();
  return (
    <div role="alert" className={`flex flex-col items-start gap-3 ${warningClass}`}>
      <p className="font-semibold">{t("title")}</p>
      <p>
        {t("body", {
          count: user?.oracleLimit ?? FREE_ORACLE_CONSULTATIONS,
          days: FREE_ORACLE_WINDOW_DAYS,
        })}
      </p>
      <LinkButton href="/subscribe">{t("upgrade")}</LinkButton>
    </div>
  );
}

/** The challenge to bring to the oracle: at least ORACLE_CHALLENGE_MIN characters, counted as it is typed. */
export function ChallengeForm({ onCreated }: { onCreated(consultation: Consultation): void }) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.challenge" });
  const { user } = useAuth();
  const form = useForm<{ challenge: string }>({ defaultValues: { challenge: "" } });
  const [limitReached, setLimitReached] = useState(false);
  const mutation = useCreateConsultationMutation({ onSuccess: onCreated });

  return (
    <Panel title={t("title")}>
      <Form
        form={form}
        onSubmit={({ challenge }) => {
          setLimitReached(false);
          return mutation.mutateAsync({ challenge: challenge.trim() });
        }}
        serverErrors={{ fallback: t("failed") }}
        onServerError={(error) => setLimitReached(isOracleLimit(error))}
      >
        <FormTextAreaField
          name="challenge"
          label={t("label")}
          description={t("hint", { min: ORACLE_CHALLENGE_MIN })}
          placeholder={t("placeholder")}
          rows={6}
          min={ORACLE_CHALLENGE_MIN}
          max={ORACLE_CHALLENGE_MAX}
          rules={{
            validate: {
              min: (value: string) =>
                value.trim().length >= ORACLE_CHALLENGE_MIN || t("tooShort", { min: ORACLE_CHALLENGE_MIN }),
              max: (value: string) =>
                value.trim().length <= ORACLE_CHALLENGE_MAX || t("tooLong", { max: ORACLE_CHALLENGE_MAX }),
            },
          }}
        />
        {user?.isPremium ? null : (
          <p className={mutedClass}>
            {t("allowance", {
              count: user?.oracleLimit ?? FREE_ORACLE_CONSULTATIONS,
              days: FREE_ORACLE_WINDOW_DAYS,
            })}
          </p>
        )}
        <SubmitRow
          pendingLabel={t("asking")}
          renderError={(message) => (limitReached ? <OracleLimitNotice /> : <FormError message={message} />)}
        >
          {t("submit")}
        </SubmitRow>
      </Form>
    </Panel>
  );
}

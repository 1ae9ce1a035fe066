import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "../../components/ui/FormError";
import { errorMessageOf } from "../../components/ui/form";
import { SwitchField } from "../../components/ui/SwitchField";
import { ORACLE_NS } from "../../lib/i18n";
import { useRemindersQuery, useUpdateReminderMutation } from "../account/api";

/**
 * "Remind me on practice days": the oracle-practice reminder of the reminders engine, at its time (set in the
 * account's reminders). The server sends it only on a practice day with no entry yet.
 */
export function PracticeReminder() {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.reminder" });
  const query = useRemindersQuery();
  const [error, setError] = useState("");
  const mutation = useUpdateReminderMutation({
    onError: (failure) => setError(errorMessageOf(failure, t("failed"))),
  });
  const reminder = query.data?.reminders.find((candidate) => candidate.kind === "oracle-practice");
  if (!reminder) return null;
  // The switch follows the choice at once; the server's answer (refetched) confirms or a failure restores it.
  const enabled = mutation.isPending ? mutation.variables.enabled : reminder.enabled;
  return (
    <div>
      <SwitchField
        label={t("label")}
        description={t("hint", { time: reminder.localTime })}
        checked={enabled}
        onCheckedChange={(next) => {
          setError("");
          mutation.mutate({ kind: reminder.kind, enabled: next, localTime: reminder.localTime });
        }}
      />
      <FormError message={error} />
    </div>
  );
}

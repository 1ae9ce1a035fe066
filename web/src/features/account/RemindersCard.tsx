import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import type { QuietHours, Reminder, ReminderKind } from "../../../../contract/reminders";
import { Button } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { descriptionClass, labelClass } from "../../components/ui/field-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { SwitchField } from "../../components/ui/SwitchField";
import { TextField } from "../../components/ui/TextField";
import { isApiError } from "../../lib/api";
import { currentSubscription } from "../push/push-client";
import { AccountCard } from "./AccountCard";
import { useRemindersQuery, useUpdateQuietHoursMutation, useUpdateReminderMutation } from "./api";

/** How long a time field must stay still before it is saved (the native picker changes it a segment at a time). */
const SAVE_DELAY_MS = 600;

/** What a setting tells the card when it saves, so the card shows one notice or error for all of them. */
interface SaveFeedback {
  started(): void;
  saved(message: string): void;
  failed(error: unknown): void;
}

/** Issue 15: the user's reminders (when, quiet hours) and the channel they will arrive by. */
export function RemindersCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const query = useRemindersQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const feedback: SaveFeedback = {
    started: () => {
      setNotice(null);
      setError(null);
    },
    saved: setNotice,
    // A 422 carries the server's own message, already in the reader's language.
    failed: (failure) => setError(isApiError(failure) ? failure.message : t("account.reminders.failed")),
  };

  return (
    <AccountCard title={t("account.reminders.title")} description={t("account.reminders.intro")}>
      {query.isPending ? (
        <LoadingList label={t("account.reminders.loading")} skeleton={{ rows: 2 }} />
      ) : query.isError ? (
        <LoadFailed message={t("account.reminders.loadFailed")} onRetry={() => query.refetch()} />
      ) : (
        <div className="flex flex-col gap-5">
          {query.data.reminders.map((reminder) => (
            <ReminderSetting
              key={reminder.kind}
              reminder={reminder}
              timezone={query.data.timezone}
              feedback={feedback}
            />
          ))}
          <DeliveryHint user={user} />
          <QuietHoursSetting quietHours={query.data.quietHours} feedback={feedback} />
          <FormError message={error} />
          <FormNotice>{notice}</FormNotice>
        </div>
      )}
    </AccountCard>
  );
}

/** One reminder kind: on/off (saved at once) and its local time (saved once it stops changing). */
function ReminderSetting({
  reminder,
  timezone,
  feedback,
}: {
  reminder: Reminder;
  timezone: string;
  feedback: SaveFeedback;
}) {
  const { t, i18n } = useTranslation();
  const [enabled, setEnabled] = useState(reminder.enabled);
  const [time, setTime] = useState(reminder.localTime);
  const pending = usePendingSave();
  const mutation = useUpdateReminderMutation({
    onSuccess: () => feedback.saved(t("account.reminders.saved")),
    onError: (error) => {
      setEnabled(reminder.enabled);
      setTime(reminder.localTime);
      feedback.failed(error);
    },
  });
  // Typed per kind, so a kind added to the contract does not compile without its texts.
  const texts: Record<ReminderKind, { label: string; hint: string }> = {
    "dream-recall": {
      label: t("account.reminders.dreamRecall"),
      hint: t("account.reminders.dreamRecallHint"),
    },
    "oracle-practice": {
      label: t("account.reminders.oraclePractice"),
      hint: t("account.reminders.oraclePracticeHint"),
    },
  };

  function save(changes: Partial<Pick<Reminder, "enabled" | "localTime">>) {
    feedback.started();
    mutation.mutate({ kind: reminder.kind, enabled, localTime: time, ...changes });
  }

  function toggle(value: boolean) {
    setEnabled(value);
    // The time waiting to be saved goes along with the switch.
    pending.cancel();
    save({ enabled: value });
  }

  function changeTime(value: string) {
    setTime(value);
    // An unfinished time reads as "": nothing to save until it is complete.
    if (value === "") pending.cancel();
    else pending.schedule(() => save({ localTime: value }));
  }

  // The server's next time is shown only while it matches what the fields say.
  const next =
    reminder.nextDueAt && enabled === reminder.enabled && time === reminder.localTime
      ? nextReminder(reminder.nextDueAt, timezone, i18n.language)
      : null;

  return (
    // Each kind has its own time field: the group's name tells them apart.
    <fieldset aria-label={texts[reminder.kind].label} className="flex min-w-0 flex-col gap-3">
      <SwitchField
        label={texts[reminder.kind].label}
        description={texts[reminder.kind].hint}
        checked={enabled}
        onCheckedChange={toggle}
      />
      <TextField
        type="time"
        label={t("account.reminders.time")}
        description={t("account.reminders.timeHint", { timezone })}
        value={time}
        onChange={(event) => changeTime(event.target.value)}
        onBlur={pending.flush}
        className="sm:max-w-56"
      />
      {next ? <p className={descriptionClass}>{t("account.reminders.next", next)}</p> : null}
    </fieldset>
  );
}

/** Optional quiet hours: saved when both ends are set, cleared with the button or by emptying both. */
function QuietHoursSetting({
  quietHours,
  feedback,
}: {
  quietHours: QuietHours | null;
  feedback: SaveFeedback;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState({ start: quietHours?.start ?? "", end: quietHours?.end ?? "" });
  const pending = usePendingSave();
  const mutation = useUpdateQuietHoursMutation({
    onSuccess: (_data, body) =>
      feedback.saved(t(body.quietHours ? "account.reminders.quietSaved" : "account.reminders.quietCleared")),
    onError: (error) => {
      setRange({ start: quietHours?.start ?? "", end: quietHours?.end ?? "" });
      feedback.failed(error);
    },
  });

  function save(next: QuietHours | null) {
    feedback.started();
    mutation.mutate({ quietHours: next });
  }

  function change(edge: "start" | "end", value: string) {
    const next = { ...range, [edge]: value };
    setRange(next);
    if (next.start && next.end) pending.schedule(() => save(next));
    else if (!next.start && !next.end && quietHours) pending.schedule(() => save(null));
    else pending.cancel();
  }

  function clear() {
    pending.cancel();
    setRange({ start: "", end: "" });
    save(null);
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className={labelClass}>{t("account.reminders.quietHours")}</legend>
      <p className={descriptionClass}>{t("account.reminders.quietHoursHint")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          type="time"
          label={t("account.reminders.quietFrom")}
          value={range.start}
          onChange={(event) => change("start", event.target.value)}
          onBlur={pending.flush}
        />
        <TextField
          type="time"
          label={t("account.reminders.quietTo")}
          value={range.end}
          onChange={(event) => change("end", event.target.value)}
          onBlur={pending.flush}
        />
      </div>
      {quietHours || range.start || range.end ? (
        <div>
          <Button variant="secondary" onClick={clear}>
            {t("account.reminders.quietClear")}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * Which way reminders will come: push when it is on and this browser holds a subscription, else email when it
 * is on; with neither, a warning (the notification switches are in the card above).
 */
function DeliveryHint({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const subscribed = useQuery({
    // Looked at again whenever the push switch flips (the switch subscribes or unsubscribes this browser).
    queryKey: ["push-subscription-here", user.pushNotifications],
    queryFn: async () => (await currentSubscription().catch(() => null)) !== null,
    enabled: user.pushNotifications,
    staleTime: 0,
  });
  if (user.pushNotifications && subscribed.data) {
    return <p className={descriptionClass}>{t("account.reminders.viaPush")}</p>;
  }
  if (user.emailNotifications) {
    return <p className={descriptionClass}>{t("account.reminders.viaEmail", { email: user.email })}</p>;
  }
  return (
    <p className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300/60 dark:bg-amber-950/50 dark:text-amber-50">
      {t("account.reminders.noChannel")}
    </p>
  );
}

/** "tomorrow" (or "today", or the weekday and date) and "07:30", in the user's time zone and language. */
function nextReminder(nextDueAt: string, timezone: string, language: string): { day: string; time: string } {
  const due = new Date(nextDueAt);
  const days = Math.round((calendarDay(due, timezone) - calendarDay(new Date(), timezone)) / 86_400_000);
  const day =
    days === 0 || days === 1
      ? new Intl.RelativeTimeFormat(language, { numeric: "auto" }).format(days, "day")
      : new Intl.DateTimeFormat(language, {
          timeZone: timezone,
          weekday: "long",
          day: "numeric",
          month: "long",
        }).format(due);
  // 24-hour, like the time the user picked.
  const time = new Intl.DateTimeFormat(language, {
    timeZone: timezone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(due);
  return { day, time };
}

/** The calendar day `instant` falls on in `timezone`, as midnight UTC of that date (for counting days). */
function calendarDay(instant: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"));
}

/**
 * One save waiting for a field to settle: `schedule` replaces the waiting save, `flush` runs it now (leaving the
 * field), `cancel` drops it. A save still waiting when the card goes away is run, so no change is lost.
 */
function usePendingSave() {
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; run(): void } | null>(null);
  const flush = () => {
    const current = waiting.current;
    if (!current) return;
    clearTimeout(current.timer);
    waiting.current = null;
    current.run();
  };
  const cancel = () => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
  };
  const schedule = (run: () => void) => {
    cancel();
    waiting.current = { timer: setTimeout(flush, SAVE_DELAY_MS), run };
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on unmount, with the latest ref.
  useEffect(() => flush, []);
  return { schedule, flush, cancel };
}

import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  ANNOUNCEMENT_ACTION_TEXT_MAX,
  ANNOUNCEMENT_ACTION_URL_MAX,
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementPriority,
  type AnnouncementType,
  announcementPriorities,
  announcementTypes,
  isSafeActionUrl,
} from "../../../../contract/announcement-constants";
import { descriptionClass } from "../../components/ui/field-styles";
import {
  DialogCancel,
  Form,
  FormSelectField,
  FormSwitchField,
  FormTextAreaField,
  FormTextField,
  requiredText,
  SubmitRow,
  useForm,
} from "../../components/ui/form";
import { h3Class } from "../../components/ui/page-styles";
import { toast } from "../../components/ui/toast-store";
import { ANNOUNCEMENTS_NS } from "../../lib/i18n";
import { type AdminAnnouncement, type AnnouncementBody, useSaveAnnouncementMutation } from "./api";

interface AnnouncementFormValues {
  title: string;
  message: string;
  actionText: string;
  titleEs: string;
  messageEs: string;
  actionTextEs: string;
  type: AnnouncementType;
  priority: AnnouncementPriority;
  isActive: boolean;
  showOnLogin: boolean;
  actionUrl: string;
  /** A datetime-local value ("2030-01-15T10:30"), on the admin's clock; empty for none. */
  expiresAt: string;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A moment as a datetime-local input shows it: on this device's clock, to the minute. */
const localMinute = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : localMinute(date);
}

/**
 * A datetime-local value read on this device's clock, as ISO 8601 with the offset in force at that moment
 * ("2030-01-15T10:30:00+01:00"): the server stores the instant the admin meant, whatever its own time zone.
 */
function fromLocalInput(value: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${localMinute(date)}:${pad(date.getSeconds())}${zone}`;
}

const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";

const valuesOf = (announcement: AdminAnnouncement | null): AnnouncementFormValues => ({
  title: announcement?.title ?? "",
  message: announcement?.message ?? "",
  actionText: announcement?.actionText ?? "",
  titleEs: announcement?.titleEs ?? "",
  messageEs: announcement?.messageEs ?? "",
  actionTextEs: announcement?.actionTextEs ?? "",
  type: announcement?.type ?? "info",
  priority: announcement?.priority ?? "low",
  isActive: announcement?.isActive ?? true,
  showOnLogin: announcement?.showOnLogin ?? false,
  actionUrl: announcement?.actionUrl ?? "",
  expiresAt: announcement?.expiresAt ? toLocalInput(announcement.expiresAt) : "",
});

/** The request body: trimmed texts, empty optional ones as null (the Spanish then falls back to the English). */
function bodyOf(values: AnnouncementFormValues): AnnouncementBody {
  const optional = (value: string) => (value.trim() === "" ? null : value.trim());
  return {
    title: values.title.trim(),
    message: values.message.trim(),
    titleEs: optional(values.titleEs),
    messageEs: optional(values.messageEs),
    type: values.type,
    priority: values.priority,
    isActive: values.isActive,
    showOnLogin: values.showOnLogin,
    actionText: optional(values.actionText),
    actionTextEs: optional(values.actionTextEs),
    actionUrl: optional(values.actionUrl),
    expiresAt: values.expiresAt ? fromLocalInput(values.expiresAt) : null,
  };
}

/**
 * Create (`announcement` null) or edit an announcement, in English and Spanish. The action address is checked
 * as the server checks it (http(s) or a path of the app) before anything is sent; the server's own refusals
 * land on their fields.
 */
export function AnnouncementForm({
  announcement,
  onDone,
}: {
  announcement: AdminAnnouncement | null;
  onDone(): void;
}) {
  const { t } = useTranslation(ANNOUNCEMENTS_NS, { keyPrefix: "announcements" });
  const optional = useTranslation().t("forms.optional");
  const form = useForm<AnnouncementFormValues>({ defaultValues: valuesOf(announcement) });
  const mutation = useSaveAnnouncementMutation(announcement?.id ?? null, {
    onSuccess: (saved) => {
      toast({
        title: t(announcement ? "admin.toast.updatedTitle" : "admin.toast.createdTitle"),
        description: t("admin.toast.saved", { title: saved.title }),
      });
      onDone();
    },
  });
  const required = { validate: requiredText(t("admin.form.required")) };
  const spanishHintId = useId();

  return (
    <Form
      form={form}
      className="mt-4 flex flex-col gap-4"
      onSubmit={(values) => mutation.mutateAsync(bodyOf(values))}
      serverErrors={{ fallback: t("admin.form.failed") }}
    >
      <div className="grid gap-6 md:grid-cols-2">
        {(
          [
            ["en", "", t("admin.form.english")],
            ["es", "Es", t("admin.form.spanish")],
          ] as const
        ).map(([lang, suffix, heading]) => (
          <fieldset
            key={lang}
            className="flex min-w-0 flex-col gap-4"
            aria-describedby={suffix ? spanishHintId : undefined}
          >
            <legend className={`${h3Class} mb-2`}>{heading}</legend>
            {suffix ? (
              <p id={spanishHintId} className={descriptionClass}>
                {t("admin.form.spanishHint")}
              </p>
            ) : null}
            <FormTextField
              name={`title${suffix}`}
              label={t("admin.form.title")}
              labelHint={suffix ? optional : undefined}
              maxLength={ANNOUNCEMENT_TITLE_MAX}
              autoComplete="off"
              lang={lang}
              rules={suffix ? undefined : required}
            />
            <FormTextAreaField
              name={`message${suffix}`}
              label={t("admin.form.message")}
              labelHint={suffix ? optional : undefined}
              description={suffix ? undefined : t("admin.form.messageHint")}
              rows={4}
              max={ANNOUNCEMENT_MESSAGE_MAX}
              maxLength={ANNOUNCEMENT_MESSAGE_MAX}
              lang={lang}
              rules={suffix ? undefined : required}
            />
            <FormTextField
              name={`actionText${suffix}`}
              label={t("admin.form.actionText")}
              labelHint={optional}
              maxLength={ANNOUNCEMENT_ACTION_TEXT_MAX}
              autoComplete="off"
              lang={lang}
              rules={
                suffix
                  ? undefined
                  : {
                      deps: ["actionUrl"],
                      validate: (value: string, all: Record<string, unknown>) =>
                        !blank(value) || blank(all.actionUrl) || t("admin.form.actionTextRequired"),
                    }
              }
            />
          </fieldset>
        ))}
      </div>
      <FormTextField
        name="actionUrl"
        inputMode="url"
        label={t("admin.form.actionUrl")}
        labelHint={optional}
        description={t("admin.form.actionUrlHint")}
        maxLength={ANNOUNCEMENT_ACTION_URL_MAX}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        rules={{
          deps: ["actionText"],
          validate: (value: string, all: Record<string, unknown>) => {
            if (blank(value)) return blank(all.actionText) || t("admin.form.actionUrlRequired");
            return isSafeActionUrl(value.trim()) || t("admin.form.actionUrlInvalid");
          },
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormSelectField name="type" label={t("admin.form.type")}>
          {announcementTypes.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </FormSelectField>
        <FormSelectField name="priority" label={t("admin.form.priority")}>
          {announcementPriorities.map((priority) => (
            <option key={priority} value={priority}>
              {t(`priorities.${priority}`)}
            </option>
          ))}
        </FormSelectField>
        <FormTextField
          name="expiresAt"
          type="datetime-local"
          label={t("admin.form.expiresAt")}
          labelHint={optional}
          description={t("admin.form.expiresAtHint")}
        />
      </div>
      <div className="flex flex-col gap-1 sm:flex-row sm:gap-8">
        <FormSwitchField
          name="isActive"
          label={t("admin.form.isActive")}
          description={t("admin.form.isActiveHint")}
        />
        <FormSwitchField
          name="showOnLogin"
          label={t("admin.form.showOnLogin")}
          description={t("admin.form.showOnLoginHint")}
        />
      </div>
      <SubmitRow layout="end" secondary={<DialogCancel />}>
        {announcement ? t("admin.form.save") : t("admin.form.create")}
      </SubmitRow>
    </Form>
  );
}

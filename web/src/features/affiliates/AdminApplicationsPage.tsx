import { Tabs } from "radix-ui";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ApplicationStatus,
  applicationStatuses,
  REVIEW_NOTES_MAX,
} from "../../../../contract/referral-constants";
import type { AdminApplication } from "../../../../contract/referrals";
import { Button } from "../../components/ui/Button";
import { Dialog } from "../../components/ui/Dialog";
import { DialogCancel, Form, FormTextAreaField, SubmitRow, useForm } from "../../components/ui/form";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell } from "../../components/ui/Page";
import { bodyClass, h2Class, linkClass, mutedClass, panelClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { toast } from "../../components/ui/toast-store";
import { AFFILIATES_NS } from "../../lib/i18n";
import { type ReviewAction, useApplicationPagesQuery, useReviewApplicationMutation } from "./api";
import { formatDateTime } from "./format";
import { LoadMore } from "./ui";

const tabClass =
  "min-h-11 rounded-lg px-4 font-medium text-slate-700 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-700 " +
  "data-[state=active]:bg-violet-700 data-[state=active]:text-white dark:text-slate-200 dark:hover:bg-night-800 " +
  "dark:focus-visible:outline-moon-300 dark:data-[state=active]:bg-moon-300 dark:data-[state=active]:text-night-950";

/** /admin/affiliates: the applications, by status; a pending one is approved or rejected with optional notes. */
export default function AdminApplicationsPage() {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.admin" });
  const [status, setStatus] = useState<ApplicationStatus>("pending");
  return (
    <PageShell
      title={t("applications.title")}
      documentTitle={t("applications.title")}
      lead={t("applications.lead")}
      actions={
        <LinkButton href="/admin/affiliate-management" variant="secondary">
          {t("toManagement")}
        </LinkButton>
      }
    >
      <Tabs.Root value={status} onValueChange={(value) => setStatus(value as ApplicationStatus)}>
        <Tabs.List aria-label={t("applications.tabs")} className="flex flex-wrap gap-2">
          {applicationStatuses.map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {t(`applicationStatuses.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {applicationStatuses.map((value) => (
          <Tabs.Content key={value} value={value} className="mt-6 focus-visible:outline-none">
            {value === status ? <ApplicationList status={value} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PageShell>
  );
}

function ApplicationList({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.admin.applications" });
  const query = useApplicationPagesQuery(status);
  const [reviewing, setReviewing] = useState<{ application: AdminApplication; action: ReviewAction } | null>(
    null,
  );
  const applications = useMemo(
    () => query.data?.pages.flatMap((page) => page.applications) ?? [],
    [query.data],
  );
  if (query.isPending)
    return <LoadingList label={t("loading")} skeleton={{ rows: 3, rowClassName: "h-40 rounded-2xl" }} />;
  if (query.isError && applications.length === 0) {
    return <LoadFailed message={t("loadFailed")} onRetry={() => void query.refetch()} />;
  }
  if (applications.length === 0) return <p className={bodyClass}>{t(`empty.${status}`)}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4" aria-busy={query.isFetchingNextPage}>
        {applications.map((application) => (
          <li key={application.id}>
            <ApplicationCard
              application={application}
              onReview={(action) => setReviewing({ application, action })}
            />
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
      {reviewing ? <ReviewDialog {...reviewing} onClose={() => setReviewing(null)} /> : null}
    </div>
  );
}

function ApplicationCard({
  application,
  onReview,
}: {
  application: AdminApplication;
  onReview(action: ReviewAction): void;
}) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates" });
  const language = i18n.language;
  const name = application.username;
  return (
    <article className={`${panelClass} flex flex-col gap-4`} aria-label={name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className={h2Class}>
          {name} <span className={`${mutedClass} font-normal`}>{application.email}</span>
        </h2>
        <span className={mutedClass}>
          {t("admin.applications.submitted", { date: formatDateTime(application.createdAt, language) })}
        </span>
      </div>
      <dl className={`grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6 ${bodyClass}`}>
        <dt className="font-semibold">{t("admin.applications.website")}</dt>
        <dd className="break-all">
          {/* Applicant-typed: a link only when it is a web address (never javascript: and the like). */}
          {/^https?:\/\//i.test(application.website) ? (
            <a
              href={application.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={linkClass}
            >
              {application.website}
            </a>
          ) : (
            application.website
          )}
        </dd>
        <dt className="font-semibold">{t("admin.applications.channels")}</dt>
        <dd>{application.channels.map((channel) => t(`channelNames.${channel}`)).join(", ")}</dd>
        <dt className="font-semibold">{t("admin.applications.payoutEmail")}</dt>
        <dd className="break-all">{application.payoutEmail}</dd>
        <dt className="font-semibold">{t("admin.applications.audience")}</dt>
        <dd className="whitespace-pre-line">{application.audience}</dd>
        {application.reviewedAt ? (
          <>
            <dt className="font-semibold">{t("admin.applications.reviewed")}</dt>
            <dd>
              {application.reviewedBy
                ? t("admin.applications.reviewedBy", {
                    date: formatDateTime(application.reviewedAt, language),
                    name: application.reviewedBy,
                  })
                : formatDateTime(application.reviewedAt, language)}
            </dd>
          </>
        ) : null}
        {application.reviewNotes ? (
          <>
            <dt className="font-semibold">{t("admin.applications.notes")}</dt>
            <dd className="whitespace-pre-line">{application.reviewNotes}</dd>
          </>
        ) : null}
      </dl>
      {application.status === "pending" ? (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => onReview("approve")}>
            {t("admin.applications.approve")}
            <span className="sr-only"> {t("admin.forName", { name })}</span>
          </Button>
          <Button variant="secondary" onClick={() => onReview("reject")}>
            {t("admin.applications.reject")}
            <span className="sr-only"> {t("admin.forName", { name })}</span>
          </Button>
        </div>
      ) : null}
    </article>
  );
}

function ReviewDialog({
  application,
  action,
  onClose,
}: {
  application: AdminApplication;
  action: ReviewAction;
  onClose(): void;
}) {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.admin.review" });
  const optional = useTranslation().t("forms.optional");
  const name = application.username;
  const form = useForm<{ notes: string }>({ defaultValues: { notes: "" } });
  const mutation = useReviewApplicationMutation({
    onSuccess: () => {
      toast({ title: t(`${action}.doneTitle`), description: t(`${action}.done`, { name }) });
      onClose();
    },
  });
  return (
    <Dialog
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t(`${action}.title`, { name })}
      description={t(`${action}.body`, { name })}
    >
      <Form
        form={form}
        onSubmit={({ notes }) => mutation.mutateAsync({ application, action, notes })}
        serverErrors={{ fallback: t("failed") }}
        className="mt-4 flex flex-col gap-4"
      >
        <FormTextAreaField
          name="notes"
          label={t("notes")}
          labelHint={optional}
          description={t(`${action}.notesHint`)}
          max={REVIEW_NOTES_MAX}
          rows={4}
          rules={{
            maxLength: { value: REVIEW_NOTES_MAX, message: t("notesTooLong", { max: REVIEW_NOTES_MAX }) },
          }}
        />
        <SubmitRow layout="end" secondary={<DialogCancel />} pendingLabel={t(`${action}.pending`)}>
          {t(`${action}.confirm`)}
        </SubmitRow>
      </Form>
    </Dialog>
  );
}

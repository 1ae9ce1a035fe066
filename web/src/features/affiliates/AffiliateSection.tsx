import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import {
  AFFILIATE_AUDIENCE_MAX,
  AFFILIATE_AUDIENCE_MIN,
  AFFILIATE_COMMISSION_MONTHS,
  AFFILIATE_WEBSITE_MAX,
  type AffiliateChannel,
  affiliateChannels,
  affiliateTiers,
  DEFAULT_AFFILIATE_TIER,
  REFUND_WINDOW_DAYS,
} from "../../../../contract/referral-constants";
import type { AffiliateApplication, AffiliateMe } from "../../../../contract/referrals";
import {
  EmailField,
  Form,
  FormTextAreaField,
  FormTextField,
  requiredText,
  SubmitRow,
  useForm,
} from "../../components/ui/form";
import { LinkButton } from "../../components/ui/LinkButton";
import { Panel } from "../../components/ui/Page";
import { bodyClass, h3Class, linkClass, warningClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { TaggedText } from "../../components/ui/TaggedText";
import { toast } from "../../components/ui/toast-store";
import { AFFILIATES_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { useAffiliateMeQuery, useApplyMutation } from "./api";
import { FormCheckbox, FormCheckboxGroup } from "./fields";
import { formatDate } from "./format";

/**
 * The affiliate programme on /referrals, by the member's status: the programme and the application form
 * (again after a rejection, with the reviewer's notes), the application under review, or the way to the
 * affiliate dashboard.
 */
export function AffiliateSection() {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.section" });
  const query = useAffiliateMeQuery();
  return (
    <Panel title={t("title")}>
      {query.isPending ? (
        <LoadingList label={t("loading")} skeleton={{ rows: 2 }} />
      ) : query.isError ? (
        <LoadFailed message={t("loadFailed")} onRetry={() => void query.refetch()} />
      ) : (
        <SectionBody me={query.data} />
      )}
    </Panel>
  );
}

function SectionBody({ me }: { me: AffiliateMe }) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.section" });
  const { user } = useAuth();
  switch (me.status) {
    case "active":
    case "suspended":
      return (
        <div className="flex flex-col items-start gap-4">
          <p className={bodyClass}>{t(me.status)}</p>
          <LinkButton href="/affiliate-dashboard">{t("openDashboard")}</LinkButton>
        </div>
      );
    case "pending":
      return (
        <p role="status" className={bodyClass}>
          {me.application
            ? t("pendingSince", {
                date: formatDate(me.application.createdAt, i18n.language, user?.timezone),
              })
            : t("pending")}
        </p>
      );
    default:
      return (
        <div className="flex flex-col gap-6">
          {me.status === "rejected" && me.application ? <RejectedNote application={me.application} /> : null}
          <ProgrammeTerms />
          <ApplyForm />
        </div>
      );
  }
}

function RejectedNote({ application }: { application: AffiliateApplication }) {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.section" });
  return (
    <div className={warningClass}>
      <p>{t("rejected")}</p>
      {application.reviewNotes ? (
        <>
          <p className="mt-2 font-semibold">{t("reviewNotes")}</p>
          <p className="mt-1 whitespace-pre-line">{application.reviewNotes}</p>
        </>
      ) : null}
      <p className="mt-2">{t("applyAgain")}</p>
    </div>
  );
}

/** How the programme pays, from the same constants the server uses. */
function ProgrammeTerms() {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.programme" });
  return (
    <div>
      <h3 className={h3Class}>{t("title")}</h3>
      <ul className={`mt-2 flex list-disc flex-col gap-1 pl-5 ${bodyClass}`}>
        <li>
          {t("commission", {
            rate: affiliateTiers[DEFAULT_AFFILIATE_TIER],
            months: AFFILIATE_COMMISSION_MONTHS,
          })}
        </li>
        <li>{t("pending", { days: REFUND_WINDOW_DAYS })}</li>
        <li>{t("payouts")}</li>
      </ul>
    </div>
  );
}

interface ApplyValues {
  website: string;
  audience: string;
  channels: AffiliateChannel[];
  payoutEmail: string;
  acceptTerms: boolean;
}

/** An address the server accepts: http(s), within the contract's length. */
function isWebsite(value: string): boolean {
  const text = value.trim();
  if (text.length > AFFILIATE_WEBSITE_MAX || !/^https?:\/\//i.test(text)) return false;
  try {
    return Boolean(new URL(text).hostname);
  } catch {
    return false;
  }
}

function ApplyForm() {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.apply" });
  const { t: tAffiliates } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates" });
  const { user } = useAuth();
  const titleId = useId();
  const form = useForm<ApplyValues>({
    defaultValues: {
      website: "",
      audience: "",
      channels: [],
      payoutEmail: user?.email ?? "",
      acceptTerms: false,
    },
  });
  const mutation = useApplyMutation({
    onSuccess: () => toast({ title: t("sentTitle"), description: t("sent") }),
  });

  return (
    <Form
      form={form}
      onSubmit={(values) =>
        mutation.mutateAsync({
          website: values.website.trim(),
          audience: values.audience.trim(),
          channels: values.channels,
          payoutEmail: values.payoutEmail.trim(),
          acceptTerms: true,
        })
      }
      serverErrors={{ fallback: t("failed") }}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className={h3Class}>
        {t("title")}
      </h3>
      <FormTextField
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://"
        label={t("website")}
        description={t("websiteHint")}
        required
        maxLength={AFFILIATE_WEBSITE_MAX}
        rules={{
          validate: {
            required: requiredText(t("websiteRequired")),
            shape: (value: string) => isWebsite(value) || t("websiteInvalid"),
          },
        }}
      />
      <FormTextAreaField
        name="audience"
        label={t("audience")}
        description={t("audienceHint")}
        min={AFFILIATE_AUDIENCE_MIN}
        max={AFFILIATE_AUDIENCE_MAX}
        rows={4}
        required
        rules={{
          validate: (value: string) => {
            const length = value.trim().length;
            return (
              (length >= AFFILIATE_AUDIENCE_MIN && length <= AFFILIATE_AUDIENCE_MAX) ||
              t("audienceLength", { min: AFFILIATE_AUDIENCE_MIN, max: AFFILIATE_AUDIENCE_MAX })
            );
          },
        }}
      />
      <FormCheckboxGroup
        name="channels"
        legend={t("channels")}
        description={t("channelsHint")}
        options={affiliateChannels}
        labelOf={(channel) => tAffiliates(`channelNames.${channel}`)}
        rules={{ validate: (chosen: AffiliateChannel[]) => chosen.length > 0 || t("channelsRequired") }}
      />
      <EmailField name="payoutEmail" label={t("payoutEmail")} description={t("payoutEmailHint")} />
      <FormCheckbox
        name="acceptTerms"
        label={
          <TaggedText
            text={t("acceptTerms")}
            components={{ terms: <Link href="/terms-of-service" className={linkClass} /> }}
          />
        }
        rules={{ validate: (accepted: boolean) => accepted || t("acceptTermsRequired") }}
      />
      <SubmitRow pendingLabel={t("sending")}>{t("submit")}</SubmitRow>
    </Form>
  );
}

import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { BirthPlace, OracleProfile, UpdateOracleProfileBody } from "../../../../contract/oracle";
import {
  EARLIEST_BIRTH_DATE,
  experienceLevels,
  ORACLE_TEXT_MAX,
  PRACTICE_MINUTES_MAX,
  PRACTICE_MINUTES_MIN,
  practiceFrequencies,
  practiceTimes,
} from "../../../../contract/oracle-constants";
import {
  Form,
  FormSelectField,
  FormSwitchField,
  FormTextAreaField,
  FormTextField,
  requiredText,
  SubmitRow,
  useForm,
} from "../../components/ui/form";
import { PageShell, Panel } from "../../components/ui/Page";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { ORACLE_NS } from "../../lib/i18n";
import { useOracleProfileQuery, useSaveOracleProfileMutation } from "./api";
import { BirthPlaceField } from "./BirthPlaceField";
import { SignsCard } from "./SignsCard";

interface ProfileValues {
  birthDate: string;
  unknownTime: boolean;
  /** Only while `unknownTime` is off (the field is not shown otherwise, so not sent). */
  birthTime?: string;
  birthLocation: string;
  dailyPracticeMinutes: string;
  preferredPracticeTime: OracleProfile["preferredPracticeTime"];
  practiceFrequency: OracleProfile["practiceFrequency"];
  experienceLevel: OracleProfile["experienceLevel"];
  currentChallenges: string;
  spiritualGoals: string;
}

const valuesOf = (profile: OracleProfile): ProfileValues => ({
  birthDate: profile.birthDate ?? "",
  // A saved profile without a time means the time is unknown; a new one starts by asking for it.
  unknownTime: profile.complete && !profile.birthTime,
  birthTime: profile.birthTime ?? "",
  birthLocation: profile.birthLocation ?? "",
  dailyPracticeMinutes: String(profile.dailyPracticeMinutes),
  preferredPracticeTime: profile.preferredPracticeTime,
  practiceFrequency: profile.practiceFrequency,
  experienceLevel: profile.experienceLevel,
  currentChallenges: profile.currentChallenges ?? "",
  spiritualGoals: profile.spiritualGoals ?? "",
});

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

/** Today in the reader's calendar, "YYYY-MM-DD" (no birth in the future); the sv-SE locale writes dates that way. */
const today = () => new Date().toLocaleDateString("sv-SE");

/**
 * /oracle-profile-setup: birth date, time (optional) and place, and the practice preferences that size the
 * oracle's exercises; once saved, the signs computed from them.
 */
export default function ProfileSetupPage() {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.profile" });
  const query = useOracleProfileQuery();
  // Each save shows the signs card afresh, its heading focused: the result is what is read next.
  const [saves, setSaves] = useState(0);
  return (
    <PageShell title={t("title")} documentTitle={t("documentTitle")} lead={t("lead")} width="medium">
      {query.isPending ? (
        <LoadingList label={t("loading")} skeleton={{ rows: 4 }} />
      ) : query.isError ? (
        <LoadFailed message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : (
        <>
          <ProfileForm profile={query.data} onSaved={() => setSaves((count) => count + 1)} />
          {query.data.complete ? <SignsCard key={saves} profile={query.data} focus={saves > 0} /> : null}
        </>
      )}
    </PageShell>
  );
}

function ProfileForm({ profile, onSaved }: { profile: OracleProfile; onSaved(): void }) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle" });
  const optional = useTranslation().t("forms.optional");
  const form = useForm<ProfileValues>({ defaultValues: valuesOf(profile) });
  const [picked, setPicked] = useState<BirthPlace | null>(profile.birthPlace);
  const [notice, setNotice] = useState("");
  const unknownTime = useWatch({ control: form.control, name: "unknownTime" });
  const mutation = useSaveOracleProfileMutation({
    onSuccess: () => {
      setNotice(t("profile.saved"));
      onSaved();
    },
  });

  function submit(values: ProfileValues) {
    setNotice("");
    const body: UpdateOracleProfileBody = {
      birthDate: values.birthDate,
      birthTime: values.unknownTime ? null : (values.birthTime ?? null),
      birthLocation: values.birthLocation.trim(),
      ...(picked ? { birthPlaceId: picked.id } : {}),
      dailyPracticeMinutes: Number(values.dailyPracticeMinutes),
      preferredPracticeTime: values.preferredPracticeTime,
      practiceFrequency: values.practiceFrequency,
      experienceLevel: values.experienceLevel,
      currentChallenges: orNull(values.currentChallenges),
      spiritualGoals: orNull(values.spiritualGoals),
    };
    return mutation.mutateAsync(body);
  }

  const latest = today();
  return (
    <Form
      form={form}
      onSubmit={submit}
      serverErrors={{ fallback: t("profile.failed") }}
      className="flex flex-col gap-6"
    >
      <Panel title={t("profile.birthTitle")} description={t("profile.birthIntro")}>
        <div className="flex flex-col gap-4">
          <FormTextField
            name="birthDate"
            type="date"
            label={t("profile.birthDate")}
            min={EARLIEST_BIRTH_DATE}
            max={latest}
            required
            rules={{
              validate: {
                required: requiredText(t("profile.birthDateRequired")),
                range: (value: string) =>
                  (value >= EARLIEST_BIRTH_DATE && value <= latest) || t("profile.birthDateRange"),
              },
            }}
            className="sm:max-w-64"
          />
          <FormSwitchField
            name="unknownTime"
            label={t("profile.unknownTime")}
            description={t("profile.unknownTimeHint")}
          />
          {unknownTime ? null : (
            <FormTextField
              name="birthTime"
              type="time"
              label={t("profile.birthTime")}
              description={t("profile.birthTimeHint")}
              rules={{ validate: { required: requiredText(t("profile.birthTimeRequired")) } }}
              className="sm:max-w-64"
            />
          )}
          <BirthPlaceField
            name="birthLocation"
            picked={picked}
            onPick={setPicked}
            rules={{ validate: { required: requiredText(t("profile.place.required")) } }}
          />
        </div>
      </Panel>
      <Panel title={t("profile.practiceTitle")} description={t("profile.practiceIntro")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField
            name="dailyPracticeMinutes"
            type="number"
            inputMode="numeric"
            min={PRACTICE_MINUTES_MIN}
            max={PRACTICE_MINUTES_MAX}
            step={1}
            label={t("profile.minutes")}
            description={t("profile.minutesHint", { min: PRACTICE_MINUTES_MIN, max: PRACTICE_MINUTES_MAX })}
            rules={{
              validate: {
                range: (value: string) => {
                  const minutes = Number(value);
                  return (
                    (value !== "" &&
                      Number.isInteger(minutes) &&
                      minutes >= PRACTICE_MINUTES_MIN &&
                      minutes <= PRACTICE_MINUTES_MAX) ||
                    t("profile.minutesRange", { min: PRACTICE_MINUTES_MIN, max: PRACTICE_MINUTES_MAX })
                  );
                },
              },
            }}
          />
          <FormSelectField name="preferredPracticeTime" label={t("profile.practiceTime")}>
            {practiceTimes.map((value) => (
              <option key={value} value={value}>
                {t(`practiceTimes.${value}`)}
              </option>
            ))}
          </FormSelectField>
          <FormSelectField name="practiceFrequency" label={t("profile.frequency")}>
            {practiceFrequencies.map((value) => (
              <option key={value} value={value}>
                {t(`frequencies.${value}`)}
              </option>
            ))}
          </FormSelectField>
          <FormSelectField name="experienceLevel" label={t("profile.experience")}>
            {experienceLevels.map((value) => (
              <option key={value} value={value}>
                {t(`experienceLevels.${value}`)}
              </option>
            ))}
          </FormSelectField>
        </div>
        <div className="mt-4 flex flex-col gap-4">
          <FormTextAreaField
            name="currentChallenges"
            label={t("profile.challenges")}
            labelHint={optional}
            description={t("profile.challengesHint")}
            max={ORACLE_TEXT_MAX}
            rows={3}
          />
          <FormTextAreaField
            name="spiritualGoals"
            label={t("profile.goals")}
            labelHint={optional}
            description={t("profile.goalsHint")}
            max={ORACLE_TEXT_MAX}
            rows={3}
          />
        </div>
      </Panel>
      <SubmitRow notice={notice}>{t("profile.save")}</SubmitRow>
    </Form>
  );
}

import { useTranslation } from "react-i18next";
import type { OracleProfile, ZodiacSign } from "../../../../contract/oracle";
import { LinkButton } from "../../components/ui/LinkButton";
import { Panel } from "../../components/ui/Page";
import { bodyClass, mutedClass } from "../../components/ui/page-styles";
import { ORACLE_NS } from "../../lib/i18n";
import { eitherOf, formatDay, formatFigure, placeLabel } from "./format";
import { useFocusOnMount } from "./use-focus-on-mount";

/**
 * The signs the server computed from the saved birth data, translated, with what they rest on: the cusps, a moon
 * that changes sign on a day without a birth time, no ascendant without one, local mean time before standard time.
 */
export function SignsCard({ profile, focus }: { profile: OracleProfile; focus: boolean }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focus);
  const { t, i18n } = useTranslation(ORACLE_NS, { keyPrefix: "oracle" });
  const language = i18n.language;
  const sign = (key: ZodiacSign) => t(`signs.${key}`);
  const natal = profile.natal;
  const moonSigns = natal?.moonUncertain ? natal.moonSignsThatDay : [];
  const rows = [
    { body: "sun", value: profile.sunSign ? sign(profile.sunSign) : null },
    {
      body: "moon",
      value:
        moonSigns.length > 1
          ? eitherOf(moonSigns.map(sign), language)
          : profile.moonSign && sign(profile.moonSign),
    },
    { body: "ascendant", value: profile.ascendantSign ? sign(profile.ascendantSign) : null },
  ] as const;

  const notes = [
    ...(natal?.cusps ?? []).map((cusp) =>
      t(`signsCard.cusp.${cusp.body}`, {
        sign: sign(cusp.neighbour),
        degrees: formatFigure(cusp.degrees, language),
      }),
    ),
    ...(moonSigns.length > 1
      ? [t("signsCard.moonUncertain", { signs: eitherOf(moonSigns.map(sign), language) })]
      : []),
    ...(profile.ascendantSign === null && !profile.birthTime ? [t("signsCard.noAscendant")] : []),
    ...(natal?.localMeanTime ? [t("signsCard.localMeanTime")] : []),
  ];

  return (
    <Panel
      title={t("signsCard.title")}
      headingRef={headingRef}
      description={
        profile.birthDate && profile.birthPlace
          ? t(profile.birthTime ? "signsCard.bornAt" : "signsCard.bornOn", {
              date: formatDay(profile.birthDate, language),
              time: profile.birthTime ?? "",
              place: placeLabel(profile.birthPlace, language),
            })
          : undefined
      }
    >
      <dl className="grid gap-3 sm:grid-cols-3">
        {rows.map((row) => (
          <div key={row.body} className="rounded-xl bg-violet-50 p-4 dark:bg-night-800">
            <dt className={mutedClass}>{t(`signsCard.bodies.${row.body}`)}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-slate-50">
              {row.value ?? t("signsCard.unknown")}
            </dd>
          </div>
        ))}
      </dl>
      {notes.length > 0 ? (
        <ul className={`mt-4 flex list-disc flex-col gap-1 pl-5 ${bodyClass}`}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-5">
        <LinkButton href="/oracle">{t("signsCard.ask")}</LinkButton>
      </div>
    </Panel>
  );
}

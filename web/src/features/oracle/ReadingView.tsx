import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { OracleReading } from "../../../../contract/oracle";
import { Badge, Chip } from "../../components/ui/Badge";
import { Panel } from "../../components/ui/Page";
import { bodyClass, h3Class, mutedClass } from "../../components/ui/page-styles";
import { ORACLE_NS } from "../../lib/i18n";

/**
 * The oracle's reading: the message with its themes, symbols and dream echoes, the exercise and the 10-day plan.
 * The same view on the owner's page and on the shared link, so it names nothing personal beyond the reading.
 */
export function ReadingView({
  reading,
  headingRef,
}: {
  reading: OracleReading;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.reading" });
  // The reading is in the language its challenge was written in, which may differ from the interface's.
  const lang = reading.language;
  return (
    <>
      <Panel title={t("message")} headingRef={headingRef}>
        <div lang={lang} className={`flex flex-col gap-3 leading-relaxed ${bodyClass}`}>
          {reading.message.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {reading.signsNote ? <p className="italic">{reading.signsNote}</p> : null}
        </div>
        {reading.themes.length > 0 ? (
          <section className="mt-6">
            <h3 className={h3Class}>{t("themes")}</h3>
            <dl lang={lang} className="mt-2 flex flex-col gap-3">
              {reading.themes.map((theme) => (
                <div key={theme.key}>
                  <dt className="font-medium text-slate-900 dark:text-slate-50">{theme.name}</dt>
                  <dd className={bodyClass}>{theme.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {reading.symbols.length > 0 ? (
          <section className="mt-6">
            <h3 className={h3Class}>{t("symbols")}</h3>
            <ul lang={lang} className="mt-2 flex flex-wrap gap-2">
              {reading.symbols.map((symbol) => (
                <li key={symbol.key}>
                  <Chip tone="outline">{symbol.name}</Chip>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {reading.dreamEchoes.length > 0 ? (
          <section className="mt-6">
            <h3 className={h3Class}>{t("dreamEchoes")}</h3>
            <p className={mutedClass}>{t("dreamEchoesIntro")}</p>
            {reading.echoNote ? (
              <p lang={lang} className={`mt-2 ${bodyClass}`}>
                {reading.echoNote}
              </p>
            ) : null}
            <ul className="mt-2 flex flex-wrap gap-2">
              {reading.dreamEchoes.map((echo) => (
                <li key={echo.key}>
                  <Chip tone="outline">{t("dreamEcho", { name: echo.name, count: echo.count })}</Chip>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p lang={lang} className={`mt-6 font-medium ${bodyClass}`}>
          {reading.closing}
        </p>
      </Panel>
      <Panel title={t("exercise", { name: reading.exercise.name })}>
        <div lang={lang} className={`flex flex-col gap-3 ${bodyClass}`}>
          <p>{reading.exercise.description}</p>
          <p className={mutedClass}>{t("minutes", { count: reading.exercise.minutes })}</p>
          <h3 className={h3Class}>{t("steps")}</h3>
          <ol className="flex list-decimal flex-col gap-2 pl-6">
            {reading.exercise.instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </Panel>
      <Panel title={t("plan")}>
        <ol className="flex flex-col gap-3">
          {reading.plan.map((day) => (
            <li key={day.day} className="rounded-xl border border-slate-200 p-4 dark:border-night-700">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className={h3Class}>{t("day", { day: day.day })}</h3>
                <Badge>{t(`dayKinds.${day.kind}`)}</Badge>
                <span className={mutedClass}>{t("minutes", { count: day.minutes })}</span>
              </div>
              <div lang={lang} className={`mt-2 ${bodyClass}`}>
                <p className="font-medium">{day.title}</p>
                <p>{day.task}</p>
              </div>
            </li>
          ))}
        </ol>
      </Panel>
    </>
  );
}

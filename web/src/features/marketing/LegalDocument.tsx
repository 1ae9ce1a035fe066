import { useTranslation } from "react-i18next";
import { CONTENT_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ListItems, listOf, Paragraphs } from "./rich-text";
import { bodyClass, cardClass, h2Class, mutedClass } from "./styles";
import { ContentColumn, PageHeader, Toc } from "./ui";

/** The day the privacy policy and the terms were last changed (shown localized on both pages). */
export const LEGAL_LAST_UPDATED = { year: 2026, month: 11, day: 29 };

function formatUpdated(language: string): string {
  const { year, month, day } = LEGAL_LAST_UPDATED;
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

const listClass = `list-disc space-y-2 pl-6 marker:text-violet-700 dark:marker:text-moon-300 ${bodyClass}`;

/**
 * A legal text from the locale files: `{ns}.title`, `{ns}.updated`, `{ns}.intro[]`, an optional summary,
 * and `{ns}.sections.{id}` with `title` and optional `body`, `items[]` and `after`, in `sectionIds` order
 * (`intro`, `body` and `after` hold one paragraph as a string, or several as an array).
 */
export function LegalDocument({
  ns,
  sectionIds,
  summary = false,
  values,
}: {
  ns: "privacy" | "terms";
  sectionIds: readonly string[];
  summary?: boolean;
  values?: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation(CONTENT_NS);
  useDocumentTitle(t(`${ns}.title`));
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <ContentColumn labelledBy={`${ns}-title`}>
      <PageHeader id={`${ns}-title`} title={t(`${ns}.title`)}>
        <p className={mutedClass}>{t(`${ns}.updated`, { date: formatUpdated(language) })}</p>
        <Paragraphs t={t} i18nKey={`${ns}.intro`} className={bodyClass} />
      </PageHeader>

      {summary ? (
        <section aria-labelledby={`${ns}-summary`} className={`${cardClass} space-y-3`}>
          <h2 id={`${ns}-summary`} className={h2Class}>
            {t(`${ns}.summaryTitle`)}
          </h2>
          <ul className={listClass}>
            <ListItems t={t} i18nKey={`${ns}.summary`} />
          </ul>
        </section>
      ) : null}

      <Toc
        label={t(`${ns}.tocLabel`)}
        items={sectionIds.map((id) => ({ id: `${ns}-${id}`, title: t(`${ns}.sections.${id}.title`) }))}
      />

      {sectionIds.map((id) => {
        const base = `${ns}.sections.${id}`;
        return (
          <section key={id} aria-labelledby={`${ns}-${id}`} className="scroll-mt-24 space-y-4">
            <h2 id={`${ns}-${id}`} className={h2Class}>
              {t(`${base}.title`)}
            </h2>
            <Paragraphs t={t} i18nKey={`${base}.body`} values={values} className={bodyClass} />
            {listOf(t, `${base}.items`).length > 0 ? (
              <ul className={listClass}>
                <ListItems t={t} i18nKey={`${base}.items`} values={values} />
              </ul>
            ) : null}
            <Paragraphs t={t} i18nKey={`${base}.after`} values={values} className={bodyClass} />
          </section>
        );
      })}
    </ContentColumn>
  );
}

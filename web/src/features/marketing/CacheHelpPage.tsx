import { useTranslation } from "react-i18next";
import { CONTENT_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ListItems, listOf, Paragraphs, RichText } from "./rich-text";
import { bodyClass, cardClass, h2Class, h3Class } from "./styles";
import { ContentColumn, PageHeader } from "./ui";

interface BrowserGuide {
  name: string;
  steps: string[];
}

/** /cache-help: hard reload, clearing CHITTA's site data per browser, and updating the installed app. */
export default function CacheHelpPage() {
  const { t } = useTranslation(CONTENT_NS);
  useDocumentTitle(t("cacheHelp.title"));
  const browsers = listOf<BrowserGuide>(t, "cacheHelp.browsers");
  return (
    <ContentColumn labelledBy="cache-title">
      <PageHeader id="cache-title" title={t("cacheHelp.heading")} lead={t("cacheHelp.lead")}>
        <p
          className={`rounded-2xl border border-star-300/60 bg-star-300/10 p-4 text-slate-800 dark:text-slate-100`}
        >
          {t("cacheHelp.note")}
        </p>
      </PageHeader>

      <section aria-labelledby="cache-quick" className="space-y-4">
        <h2 id="cache-quick" className={h2Class}>
          {t("cacheHelp.quick.title")}
        </h2>
        <ul
          className={`list-disc space-y-3 pl-6 marker:text-violet-700 dark:marker:text-moon-300 ${bodyClass}`}
        >
          <ListItems t={t} i18nKey="cacheHelp.quick.items" />
        </ul>
      </section>

      <section aria-labelledby="cache-browsers" className="space-y-4">
        <h2 id="cache-browsers" className={h2Class}>
          {t("cacheHelp.browsersTitle")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {browsers.map((browser) => (
            <li key={browser.name} className={cardClass}>
              <h3 className={h3Class}>{browser.name}</h3>
              <ol className={`mt-2 list-decimal space-y-1 pl-5 ${bodyClass}`}>
                {browser.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cache-update" className="space-y-4">
        <h2 id="cache-update" className={h2Class}>
          {t("cacheHelp.update.title")}
        </h2>
        <Paragraphs t={t} i18nKey="cacheHelp.update.body" className={bodyClass} />
      </section>

      <p className={bodyClass}>
        <RichText t={t} i18nKey="cacheHelp.still" />
      </p>
    </ContentColumn>
  );
}

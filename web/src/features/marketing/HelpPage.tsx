import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Feature, featuresAvailable } from "../../../../contract/features";
import { LinkButton } from "../../components/ui/LinkButton";
import { CONTENT_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { freeLimitValues } from "./pricing";
import { listOf, RichText } from "./rich-text";
import { bodyClass, cardClass, h2Class, h3Class } from "./styles";
import { ContentColumn, type FaqEntry, FaqList, PageHeader, Toc } from "./ui";

/** The features a topic explains: it is shown once they work (`contract/features.ts`). */
const topicNeeds: Record<string, Feature[]> = { oracle: ["oracle"], memory: ["memoryLane"] };

/** Topics answered as FAQs, in page order; "install" and "contact" follow with their own layout. */
const faqTopics = ["start", "translations", "journal", "oracle", "memory", "account", "languages"].filter(
  (id) => featuresAvailable(topicNeeds[id]),
);
const allTopics = [...faqTopics, "install", "contact"] as const;

interface BrowserSteps {
  name: string;
  steps: string;
}

function Topic({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`help-${id}`} className="scroll-mt-24 space-y-4">
      <h2 id={`help-${id}`} className={h2Class}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function InstallTopic({ t }: { t: TFunction }) {
  const browsers = listOf<BrowserSteps>(t, "help.sections.install.browsers");
  return (
    <Topic id="install" title={t("help.sections.install.title")}>
      <p className={bodyClass}>{t("help.sections.install.intro")}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {browsers.map((browser) => (
          <li key={browser.name} className={cardClass}>
            <h3 className={h3Class}>{browser.name}</h3>
            <p className={`mt-1 ${bodyClass}`}>{browser.steps}</p>
          </li>
        ))}
      </ul>
      <p className={bodyClass}>
        <RichText t={t} i18nKey="help.sections.install.trouble" />
      </p>
    </Topic>
  );
}

/** /help: answers per topic, installing the app per browser, and the way to a support ticket. */
export default function HelpPage() {
  const { t } = useTranslation(CONTENT_NS);
  useDocumentTitle(t("help.title"));
  return (
    <ContentColumn labelledBy="help-title">
      <PageHeader id="help-title" title={t("help.heading")} lead={t("help.lead")}>
        <Toc
          label={t("help.tocLabel")}
          items={allTopics.map((id) => ({ id: `help-${id}`, title: t(`help.sections.${id}.title`) }))}
        />
      </PageHeader>

      {faqTopics.map((id) => (
        <Topic key={id} id={id} title={t(`help.sections.${id}.title`)}>
          <FaqList
            t={t}
            entries={listOf<FaqEntry>(t, `help.sections.${id}.faqs`)}
            answerKey={(index) => `help.sections.${id}.faqs.${index}.a`}
            values={freeLimitValues}
          />
        </Topic>
      ))}

      <InstallTopic t={t} />

      <Topic id="contact" title={t("help.sections.contact.title")}>
        <p className={bodyClass}>
          <RichText t={t} i18nKey="help.sections.contact.body" />
        </p>
        <LinkButton href="/feedback" size="lg">
          {t("help.sections.contact.cta")}
        </LinkButton>
      </Topic>
    </ContentColumn>
  );
}

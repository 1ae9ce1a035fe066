import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "../../components/ui/LinkButton";
import { CONTENT_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { listOf, Paragraphs } from "./rich-text";
import { accentClass, bodyClass, cardClass, h2Class, h3Class, mutedClass } from "./styles";
import { ContentColumn, PageHeader, Toc } from "./ui";

interface ExampleSymbol {
  symbol: string;
  words: string;
  meaning: string;
}

interface Category {
  name: string;
  description: string;
}

const sectionIds = ["what", "approach", "symbols", "categories", "remember", "journal"] as const;

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`learn-${id}`} className="scroll-mt-24 space-y-4">
      <h2 id={`learn-${id}`} className={h2Class}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function SymbolExample({ t }: { t: TFunction }) {
  const symbols = listOf<ExampleSymbol>(t, "learn.symbols.example");
  return (
    <figure className={`${cardClass} space-y-4`}>
      <h3 className={h3Class}>{t("learn.symbols.exampleTitle")}</h3>
      <blockquote className={`border-l-4 border-violet-300 pl-4 italic dark:border-moon-400 ${bodyClass}`}>
        <p>{t("learn.symbols.exampleDream")}</p>
      </blockquote>
      <ul className="grid gap-3 sm:grid-cols-3">
        {symbols.map((entry) => (
          <li
            key={entry.symbol}
            className="rounded-xl border border-violet-200 p-4 dark:border-night-700 dark:bg-night-800/60"
          >
            <p className={`font-semibold ${accentClass}`}>{entry.symbol}</p>
            <p className={mutedClass}>
              {t("learn.symbols.evidenceLabel")} <q className="font-medium">{entry.words}</q>
            </p>
            <p className={`mt-2 ${bodyClass}`}>{entry.meaning}</p>
          </li>
        ))}
      </ul>
      <figcaption className={mutedClass}>{t("learn.symbols.exampleCaption")}</figcaption>
    </figure>
  );
}

/** /learn: what dream translation is, the approach, how symbols are found, categories and recall tips. */
export default function LearnPage() {
  const { t } = useTranslation(CONTENT_NS);
  useDocumentTitle(t("learn.title"));
  const categories = listOf<Category>(t, "learn.categories.items");
  return (
    <ContentColumn labelledBy="learn-title">
      <PageHeader id="learn-title" title={t("learn.heading")} lead={t("learn.lead")}>
        <Toc
          label={t("learn.toc")}
          items={sectionIds.map((id) => ({ id: `learn-${id}`, title: t(`learn.${id}.title`) }))}
        />
      </PageHeader>

      <Part id="what" title={t("learn.what.title")}>
        <Paragraphs t={t} i18nKey="learn.what.body" className={bodyClass} />
      </Part>

      <Part id="approach" title={t("learn.approach.title")}>
        <Paragraphs t={t} i18nKey="learn.approach.body" className={bodyClass} />
        <ul
          className={`list-disc space-y-2 pl-6 marker:text-violet-700 dark:marker:text-moon-300 ${bodyClass}`}
        >
          {listOf(t, "learn.approach.principles").map((principle) => (
            <li key={principle}>{principle}</li>
          ))}
        </ul>
      </Part>

      <Part id="symbols" title={t("learn.symbols.title")}>
        <Paragraphs t={t} i18nKey="learn.symbols.body" className={bodyClass} />
        <SymbolExample t={t} />
        <p className={bodyClass}>{t("learn.symbols.missing")}</p>
      </Part>

      <Part id="categories" title={t("learn.categories.title")}>
        <p className={bodyClass}>{t("learn.categories.intro")}</p>
        <dl className="grid gap-3 sm:grid-cols-2">
          {categories.map((category) => (
            <div key={category.name} className={cardClass}>
              <dt className={`font-semibold ${accentClass}`}>{category.name}</dt>
              <dd className={`mt-1 ${bodyClass}`}>{category.description}</dd>
            </div>
          ))}
        </dl>
      </Part>

      <Part id="remember" title={t("learn.remember.title")}>
        <ol className={`list-decimal space-y-2 pl-6 marker:font-semibold ${bodyClass}`}>
          {listOf(t, "learn.remember.items").map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ol>
      </Part>

      <Part id="journal" title={t("learn.journal.title")}>
        <Paragraphs t={t} i18nKey="learn.journal.body" className={bodyClass} />
        <ul
          className={`list-disc space-y-2 pl-6 marker:text-violet-700 dark:marker:text-moon-300 ${bodyClass}`}
        >
          {listOf(t, "learn.journal.items").map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Part>

      <section aria-labelledby="learn-cta" className={`${cardClass} space-y-3 p-6 text-center sm:p-8`}>
        <h2 id="learn-cta" className={h2Class}>
          {t("learn.cta.title")}
        </h2>
        <p className={bodyClass}>{t("learn.cta.body")}</p>
        <div className="flex justify-center pt-2">
          <LinkButton href="/signup" size="lg">
            {t("learn.cta.button")}
          </LinkButton>
        </div>
      </section>
    </ContentColumn>
  );
}

import { useTranslation } from "react-i18next";
import { LinkButton } from "../../components/ui/LinkButton";
import { TaggedText } from "../../components/ui/TaggedText";
import { usePublishedPrices } from "./api";
import { MarketingIcon } from "./icons";
import { formatMoney, freeLimitValues } from "./pricing";
import { promisedListOf } from "./promises";
import { listOf } from "./rich-text";
import { accentClass, bodyClass, cardClass, container, h2Class, h3Class, mutedClass } from "./styles";

function FeatureList({ items }: { items: string[] }) {
  return (
    <ul className="mt-5 space-y-3">
      {items.map((item) => (
        <li key={item} className={`flex gap-3 ${bodyClass}`}>
          <MarketingIcon name="check" className={`mt-0.5 h-5 w-5 shrink-0 ${accentClass}`} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Free vs Premium, with the server's prices and its yearly saving (computed there from the two prices). */
export function PricingSummary() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const prices = usePublishedPrices();
  const saving = prices.savingPercent;
  // Spanish as "9,99 US$", English as "$9.99" (en-US, as the rest of the public pages).
  const locale = language.startsWith("es") ? "es" : "en-US";
  const money = (amount: number) => formatMoney(amount, prices.currency, locale);
  return (
    <section aria-labelledby="pricing-title" className={`${container} py-12 sm:py-16`}>
      <div className="max-w-2xl space-y-3">
        <h2 id="pricing-title" className={h2Class}>
          {t("pricing.title")}
        </h2>
        <p className={bodyClass}>{t("pricing.intro")}</p>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <article aria-labelledby="pricing-free" className={`${cardClass} flex flex-col`}>
          <h3 id="pricing-free" className={h3Class}>
            {t("pricing.free.name")}
          </h3>
          <p className={mutedClass}>{t("pricing.free.tagline")}</p>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
            <span className="text-4xl font-semibold text-night-950 dark:text-slate-50">{money(0)}</span>
            <span className={bodyClass}>{t("pricing.free.period")}</span>
          </p>
          <FeatureList
            items={promisedListOf(t, "pricing.free.features", freeLimitValues).map(({ item }) => item)}
          />
          <div className="mt-auto pt-6">
            <LinkButton href="/signup" size="lg" variant="secondary">
              {t("pricing.free.cta")}
            </LinkButton>
          </div>
        </article>
        <article
          aria-labelledby="pricing-premium"
          className={`${cardClass} flex flex-col border-violet-400 dark:border-moon-400`}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="pricing-premium" className={h3Class}>
              {t("pricing.premium.name")}
            </h3>
            {saving > 0 ? (
              <span className="rounded-full bg-star-300 px-3 py-1 text-sm font-semibold text-night-950">
                {t("pricing.save", { percent: saving })}
              </span>
            ) : null}
          </div>
          <p className={mutedClass}>{t("pricing.premium.tagline")}</p>
          <p className={`mt-4 ${bodyClass}`}>
            <TaggedText
              text={t("pricing.perMonth", { price: money(prices.monthly) })}
              components={{
                price: <span className="text-4xl font-semibold text-night-950 dark:text-slate-50" />,
              }}
            />
          </p>
          <p className={`mt-1 font-medium ${accentClass}`}>
            {t("pricing.perYear", { price: money(prices.yearly) })}
          </p>
          <p className={mutedClass}>
            {t("pricing.yearlyPerMonth", {
              price: money(Math.floor((prices.yearly / 12) * 100) / 100),
            })}
          </p>
          <FeatureList
            items={promisedListOf(t, "pricing.premium.features", freeLimitValues).map(({ item }) => item)}
          />
          <div className="mt-auto pt-6">
            <LinkButton href="/signup" size="lg">
              {t("pricing.premium.cta")}
            </LinkButton>
          </div>
        </article>
      </div>
      <ul className={`mt-6 space-y-1 ${mutedClass}`}>
        {listOf(t, "pricing.notes").map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}

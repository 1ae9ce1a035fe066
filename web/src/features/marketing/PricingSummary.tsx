import { useTranslation } from "react-i18next";
import { TaggedText } from "../../components/ui/TaggedText";
import { MarketingIcon } from "./icons";
import {
  formatUsd,
  freeLimitValues,
  PREMIUM_MONTHLY_USD,
  PREMIUM_YEARLY_USD,
  yearlySavingPercent,
} from "./pricing";
import { listOf } from "./rich-text";
import { accentClass, bodyClass, cardClass, container, h2Class, h3Class, mutedClass } from "./styles";
import { ButtonLink } from "./ui";

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

/** Free vs Premium, with the prices of decisions.md and the yearly saving computed from them. */
export function PricingSummary() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const saving = yearlySavingPercent(PREMIUM_MONTHLY_USD, PREMIUM_YEARLY_USD);
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
            <span className="text-4xl font-semibold text-night-950 dark:text-slate-50">
              {formatUsd(0, language)}
            </span>
            <span className={bodyClass}>{t("pricing.free.period")}</span>
          </p>
          <FeatureList items={listOf(t, "pricing.free.features", freeLimitValues)} />
          <div className="mt-auto pt-6">
            <ButtonLink href="/signup" variant="secondary">
              {t("pricing.free.cta")}
            </ButtonLink>
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
            <span className="rounded-full bg-star-300 px-3 py-1 text-sm font-semibold text-night-950">
              {t("pricing.save", { percent: saving })}
            </span>
          </div>
          <p className={mutedClass}>{t("pricing.premium.tagline")}</p>
          <p className={`mt-4 ${bodyClass}`}>
            <TaggedText
              text={t("pricing.perMonth", { price: formatUsd(PREMIUM_MONTHLY_USD, language) })}
              components={{
                price: <span className="text-4xl font-semibold text-night-950 dark:text-slate-50" />,
              }}
            />
          </p>
          <p className={`mt-1 font-medium ${accentClass}`}>
            {t("pricing.perYear", { price: formatUsd(PREMIUM_YEARLY_USD, language) })}
          </p>
          <p className={mutedClass}>
            {t("pricing.yearlyPerMonth", {
              price: formatUsd(Math.floor((PREMIUM_YEARLY_USD / 12) * 100) / 100, language),
            })}
          </p>
          <FeatureList items={listOf(t, "pricing.premium.features", freeLimitValues)} />
          <div className="mt-auto pt-6">
            <ButtonLink href="/signup">{t("pricing.premium.cta")}</ButtonLink>
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

import { QueryClientContext } from "@tanstack/react-query";
import { useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlansResponse } from "../../../../contract/billing";
import { TaggedText } from "../../components/ui/TaggedText";
import { apiRequest } from "../../lib/api";
import { MarketingIcon } from "./icons";
import {
  BUILT_IN_PRICES,
  formatMoney,
  freeLimitValues,
  PLANS_URL,
  type PublishedPrices,
  pricesOf,
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

/**
 * The prices to show: the built-in ones on the first paint (no wait, no layout shift), then the server's
 * (GET /api/billing/plans, shared with /subscribe through the query cache). The request goes out after the
 * first render and costs the landing page no JavaScript (the query client and the API helper are in the
 * app chunk). Without a query client (a page rendered on its own) the built-in prices stay.
 */
function usePublishedPrices(): PublishedPrices {
  const queryClient = useContext(QueryClientContext);
  const [prices, setPrices] = useState<PublishedPrices>(
    () => pricesOf(queryClient?.getQueryData<PlansResponse>([PLANS_URL])) ?? BUILT_IN_PRICES,
  );
  useEffect(() => {
    if (!queryClient) return;
    let current = true;
    queryClient
      .fetchQuery({
        queryKey: [PLANS_URL],
        queryFn: ({ signal }) => apiRequest<PlansResponse>("GET", PLANS_URL, undefined, { signal }),
        staleTime: 300_000,
        // Should the server not answer, the built-in prices stay: no connection screen for a price list.
        meta: { connectionErrors: false },
      })
      .then(
        (plans) => {
          const next = pricesOf(plans);
          if (current && next) setPrices(next);
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [queryClient]);
  return prices;
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

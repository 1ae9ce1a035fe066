import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { LinkButton } from "../../components/ui/LinkButton";
import { useDocumentTitle } from "../../lib/use-document-title";
import { type IconName, MarketingIcon } from "./icons";
import { PricingSummary } from "./PricingSummary";
import { freeLimitValues } from "./pricing";
import { promisedListOf } from "./promises";
import { listOf } from "./rich-text";
import {
  accentClass,
  bodyClass,
  cardClass,
  container,
  h1Class,
  h2Class,
  h3Class,
  linkClass,
  mutedClass,
  narrow,
} from "./styles";
import { type FaqEntry, FaqList } from "./ui";

interface TitledText {
  title: string;
  body: string;
}

/** Decorative night sky: a crescent and a few stars, inline so the page needs no image request. */
function NightSky() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 200 200"
      className="pointer-events-none absolute -top-6 right-0 h-40 w-40 opacity-80 sm:h-56 sm:w-56"
    >
      <path d="M150 120a60 60 0 0 1-78-78 62 62 0 1 0 78 78Z" className="fill-moon-300/25 stroke-moon-300" />
      <g className="fill-star-300">
        <circle cx="160" cy="40" r="3" />
        <circle cx="120" cy="24" r="1.8" />
        <circle cx="182" cy="88" r="2.2" />
        <circle cx="40" cy="30" r="1.5" />
        <circle cx="176" cy="150" r="1.6" />
      </g>
    </svg>
  );
}

function Hero({ t }: { t: TFunction }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className={`${container} relative py-16 sm:py-24`}>
        <NightSky />
        <div className="relative max-w-2xl space-y-6">
          <p className={`text-sm font-semibold uppercase tracking-widest ${accentClass}`}>
            {t("landing.hero.eyebrow")}
          </p>
          <h1 id="hero-title" className={`${h1Class} sm:text-5xl`}>
            {t("landing.hero.headline")}
          </h1>
          <p className={`text-lg ${bodyClass}`}>{t("landing.hero.subheadline")}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <LinkButton href="/signup" size="lg">
              {t("landing.hero.primaryCta")}
            </LinkButton>
            <LinkButton href="/learn" size="lg" variant="secondary">
              {t("landing.hero.secondaryCta")}
            </LinkButton>
          </div>
          <p className={mutedClass}>{t("landing.hero.note")}</p>
        </div>
      </div>
    </section>
  );
}

const stepIcons: IconName[] = ["moon", "eye", "spark"];

function HowItWorks({ t }: { t: TFunction }) {
  const steps = listOf<TitledText>(t, "landing.steps.items");
  return (
    <section aria-labelledby="steps-title" className={`${container} py-12 sm:py-16`}>
      <div className="max-w-2xl space-y-3">
        <h2 id="steps-title" className={h2Class}>
          {t("landing.steps.title")}
        </h2>
        <p className={bodyClass}>{t("landing.steps.intro")}</p>
      </div>
      <ol className="mt-8 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className={cardClass}>
            <div className={`flex items-center gap-3 ${accentClass}`}>
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-full border border-current font-semibold"
              >
                {index + 1}
              </span>
              <MarketingIcon name={stepIcons[index] ?? "spark"} />
            </div>
            <h3 className={`mt-4 ${h3Class}`}>{step.title}</h3>
            <p className={`mt-2 ${bodyClass}`}>{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

const featureIcons: IconName[] = ["eye", "book", "compass", "spark", "people", "globe"];

function Features({ t }: { t: TFunction }) {
  const features = promisedListOf<TitledText>(t, "landing.features.items");
  return (
    <section aria-labelledby="features-title" className={`${container} py-12 sm:py-16`}>
      <div className="max-w-2xl space-y-3">
        <h2 id="features-title" className={h2Class}>
          {t("landing.features.title")}
        </h2>
        <p className={bodyClass}>{t("landing.features.intro")}</p>
      </div>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ item: feature, index }) => (
          <li key={feature.title} className={cardClass}>
            <MarketingIcon name={featureIcons[index] ?? "spark"} className={`h-7 w-7 ${accentClass}`} />
            <h3 className={`mt-3 ${h3Class}`}>{feature.title}</h3>
            <p className={`mt-2 ${bodyClass}`}>{feature.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PrivacyPromise({ t }: { t: TFunction }) {
  return (
    <section aria-labelledby="promise-title" className={`${container} py-12 sm:py-16`}>
      <div className={`${cardClass} p-6 sm:p-10`}>
        <h2 id="promise-title" className={h2Class}>
          {t("landing.privacy.title")}
        </h2>
        <p className={`mt-3 max-w-2xl ${bodyClass}`}>{t("landing.privacy.intro")}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {listOf(t, "landing.privacy.points").map((point) => (
            <li key={point} className={`flex gap-3 ${bodyClass}`}>
              <MarketingIcon name="check" className={`mt-0.5 h-5 w-5 shrink-0 ${accentClass}`} />
              <span>{point}</span>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link href="/privacy-policy" className={`${linkClass} inline-flex min-h-11 items-center`}>
            {t("landing.privacy.link")}
          </Link>
        </p>
      </div>
    </section>
  );
}

function Faq({ t }: { t: TFunction }) {
  const entries = promisedListOf<FaqEntry>(t, "landing.faq.items");
  return (
    <section aria-labelledby="faq-title" className={`${narrow} py-12 sm:py-16`}>
      <h2 id="faq-title" className={`mb-6 ${h2Class}`}>
        {t("landing.faq.title")}
      </h2>
      <FaqList
        t={t}
        entries={entries.map(({ item }) => item)}
        answerKey={(shown) => `landing.faq.items.${entries[shown]?.index}.a`}
        values={freeLimitValues}
      />
    </section>
  );
}

function FinalCta({ t }: { t: TFunction }) {
  return (
    <section aria-labelledby="final-title" className={`${narrow} py-16 text-center sm:py-24`}>
      <h2 id="final-title" className={h2Class}>
        {t("landing.finalCta.title")}
      </h2>
      <p className={`mt-3 ${bodyClass}`}>{t("landing.finalCta.body")}</p>
      <div className="mt-6 flex justify-center">
        <LinkButton href="/signup" size="lg">
          {t("landing.finalCta.button")}
        </LinkButton>
      </div>
    </section>
  );
}

/** Routes / and /home: what CHITTA is, how it works, what it costs, and the way in. */
export default function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("landing.title"));
  return (
    <>
      <Hero t={t} />
      <HowItWorks t={t} />
      <Features t={t} />
      <PrivacyPromise t={t} />
      <PricingSummary />
      <Faq t={t} />
      <FinalCta t={t} />
    </>
  );
}

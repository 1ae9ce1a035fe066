import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/use-document-title";
import { MarketingIcon } from "./icons";
import { accentClass, bodyClass, h1Class, narrow } from "./styles";
import { ButtonLink } from "./ui";

/** Any unknown path (and admin pages for non-admins). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notFound.title"));
  return (
    <section aria-labelledby="not-found-title" className={`${narrow} py-20 text-center sm:py-28`}>
      <MarketingIcon name="moon" className={`mx-auto h-14 w-14 ${accentClass}`} />
      <h1 id="not-found-title" className={`mt-6 ${h1Class}`}>
        {t("notFound.heading")}
      </h1>
      <p className={`mx-auto mt-4 max-w-xl text-lg ${bodyClass}`}>{t("notFound.body")}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink href="/">{t("notFound.home")}</ButtonLink>
        <ButtonLink href="/dream-input" variant="secondary">
          {t("notFound.dream")}
        </ButtonLink>
      </div>
    </section>
  );
}

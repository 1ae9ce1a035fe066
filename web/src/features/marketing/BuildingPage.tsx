import { useTranslation } from "react-i18next";
import { matchRoute, useLocation, useRouter } from "wouter";
import { useDocumentTitle } from "../../lib/use-document-title";
import { routeTable } from "../../route-table";
import { MarketingIcon } from "./icons";
import { accentClass, bodyClass, h1Class, mutedClass, narrow, secondaryButton } from "./styles";
import { ButtonLink } from "./ui";

/** The spec area of the current path, from the route table ("dreams", "oracle", ...), if it has one. */
function useBuildingArea(): string | undefined {
  const [location] = useLocation();
  const { parser } = useRouter();
  return routeTable.find((route) => route.page === "building" && matchRoute(parser, route.path, location)[0])
    ?.area;
}

/**
 * Stands in for routes whose feature is not built yet. It says so plainly and offers no controls that
 * could suggest the feature works.
 */
export default function BuildingPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("building.title"));
  const area = useBuildingArea();
  const areaKey = area ? `building.areas.${area}` : undefined;
  const canGoBack = typeof window !== "undefined" && window.history.length > 1;
  return (
    <section aria-labelledby="building-title" className={`${narrow} py-20 text-center sm:py-28`}>
      <MarketingIcon name="moon" className={`mx-auto h-14 w-14 ${accentClass}`} />
      <h1 id="building-title" className={`mt-6 ${h1Class}`}>
        {t("building.heading")}
      </h1>
      <p className={`mx-auto mt-4 max-w-xl text-lg ${bodyClass}`}>{t("building.body")}</p>
      {areaKey && i18n.exists(areaKey) ? (
        <p className={`mt-3 ${mutedClass}`}>
          {t("building.areaLabel")} <span className={`font-semibold ${accentClass}`}>{t(areaKey)}</span>
        </p>
      ) : null}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {canGoBack ? (
          <button
            type="button"
            onClick={() => window.history.back()}
            className={`${secondaryButton} w-full cursor-pointer sm:w-auto`}
          >
            {t("building.back")}
          </button>
        ) : null}
        <ButtonLink href="/">{t("building.home")}</ButtonLink>
      </div>
    </section>
  );
}

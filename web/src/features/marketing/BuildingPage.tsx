import { useTranslation } from "react-i18next";
import { matchRoute, useLocation, useRouter } from "wouter";
import { Button } from "../../components/ui/Button";
import { LinkButton } from "../../components/ui/LinkButton";
import { useDocumentTitle } from "../../lib/use-document-title";
import { routeTable } from "../../route-table";
import { MessagePage } from "./MessagePage";
import { accentClass, mutedClass } from "./styles";

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
    <MessagePage
      id="building-title"
      title={t("building.heading")}
      body={t("building.body")}
      actions={
        <>
          {canGoBack ? (
            <Button
              variant="secondary"
              size="lg"
              className="w-full sm:w-auto"
              onClick={() => window.history.back()}
            >
              {t("building.back")}
            </Button>
          ) : null}
          <LinkButton href="/" size="lg">
            {t("building.home")}
          </LinkButton>
        </>
      }
    >
      {areaKey && i18n.exists(areaKey) ? (
        <p className={`mt-3 ${mutedClass}`}>
          {t("building.areaLabel")} <span className={`font-semibold ${accentClass}`}>{t(areaKey)}</span>
        </p>
      ) : null}
    </MessagePage>
  );
}

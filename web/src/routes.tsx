import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { LoadingScreen } from "./components/LoadingScreen";
import { useAuth } from "./features/auth/auth-context";
import { NotFoundPage, pages } from "./pages/registry";
import { decideGuard, type RouteDef, routeTable } from "./route-table";

function GuardedPage({ route }: { route: RouteDef }) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  const { t } = useTranslation();
  const asked = search ? `${location}?${search}` : location;
  const decision = decideGuard(route.guard, { loading: isLoading, user }, search, asked);
  if (decision.kind === "loading") return <LoadingScreen message={t(decision.messageKey)} />;
  if (decision.kind === "redirect") return <Redirect to={decision.to} replace />;
  if (decision.kind === "notFound") return <NotFoundPage />;
  const Page = pages[route.page];
  return <Page />;
}

function ScrollToTop() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change itself is the trigger.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** The route table of spec section 2, each route behind its guard; anything else is not found. */
export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<LoadingScreen message={t("common.loading")} />}>
        <Switch>
          {routeTable.map((route) => (
            <Route key={route.path} path={route.path}>
              <GuardedPage route={route} />
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </>
  );
}

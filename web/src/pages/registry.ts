import { type ComponentType, createElement, lazy, memo } from "react";
import {
  AFFILIATES_NS,
  ANNOUNCEMENTS_NS,
  BILLING_NS,
  CONTENT_NS,
  DREAMS_NS,
  loadNamespaces,
  ORACLE_NS,
  REFERRALS_NS,
} from "../lib/i18n";
import { type PageKey, routeTable } from "../route-table";

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

/** A page whose texts live in the `content` namespace: its chunk and those texts download together. */
const withContent =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespaces(CONTENT_NS)]).then(([module]) => module);

/** A dream-core page: its chunk and the `dreams` texts download together. */
const withDreams =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespaces(DREAMS_NS)]).then(([module]) => module);

/** A plans, checkout or subscription page: its chunk and the `billing` texts download together. */
const withBilling =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespaces(BILLING_NS)]).then(([module]) => module);

/** An oracle page: its chunk and the `oracle` texts download together. */
const withOracle =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespaces(ORACLE_NS)]).then(([module]) => module);

/** A referral or affiliate page: its chunk, the `referrals` and the `affiliates` texts download together. */
const withReferrals =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespaces(REFERRALS_NS, AFFILIATES_NS)]).then(([module]) => module);

/** The admin index, which also manages the announcements: its chunk and the `announcements` texts together. */
const withAnnouncements =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespaces(ANNOUNCEMENTS_NS)]).then(([module]) => module);

interface LazyPage {
  /** Renders the page, suspending (route Suspense: spinner) only while its chunk is still downloading. */
  Page: ComponentType;
  /** Downloads the chunk; once it is in, Page renders at once, with no spinner frame in between. */
  preload(): Promise<void>;
}

/** Like React.lazy, but a page preloaded before the first render renders in that first render. */
function lazyPage(load: Loader): LazyPage {
  let loaded: ComponentType | null = null;
  const remember = (module: PageModule) => {
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember));
  return {
    // Pages take no props: memo keeps a guard's re-render (the session check settling) from re-rendering
    // the whole page; a page still follows its own hooks.
    Page: memo(() => createElement(loaded ?? Lazy)),
    preload: () =>
      load().then(
        (module) => {
          remember(module);
        },
        () => undefined,
      ),
  };
}

/** Each page is its own chunk: the landing page downloads only what it shows. */
const registry: Record<PageKey, LazyPage> = {
  landing: lazyPage(() => import("../features/marketing/LandingPage")),
  learn: lazyPage(withContent(() => import("../features/marketing/LearnPage"))),
  privacy: lazyPage(withContent(() => import("../features/marketing/PrivacyPage"))),
  terms: lazyPage(withContent(() => import("../features/marketing/TermsPage"))),
  help: lazyPage(withContent(() => import("../features/marketing/HelpPage"))),
  cacheHelp: lazyPage(withContent(() => import("../features/marketing/CacheHelpPage"))),
  building: lazyPage(() => import("../features/marketing/BuildingPage")),
  login: lazyPage(() => import("../features/auth/LoginPage")),
  signup: lazyPage(() => import("../features/auth/SignupPage")),
  forgotPassword: lazyPage(() => import("../features/auth/ForgotPasswordPage")),
  resetPassword: lazyPage(() => import("../features/auth/ResetPasswordPage")),
  verifyEmail: lazyPage(() => import("../features/auth/VerifyEmailPage")),
  emailRevert: lazyPage(() => import("../features/auth/EmailRevertPage")),
  verificationRequired: lazyPage(() => import("../features/auth/VerificationRequiredPage")),
  oidcStart: lazyPage(() => import("../features/auth/OidcStartPage")),
  oidcCallback: lazyPage(() => import("../features/auth/OidcCallbackPage")),
  account: lazyPage(() => import("../features/account/AccountPage")),
  dreamInput: lazyPage(withDreams(() => import("../features/dreams/DreamInputPage"))),
  interpretation: lazyPage(withDreams(() => import("../features/dreams/InterpretationPage"))),
  journal: lazyPage(withDreams(() => import("../features/dreams/journal/JournalPage"))),
  personalSymbols: lazyPage(withDreams(() => import("../features/symbols/PersonalSymbolsPage"))),
  symbolManagement: lazyPage(withDreams(() => import("../features/admin/SymbolManagementPage"))),
  debugSymbols: lazyPage(withDreams(() => import("../features/admin/DebugSymbolsPage"))),
  // The index's cards name the affiliate tools in their own namespace; its announcements panel has its own too.
  adminIndex: lazyPage(
    withDreams(withReferrals(withAnnouncements(() => import("../features/admin/AdminIndexPage")))),
  ),
  subscribe: lazyPage(withBilling(() => import("../features/billing/PlansPage"))),
  checkoutStart: lazyPage(withBilling(() => import("../features/billing/CheckoutStartPage"))),
  sandboxCheckout: lazyPage(withBilling(() => import("../features/billing/SandboxCheckoutPage"))),
  checkoutSuccess: lazyPage(withBilling(() => import("../features/billing/CheckoutSuccessPage"))),
  checkoutRecovery: lazyPage(withBilling(() => import("../features/billing/CheckoutRecoveryPage"))),
  portalReturn: lazyPage(withBilling(() => import("../features/billing/PortalReturnPage"))),
  accountSubscription: lazyPage(withBilling(() => import("../features/billing/SubscriptionPage"))),
  premiumPromo: lazyPage(withBilling(() => import("../features/billing/PremiumPromoPage"))),
  billingDebug: lazyPage(withBilling(() => import("../features/billing/BillingDebugPage"))),
  oracleConsultation: lazyPage(withOracle(() => import("../features/oracle/ConsultationPage"))),
  oracleProfileSetup: lazyPage(withOracle(() => import("../features/oracle/ProfileSetupPage"))),
  oracleHistory: lazyPage(withOracle(() => import("../features/oracle/HistoryPage"))),
  oracleShared: lazyPage(withOracle(() => import("../features/oracle/SharedReadingPage"))),
  referrals: lazyPage(withReferrals(() => import("../features/referrals/ReferralsPage"))),
  affiliateDashboard: lazyPage(withReferrals(() => import("../features/affiliates/AffiliateDashboardPage"))),
  adminAffiliateApplications: lazyPage(
    withReferrals(() => import("../features/affiliates/AdminApplicationsPage")),
  ),
  adminAffiliates: lazyPage(withReferrals(() => import("../features/affiliates/AdminAffiliatesPage"))),
};
const notFound = lazyPage(() => import("../features/marketing/NotFoundPage"));

export const pages = Object.fromEntries(
  Object.entries(registry).map(([key, entry]) => [key, entry.Page]),
) as Record<PageKey, ComponentType>;

export const NotFoundPage = notFound.Page;

/** The route table's patterns (`/a/:param`, `/a/:param?`) as the Switch matches them, trailing slash allowed. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/\/:\w+\?/g, "(?:/[^/]+)?").replace(/:\w+/g, "[^/]+")}/?$`, "i");

/**
 * Downloads the page for the address being opened alongside the app's own texts, so the first render shows
 * the page itself rather than a spinner it then replaces (no layout shift, one round trip less before the
 * largest paint). Skipped where the guard will likely redirect: a public-only page with a session, a
 * members' page without one. Never rejects: a failed download is retried, and reported, by the render.
 */
export function preloadPage(pathname: string, signedIn: boolean): Promise<void> {
  const route = routeTable.find((candidate) => patternOf(candidate.path).test(pathname));
  if (!route) return notFound.preload();
  const kind = route.guard.kind;
  if (kind === "publicOnly" ? signedIn : kind !== "public" && !signedIn) return Promise.resolve();
  return registry[route.page].preload();
}

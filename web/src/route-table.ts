import { loginPathFor, returnToFrom } from "./features/auth/return-to";

/**
 * Every route of spec section 2 with its guard, in one table. Pages that later issues build point at the
 * "being built" page until then; their guards already apply.
 */
export type Guard =
  | { kind: "public" }
  /** Signed-in users go to /dream-input (`bypassQuery` lets e.g. /signup?ref= through). */
  | { kind: "publicOnly"; bypassQuery?: string }
  | { kind: "private" }
  /** Not premium and no unlimited access: the premium-promotion page instead. */
  | { kind: "premium"; fallback: string }
  /** Admins only; everyone else sees not-found. */
  | { kind: "admin" }
  /** Checkout flows: 'Preparing subscription...' while auth loads, /login without a user. */
  | { kind: "subscription" };

export type PageKey =
  | "landing"
  | "learn"
  | "login"
  | "signup"
  | "forgotPassword"
  | "resetPassword"
  | "verifyEmail"
  | "emailRevert"
  | "verificationRequired"
  | "oidcStart"
  | "oidcCallback"
  | "privacy"
  | "terms"
  | "help"
  | "cacheHelp"
  | "account"
  | "dreamInput"
  | "interpretation"
  | "journal"
  | "personalSymbols"
  | "symbolManagement"
  | "debugSymbols"
  | "adminIndex"
  | "subscribe"
  | "checkoutStart"
  | "sandboxCheckout"
  | "checkoutSuccess"
  | "checkoutRecovery"
  | "portalReturn"
  | "accountSubscription"
  | "premiumPromo"
  | "billingDebug"
  | "oracleConsultation"
  | "oracleProfileSetup"
  | "oracleHistory"
  | "oracleShared"
  | "referrals"
  | "affiliateDashboard"
  | "adminAffiliateApplications"
  | "adminAffiliates"
  | "building";

export interface RouteDef {
  path: string;
  guard: Guard;
  page: PageKey;
  /** Spec area that builds the page, shown on the "being built" page. */
  area?: string;
}

const pub = { kind: "public" } as const;
const priv = { kind: "private" } as const;
const admin = { kind: "admin" } as const;
const subscription = { kind: "subscription" } as const;
const premium = (fallback: string) => ({ kind: "premium", fallback }) as const;

export const routeTable: RouteDef[] = [
  // Public-only
  { path: "/", guard: { kind: "publicOnly" }, page: "landing" },
  { path: "/home", guard: { kind: "publicOnly" }, page: "landing" },
  { path: "/login", guard: { kind: "publicOnly" }, page: "login" },
  { path: "/signup", guard: { kind: "publicOnly", bypassQuery: "ref" }, page: "signup" },
  // Public
  { path: "/learn", guard: pub, page: "learn" },
  { path: "/forgot-password", guard: pub, page: "forgotPassword" },
  { path: "/reset-password", guard: pub, page: "resetPassword" },
  { path: "/verify-email", guard: pub, page: "verifyEmail" },
  { path: "/email-revert", guard: pub, page: "emailRevert" },
  { path: "/verification-required/:email?", guard: pub, page: "verificationRequired" },
  { path: "/auth", guard: pub, page: "oidcStart" },
  { path: "/callback", guard: pub, page: "oidcCallback" },
  { path: "/privacy-policy", guard: pub, page: "privacy" },
  { path: "/terms-of-service", guard: pub, page: "terms" },
  { path: "/help", guard: pub, page: "help" },
  { path: "/cache-help", guard: pub, page: "cacheHelp" },
  { path: "/ab-test-demo", guard: pub, page: "building", area: "abtests" },
  { path: "/share/oracle/:token", guard: pub, page: "oracleShared" },
  { path: "/signup-test", guard: pub, page: "building", area: "accounts" },
  { path: "/community", guard: pub, page: "building", area: "community" },
  { path: "/subscription/redirect", guard: pub, page: "portalReturn" },
  { path: "/subscription/success", guard: pub, page: "checkoutSuccess" },
  // Private
  { path: "/account", guard: priv, page: "account" },
  { path: "/profile", guard: priv, page: "account" },
  { path: "/dream-input", guard: priv, page: "dreamInput" },
  { path: "/interpretation", guard: priv, page: "interpretation" },
  { path: "/journal", guard: priv, page: "journal" },
  { path: "/personal-symbols", guard: priv, page: "personalSymbols" },
  { path: "/feedback", guard: priv, page: "building", area: "support" },
  { path: "/referrals", guard: priv, page: "referrals" },
  { path: "/affiliate-dashboard", guard: priv, page: "affiliateDashboard" },
  { path: "/welcome", guard: priv, page: "building", area: "dreams" },
  { path: "/oracle", guard: priv, page: "oracleConsultation" },
  { path: "/oracle-new", guard: priv, page: "oracleConsultation" },
  { path: "/oracle-profile-setup", guard: priv, page: "oracleProfileSetup" },
  { path: "/oracle-history", guard: priv, page: "oracleHistory" },
  { path: "/memory-lane", guard: priv, page: "building", area: "memory" },
  { path: "/premium-insights", guard: priv, page: "premiumPromo" },
  { path: "/premium-memory-lane", guard: priv, page: "premiumPromo" },
  { path: "/premium/features", guard: priv, page: "premiumPromo" },
  { path: "/insights", guard: premium("/premium-insights"), page: "building", area: "insights" },
  { path: "/premium/insights", guard: premium("/premium-insights"), page: "building", area: "insights" },
  { path: "/premium/community", guard: premium("/premium/features"), page: "building", area: "community" },
  // Subscription flows
  { path: "/subscribe", guard: subscription, page: "subscribe" },
  { path: "/subscription/premium-checkout", guard: subscription, page: "checkoutStart" },
  { path: "/subscription/checkout", guard: subscription, page: "checkoutStart" },
  { path: "/checkout", guard: subscription, page: "checkoutStart" },
  { path: "/stripe-checkout", guard: subscription, page: "checkoutStart" },
  { path: "/subscription/stripe-checkout", guard: subscription, page: "checkoutStart" },
  { path: "/stripe-checkout/success", guard: subscription, page: "checkoutSuccess" },
  { path: "/stripe-checkout/recovery", guard: subscription, page: "checkoutRecovery" },
  { path: "/stripe-checkout/elements", guard: subscription, page: "sandboxCheckout" },
  { path: "/account/subscription", guard: subscription, page: "accountSubscription" },
  // Admin tools (decisions.md: admin-only)
  { path: "/admin", guard: admin, page: "adminIndex" },
  { path: "/admin/verification", guard: admin, page: "building", area: "admin" },
  { path: "/admin/affiliates", guard: admin, page: "adminAffiliateApplications" },
  { path: "/admin/affiliate-management", guard: admin, page: "adminAffiliates" },
  { path: "/admin/system-reports", guard: admin, page: "building", area: "admin" },
  { path: "/admin/symbol-management", guard: admin, page: "symbolManagement" },
  { path: "/auth-test", guard: admin, page: "building", area: "admin" },
  { path: "/ai-debug", guard: admin, page: "building", area: "admin" },
  { path: "/debug-symbols", guard: admin, page: "debugSymbols" },
  { path: "/email-test", guard: admin, page: "building", area: "admin" },
  { path: "/subscription-test", guard: admin, page: "billingDebug" },
  { path: "/stripe-checkout/debug", guard: admin, page: "billingDebug" },
  { path: "/system-monitoring", guard: admin, page: "building", area: "admin" },
  { path: "/tracking", guard: admin, page: "building", area: "admin" },
];

export interface GuardUser {
  isAdmin: boolean;
  /** The server's decision (a premium tier or unlimited access), never re-derived here. */
  isPremium: boolean;
}

export type GuardDecision =
  | { kind: "render" }
  | { kind: "loading"; messageKey: "guards.authenticating" | "guards.preparingSubscription" }
  | { kind: "redirect"; to: string }
  | { kind: "notFound" };

/**
 * What a route shows for the current auth state: pure, so it is tested without rendering. `path` is the page
 * asked for (path and query): a guest sent to /login comes back to it after signing in.
 */
export function decideGuard(
  guard: Guard,
  auth: { loading: boolean; user: GuardUser | null },
  search: string,
  path = "",
): GuardDecision {
  switch (guard.kind) {
    case "public":
      return { kind: "render" };
    case "publicOnly": {
      if (auth.loading || !auth.user) return { kind: "render" };
      if (guard.bypassQuery && new URLSearchParams(search).has(guard.bypassQuery)) return { kind: "render" };
      return { kind: "redirect", to: returnToFrom(search) };
    }
    case "private":
    case "premium":
    case "admin":
    case "subscription": {
      if (auth.loading) {
        return {
          kind: "loading",
          messageKey:
            guard.kind === "subscription" ? "guards.preparingSubscription" : "guards.authenticating",
        };
      }
      if (!auth.user) return { kind: "redirect", to: loginPathFor(path) };
      if (guard.kind === "admin" && !auth.user.isAdmin) return { kind: "notFound" };
      if (guard.kind === "premium" && !auth.user.isPremium) return { kind: "redirect", to: guard.fallback };
      return { kind: "render" };
    }
  }
}

import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { PageKey } from "../route-table";

/** Each page is its own chunk: the landing page downloads only what it shows. */
export const pages: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  landing: lazy(() => import("../features/marketing/LandingPage")),
  learn: lazy(() => import("../features/marketing/LearnPage")),
  privacy: lazy(() => import("../features/marketing/PrivacyPage")),
  terms: lazy(() => import("../features/marketing/TermsPage")),
  help: lazy(() => import("../features/marketing/HelpPage")),
  cacheHelp: lazy(() => import("../features/marketing/CacheHelpPage")),
  building: lazy(() => import("../features/marketing/BuildingPage")),
  login: lazy(() => import("../features/auth/LoginPage")),
  signup: lazy(() => import("../features/auth/SignupPage")),
  forgotPassword: lazy(() => import("../features/auth/ForgotPasswordPage")),
  resetPassword: lazy(() => import("../features/auth/ResetPasswordPage")),
  verifyEmail: lazy(() => import("../features/auth/VerifyEmailPage")),
  verificationRequired: lazy(() => import("../features/auth/VerificationRequiredPage")),
  oidcStart: lazy(() => import("../features/auth/OidcStartPage")),
  oidcCallback: lazy(() => import("../features/auth/OidcCallbackPage")),
  account: lazy(() => import("../features/account/AccountPage")),
};

export const NotFoundPage = lazy(() => import("../features/marketing/NotFoundPage"));

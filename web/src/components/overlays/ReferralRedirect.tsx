import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import {
  browserReferralNavigation,
  isProductionHost,
  redirectToReferral,
  referralCodeFrom,
  referralRedirectTarget,
  storeReferral,
} from "../../lib/referral-redirect";

/**
 * Spec section 4: `?ref=CODE` anywhere but /signup goes to /signup?ref=CODE. wouter's location hooks follow
 * the first load, pushState/replaceState and back/forward (popstate), so every history change is checked.
 * On a production host (VITE_PRODUCTION_HOSTS) the redirect waits 100 ms and has a push-and-reload fallback.
 */
export function ReferralRedirect() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const target = referralRedirectTarget(location, search);
    if (!target) return;
    const code = referralCodeFrom(search);
    if (code) storeReferral(code, target);
    return redirectToReferral(
      target,
      {
        ...browserReferralNavigation,
        // Replace, so Back does not land on the ?ref page and bounce forward again.
        navigate: (to) => navigate(to, { replace: true }),
      },
      isProductionHost(window.location.hostname),
    );
  }, [location, search, navigate]);
  return null;
}

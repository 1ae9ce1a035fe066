/**
 * Spec section 4: a `?ref=CODE` on any page other than /signup saves the code and the redirect, then sends
 * the visitor to /signup?ref=CODE, where the code is applied to the new account.
 */
export const REFERRAL_CODE_KEY = "referralCode";
export const REFERRAL_REDIRECT_KEY = "referralRedirect";
export const REFERRAL_LAST_CODE_KEY = "lastReferralCode";

/** Codes the server issues: letters, digits, dash and underscore, at most 64 characters. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function referralCodeFrom(search: string): string | null {
  const code = new URLSearchParams(search).get("ref")?.trim() ?? "";
  return CODE_PATTERN.test(code) ? code : null;
}

const isSignupPath = (pathname: string) => (pathname.replace(/\/+$/, "") || "/") === "/signup";

/** Where the visitor should go, or null to stay. Pure: tested without a browser. */
export function referralRedirectTarget(pathname: string, search: string): string | null {
  if (isSignupPath(pathname)) return null;
  const code = referralCodeFrom(search);
  return code ? `/signup?ref=${encodeURIComponent(code)}` : null;
}

/** Keeps the code where the sign-up page can find it, even if the query string is lost on the way. */
export function storeReferral(code: string, target: string): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      storage.setItem(REFERRAL_CODE_KEY, code);
      storage.setItem(REFERRAL_REDIRECT_KEY, target);
      storage.setItem(REFERRAL_LAST_CODE_KEY, code);
    } catch {
      // Storage blocked: the code still travels in the query string.
    }
  }
}

/** The referral code for a sign-up: the query string first, then local storage, session storage, last used. */
export function storedReferralCode(search: string = window.location.search): string | null {
  const fromQuery = referralCodeFrom(search);
  if (fromQuery) return fromQuery;
  for (const [storage, key] of [
    [window.localStorage, REFERRAL_CODE_KEY],
    [window.sessionStorage, REFERRAL_CODE_KEY],
    [window.localStorage, REFERRAL_LAST_CODE_KEY],
  ] as const) {
    try {
      const value = storage.getItem(key);
      if (value && CODE_PATTERN.test(value)) return value;
    } catch {
      // Storage blocked: try the next one.
    }
  }
  return null;
}

/**
 * Spec section 4: a `?ref=CODE` on any page other than /signup saves the code and the redirect, then sends
 * the visitor to /signup?ref=CODE, where the code is applied to the new account. On known production hosts
 * the redirect waits 100 ms, and falls back to a history push and reload if the router did not move.
 */
import { REFERRAL_REDIRECT_DELAY_MS, REFERRAL_STORAGE_KEYS } from "../../../contract/referral-constants";

/** The spec's storage keys, from the contract (the one place that names them). */
export const REFERRAL_CODE_KEY = REFERRAL_STORAGE_KEYS.code;
export const REFERRAL_REDIRECT_KEY = REFERRAL_STORAGE_KEYS.redirect;
/** The last code used, the spec's final fallback: kept beside the code, under the same key's family. */
export const REFERRAL_LAST_CODE_KEY = `${REFERRAL_STORAGE_KEYS.code}-last`;

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

/** Spec section 9: how long the redirect waits on a production host (contract/referral-constants.ts). */
export { REFERRAL_REDIRECT_DELAY_MS };

/**
 * The known production hosts: `VITE_PRODUCTION_HOSTS` (comma-separated host names, e.g.
 * `chitta.app,www.chitta.app`), baked in at build time. None by default, so local runs redirect at once.
 */
export function productionHosts(raw: unknown = import.meta.env.VITE_PRODUCTION_HOSTS): string[] {
  return String(raw ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

export function isProductionHost(hostname: string, hosts: readonly string[] = productionHosts()): boolean {
  return hosts.includes(hostname.toLowerCase());
}

export interface ReferralNavigation {
  /** The router's own navigation, replacing the current entry. */
  navigate(target: string): void;
  /** Path and query the browser shows now. */
  current(): string;
  /** The last resort: push the target onto the history and load it afresh. */
  pushAndReload(target: string): void;
}

/**
 * Sends the visitor to `target`: at once, or on a production host after REFERRAL_REDIRECT_DELAY_MS; there,
 * if the location did not change (the router's navigation threw or was ignored), by a history push and a
 * reload. Returns a cancel function, for when the page changes before the delay is over.
 */
export function redirectToReferral(target: string, nav: ReferralNavigation, delayed: boolean): () => void {
  if (!delayed) {
    nav.navigate(target);
    return () => {};
  }
  const timer = setTimeout(() => {
    try {
      nav.navigate(target);
    } catch {
      // The fallback below takes over.
    }
    if (nav.current() !== target) nav.pushAndReload(target);
  }, REFERRAL_REDIRECT_DELAY_MS);
  return () => clearTimeout(timer);
}

/** The browser's side of ReferralNavigation (the router supplies `navigate`). */
export const browserReferralNavigation: Omit<ReferralNavigation, "navigate"> = {
  current: () => `${window.location.pathname}${window.location.search}`,
  pushAndReload(target) {
    try {
      window.history.pushState(null, "", target);
      window.location.reload();
    } catch {
      window.location.assign(target);
    }
  },
};

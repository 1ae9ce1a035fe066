import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "../components/layout/test-helpers";
import { ReferralRedirect } from "../components/overlays/ReferralRedirect";
import { isolateEachTest } from "../test-helpers";
import {
  isProductionHost,
  productionHosts,
  REFERRAL_CODE_KEY,
  REFERRAL_REDIRECT_DELAY_MS,
  REFERRAL_REDIRECT_KEY,
  type ReferralNavigation,
  redirectToReferral,
  referralRedirectTarget,
  storedReferralCode,
} from "./referral-redirect";

isolateEachTest();

describe("referralRedirectTarget (spec section 4)", () => {
  it("sends a ?ref code on any page but /signup to /signup?ref=CODE", () => {
    expect(referralRedirectTarget("/", "?ref=ABC123")).toBe("/signup?ref=ABC123");
    expect(referralRedirectTarget("/learn", "?utm_source=x&ref=abc-9")).toBe("/signup?ref=abc-9");
    expect(referralRedirectTarget("/login", "ref=Z_1")).toBe("/signup?ref=Z_1");
    expect(referralRedirectTarget("/dream-input", "?ref=%20ABC%20")).toBe("/signup?ref=ABC");
  });

  it("stays put on /signup, without a code, or with a malformed code", () => {
    expect(referralRedirectTarget("/signup", "?ref=ABC")).toBeNull();
    expect(referralRedirectTarget("/signup/", "?ref=ABC")).toBeNull();
    expect(referralRedirectTarget("/", "")).toBeNull();
    expect(referralRedirectTarget("/", "?ref=")).toBeNull();
    expect(referralRedirectTarget("/", "?reference=ABC")).toBeNull();
    expect(referralRedirectTarget("/", "?ref=<script>")).toBeNull();
    expect(referralRedirectTarget("/", `?ref=${"A".repeat(65)}`)).toBeNull();
  });

  it("recovers a stored code when the query string has none", () => {
    expect(storedReferralCode("")).toBeNull();
    window.sessionStorage.setItem(REFERRAL_CODE_KEY, "FROMSESSION");
    expect(storedReferralCode("")).toBe("FROMSESSION");
    window.localStorage.setItem(REFERRAL_CODE_KEY, "FROMLOCAL");
    expect(storedReferralCode("")).toBe("FROMLOCAL");
    expect(storedReferralCode("?ref=FROMQUERY")).toBe("FROMQUERY");
  });
});

describe("ReferralRedirect", () => {
  it("stores the code and the redirect, then replaces the location with /signup?ref=CODE", () => {
    stubApi(null);
    const { memory } = renderWithApp(<ReferralRedirect />, { path: "/learn?ref=FRIEND42" });
    expect(memory.history.at(-1)).toBe("/signup?ref=FRIEND42");
    expect(memory.history).toHaveLength(1);
    expect(window.localStorage.getItem(REFERRAL_CODE_KEY)).toBe("FRIEND42");
    expect(window.localStorage.getItem(REFERRAL_REDIRECT_KEY)).toBe("/signup?ref=FRIEND42");
  });

  it("checks again on every history change", () => {
    stubApi(null);
    const { memory } = renderWithApp(<ReferralRedirect />, { path: "/" });
    expect(memory.history).toEqual(["/"]);
    act(() => memory.navigate("/help?ref=LATER1"));
    expect(memory.history.at(-1)).toBe("/signup?ref=LATER1");
    act(() => memory.navigate("/signup?ref=LATER1"));
    expect(memory.history.at(-1)).toBe("/signup?ref=LATER1");
  });
});

describe("production hosts (spec section 4: the redirect waits 100 ms there)", () => {
  it("reads VITE_PRODUCTION_HOSTS, comma-separated, and has none by default", () => {
    expect(productionHosts(undefined)).toEqual([]);
    expect(productionHosts("")).toEqual([]);
    expect(productionHosts(" chitta.app, WWW.chitta.app ,")).toEqual(["chitta.app", "www.chitta.app"]);
    expect(isProductionHost("localhost", [])).toBe(false);
    expect(isProductionHost("WWW.Chitta.App", ["www.chitta.app"])).toBe(true);
    expect(isProductionHost("chitta.app.evil.example", ["chitta.app"])).toBe(false);
  });

  it("takes the hosts from the build's environment", () => {
    vi.stubEnv("VITE_PRODUCTION_HOSTS", "chitta.app,localhost");
    expect(isProductionHost("localhost")).toBe(true);
    vi.stubEnv("VITE_PRODUCTION_HOSTS", "");
    expect(isProductionHost("localhost")).toBe(false);
  });
});

describe("redirectToReferral", () => {
  const TARGET = "/signup?ref=FRIEND42";

  /** A router whose navigation moves `at`, unless `works` is false (it is then ignored). */
  function fakeNavigation(works = true) {
    const state = { at: "/learn?ref=FRIEND42" };
    const nav = {
      navigate: vi.fn((to: string) => {
        if (works) state.at = to;
      }),
      current: vi.fn(() => state.at),
      pushAndReload: vi.fn(),
    } satisfies ReferralNavigation;
    return { nav, state };
  }

  it("navigates at once when the host is not a production host", () => {
    vi.useFakeTimers();
    const { nav } = fakeNavigation();
    redirectToReferral(TARGET, nav, false);
    expect(nav.navigate).toHaveBeenCalledWith(TARGET);
    vi.runAllTimers();
    expect(nav.pushAndReload).not.toHaveBeenCalled();
  });

  it("waits 100 ms on a production host, then navigates without the fallback when the location moved", () => {
    vi.useFakeTimers();
    const { nav } = fakeNavigation();
    redirectToReferral(TARGET, nav, true);
    vi.advanceTimersByTime(REFERRAL_REDIRECT_DELAY_MS - 1);
    expect(nav.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(nav.navigate).toHaveBeenCalledWith(TARGET);
    expect(nav.pushAndReload).not.toHaveBeenCalled();
  });

  it("falls back to a history push and reload when the location did not change", () => {
    vi.useFakeTimers();
    const { nav } = fakeNavigation(false);
    redirectToReferral(TARGET, nav, true);
    vi.advanceTimersByTime(REFERRAL_REDIRECT_DELAY_MS);
    expect(nav.navigate).toHaveBeenCalledWith(TARGET);
    expect(nav.pushAndReload).toHaveBeenCalledWith(TARGET);
  });

  it("falls back too when the router's navigation throws", () => {
    vi.useFakeTimers();
    const { nav } = fakeNavigation();
    nav.navigate.mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    redirectToReferral(TARGET, nav, true);
    vi.advanceTimersByTime(REFERRAL_REDIRECT_DELAY_MS);
    expect(nav.pushAndReload).toHaveBeenCalledWith(TARGET);
  });

  it("does nothing once cancelled (the page changed within the 100 ms)", () => {
    vi.useFakeTimers();
    const { nav } = fakeNavigation();
    const cancel = redirectToReferral(TARGET, nav, true);
    vi.advanceTimersByTime(REFERRAL_REDIRECT_DELAY_MS / 2);
    cancel();
    vi.runAllTimers();
    expect(nav.navigate).not.toHaveBeenCalled();
    expect(nav.pushAndReload).not.toHaveBeenCalled();
  });
});

describe("ReferralRedirect on a production host (browser history)", () => {
  beforeEach(() => {
    vi.stubEnv("VITE_PRODUCTION_HOSTS", window.location.hostname);
    window.history.replaceState(null, "", "/learn?ref=FRIEND42");
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, "", "/");
  });

  it("stores the code at once and replaces the location with /signup?ref=CODE after 100 ms", () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    const historyLength = window.history.length;
    render(<ReferralRedirect />);
    expect(window.localStorage.getItem(REFERRAL_CODE_KEY)).toBe("FRIEND42");
    act(() => vi.advanceTimersByTime(REFERRAL_REDIRECT_DELAY_MS - 1));
    expect(window.location.pathname).toBe("/learn");
    act(() => vi.advanceTimersByTime(1));
    expect(`${window.location.pathname}${window.location.search}`).toBe("/signup?ref=FRIEND42");
    expect(window.history.length).toBe(historyLength);
    expect(reload).not.toHaveBeenCalled();
  });

  it("pushes the target and reloads when the router's navigation does not take", () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    vi.spyOn(window.history, "replaceState").mockImplementation(() => {});
    const push = vi.spyOn(window.history, "pushState");
    render(<ReferralRedirect />);
    act(() => vi.advanceTimersByTime(REFERRAL_REDIRECT_DELAY_MS));
    expect(push).toHaveBeenCalledWith(null, "", "/signup?ref=FRIEND42");
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

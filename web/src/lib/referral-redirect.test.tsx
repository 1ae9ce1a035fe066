import { act, cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "../components/layout/test-helpers";
import { ReferralRedirect } from "../components/overlays/ReferralRedirect";
import {
  REFERRAL_CODE_KEY,
  REFERRAL_REDIRECT_KEY,
  referralRedirectTarget,
  storedReferralCode,
} from "./referral-redirect";

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

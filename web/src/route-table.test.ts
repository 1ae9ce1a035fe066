import { describe, expect, it } from "vitest";
import { decideGuard, routeTable } from "./route-table";

const member = { isAdmin: false, isPremium: false };
const signedIn = { loading: false, user: member };
const guest = { loading: false, user: null };
const loading = { loading: true, user: null };
const guardOf = (path: string) => routeTable.find((route) => route.path === path)!.guard;

describe("route guards (spec section 2)", () => {
  it("lists every route of the spec once", () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      "/",
      "/home",
      "/login",
      "/signup",
      "/journal",
      "/insights",
      "/admin/symbol-management",
      "/share/oracle/:token",
      "/verification-required/:email?",
      "/stripe-checkout/debug",
      "/oracle-new",
      "/profile",
      "/account",
    ]) {
      expect(paths).toContain(path);
    }
  });

  it("private: 'Authenticating...' while loading, /login for guests", () => {
    expect(decideGuard(guardOf("/journal"), loading, "")).toEqual({
      kind: "loading",
      messageKey: "guards.authenticating",
    });
    expect(decideGuard(guardOf("/journal"), guest, "")).toEqual({ kind: "redirect", to: "/login" });
    expect(decideGuard(guardOf("/journal"), signedIn, "")).toEqual({ kind: "render" });
  });

  it("public-only: signed-in users go to /dream-input, except /signup?ref=", () => {
    expect(decideGuard(guardOf("/login"), signedIn, "")).toEqual({ kind: "redirect", to: "/dream-input" });
    expect(decideGuard(guardOf("/login"), guest, "")).toEqual({ kind: "render" });
    expect(decideGuard(guardOf("/signup"), signedIn, "?ref=ABC")).toEqual({ kind: "render" });
    expect(decideGuard(guardOf("/signup"), signedIn, "")).toEqual({ kind: "redirect", to: "/dream-input" });
  });

  it("premium: promotion page unless the server says the user is premium", () => {
    expect(decideGuard(guardOf("/insights"), signedIn, "")).toEqual({
      kind: "redirect",
      to: "/premium-insights",
    });
    expect(
      decideGuard(guardOf("/insights"), { loading: false, user: { ...member, isPremium: true } }, ""),
    ).toEqual({ kind: "render" });
  });

  it("admin: not-found for members, the page for admins, /login for guests", () => {
    expect(decideGuard(guardOf("/admin"), signedIn, "")).toEqual({ kind: "notFound" });
    expect(decideGuard(guardOf("/debug-symbols"), signedIn, "")).toEqual({ kind: "notFound" });
    expect(
      decideGuard(guardOf("/admin"), { loading: false, user: { ...member, isAdmin: true } }, ""),
    ).toEqual({ kind: "render" });
    expect(decideGuard(guardOf("/admin"), guest, "")).toEqual({ kind: "redirect", to: "/login" });
  });

  it("subscription wrapper: 'Preparing subscription...' while loading, /login without a user", () => {
    expect(decideGuard(guardOf("/subscribe"), loading, "")).toEqual({
      kind: "loading",
      messageKey: "guards.preparingSubscription",
    });
    expect(decideGuard(guardOf("/checkout"), guest, "")).toEqual({ kind: "redirect", to: "/login" });
  });

  it("sends a guest to /login with the page asked for, and back to it after signing in", () => {
    expect(decideGuard(guardOf("/journal"), guest, "q=sea", "/journal?q=sea")).toEqual({
      kind: "redirect",
      to: "/login?returnTo=%2Fjournal%3Fq%3Dsea",
    });
    expect(decideGuard(guardOf("/login"), signedIn, "returnTo=%2Fjournal")).toEqual({
      kind: "redirect",
      to: "/journal",
    });
    // Never off the site.
    expect(decideGuard(guardOf("/login"), signedIn, "returnTo=%2F%2Fevil.example")).toEqual({
      kind: "redirect",
      to: "/dream-input",
    });
  });

  it("/subscription/redirect (the billing portal's way back) is public, as the spec lists it", () => {
    expect(decideGuard(guardOf("/subscription/redirect"), guest, "")).toEqual({ kind: "render" });
  });
});

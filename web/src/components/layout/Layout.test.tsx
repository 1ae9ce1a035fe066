import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../../lib/i18n";
import { isolateEachTest } from "../../test-helpers";
import { acceptsToggle, MOBILE_MENU_DEBOUNCE_MS } from "./Header";
import { Layout } from "./Layout";
import { memberNavItems, showsPremiumBadge } from "./nav-items";
import { particleCountForViewport } from "./ParticleBackground";
import { jsonResponse, makeUser, renderWithApp, stubApi } from "./test-helpers";

const memberPaths = [
  "/dream-input",
  "/oracle",
  "/memory-lane",
  "/community",
  "/referrals",
  "/insights",
  "/journal",
  "/oracle-history",
];

// The account menu and the About dialog load on demand; loaded once here (the hook has a generous timeout),
// so a busy machine cannot make a test's 1-second wait for them time out.
beforeAll(async () => {
  await Promise.all([import("./ProfileMenu"), import("./AboutDialog")]);
});

function primaryNavHrefs() {
  const nav = screen.getByRole("navigation", { name: "Main navigation" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.getAttribute("href"));
}

async function renderLayout(user: ReturnType<typeof makeUser> | null, path = "/") {
  stubApi(user);
  const view = renderWithApp(
    <Layout>
      <p>page content</p>
    </Layout>,
    { path },
  );
  // The header shows its navigation once the session check has answered.
  await screen.findByRole("navigation", { name: "Main navigation" });
  return view;
}

isolateEachTest();

describe("Layout navigation (spec section 2)", () => {
  it("shows guests Home, Learn, Login and Sign up, with the logo linking to /", async () => {
    await renderLayout(null);
    expect(primaryNavHrefs()).toEqual(["/", "/learn", "/login", "/signup"]);
    expect(screen.getByRole("link", { name: "Login" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign up" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "CHITTA, home" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("link", { name: "Journal" })).toBeNull();
    expect(screen.getByText("page content").closest("main")?.id).toBe("main");
  });

  it("shows signed-in users the full navigation and the account menu, with the logo linking to /dream-input", async () => {
    await renderLayout(makeUser());
    expect(primaryNavHrefs()).toEqual(memberPaths);
    expect(screen.getByRole("link", { name: "Decode dreams" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Ask the oracle/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Improve memory" })).toBeTruthy();
    // The account menu's code loads on demand.
    expect(await screen.findByRole("button", { name: "Account menu for dreamer" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
    expect(screen.getByRole("link", { name: "CHITTA, home" }).getAttribute("href")).toBe("/dream-input");
  });

  it("marks the current page with aria-current", async () => {
    await renderLayout(makeUser(), "/journal");
    expect(screen.getByRole("link", { name: "Journal" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Decode dreams" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Oracle history" }).getAttribute("aria-current")).toBeNull();
  });

  it("puts a PREMIUM badge on the oracle unless the server says the user is premium, or the user is an admin", async () => {
    const free = makeUser();
    expect(showsPremiumBadge(free)).toBe(true);
    expect(showsPremiumBadge(makeUser({ isPremium: true, hasUnlimitedAccess: true }))).toBe(false);
    expect(showsPremiumBadge(makeUser({ isAdmin: true }))).toBe(false);

    await renderLayout(free);
    const oracle = screen.getByRole("link", { name: /Ask the oracle/ });
    expect(within(oracle).getByText("PREMIUM")).toBeTruthy();
    expect(oracle.textContent).toContain("(premium feature)");
  });

  it("shows no PREMIUM badge to a premium member", async () => {
    await renderLayout(makeUser({ isPremium: true, subscriptionTier: "premium" }));
    const oracle = screen.getByRole("link", { name: /Ask the oracle/ });
    expect(within(oracle).queryByText("PREMIUM")).toBeNull();
  });

  it("lists the affiliate dashboard only for an active affiliate", async () => {
    for (const status of ["inactive", "pending", "suspended"]) {
      expect(memberNavItems(makeUser({ affiliateStatus: status })).map((item) => item.href)).not.toContain(
        "/affiliate-dashboard",
      );
    }
    await renderLayout(makeUser({ affiliateStatus: "active" }));
    expect(primaryNavHrefs()).toEqual([...memberPaths, "/affiliate-dashboard"]);
    expect(screen.getByRole("link", { name: "Affiliate dashboard" })).toBeTruthy();
  });
});

describe("mobile menu", () => {
  it("ignores toggle taps within 300 ms of the previous one", async () => {
    expect(MOBILE_MENU_DEBOUNCE_MS).toBe(300);
    expect(acceptsToggle(1000, null)).toBe(true);
    expect(acceptsToggle(1299, 1000)).toBe(false);
    expect(acceptsToggle(1300, 1000)).toBe(true);

    await renderLayout(null);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T08:00:00Z"));
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-controls")).toBe("mobile-menu");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById("mobile-menu")?.hidden).toBe(false);

    // A double tap: the second tap is ignored, the menu stays open.
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    vi.advanceTimersByTime(299);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");

    vi.advanceTimersByTime(1);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById("mobile-menu")?.hidden).toBe(true);
  });

  it("closes on Escape and on navigation", async () => {
    const { memory } = await renderLayout(makeUser());
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const mobileNav = screen.getByRole("navigation", { name: "Mobile navigation" });
    expect(within(mobileNav).getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/profile");

    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 1000);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    act(() => memory.navigate("/journal"));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("disables the logout button and shows 'Logging out...' while logging out", async () => {
    await renderLayout(makeUser());
    // The server does not answer the logout yet.
    stubApi(makeUser(), (url) =>
      url.startsWith("/api/auth/logout") ? new Promise<Response>(() => {}) : undefined,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const logout = screen.getByRole("button", { name: "Log out" });
    await act(async () => {
      fireEvent.click(logout);
    });
    const menu = document.getElementById("mobile-menu")!;
    const busy = within(menu).getByRole("button", { name: "Logging out..." }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    // The desktop header says the same while the user is already cleared.
    const header = screen.getByRole("banner");
    expect(within(header).getAllByRole("button", { name: "Logging out..." })).toHaveLength(2);
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
  });
});

describe("header controls and footer", () => {
  it("switches the language with the selector", async () => {
    await renderLayout(null);
    const select = screen.getByRole("combobox", { name: "Language" }) as HTMLSelectElement;
    expect(select.value).toBe("en");
    act(() => {
      fireEvent.change(select, { target: { value: "es" } });
    });
    expect(window.localStorage.getItem("language")).toBe("es");
    expect(screen.getByRole("link", { name: "Iniciar sesión" })).toBeTruthy();
    act(() => changeLanguage("en"));
  });

  it("saves a signed-in user's choice on the account, so mails follow it; a guest's stays in the browser", async () => {
    const saved: unknown[] = [];
    const fetchMock = stubApi(makeUser({ language: "en" }), (url, init) => {
      if (url !== "/api/user" || init?.method !== "PATCH") return undefined;
      saved.push(JSON.parse(String(init.body)));
      return jsonResponse(makeUser({ language: "es" }));
    });
    renderWithApp(
      <Layout>
        <p>page content</p>
      </Layout>,
    );
    await screen.findByRole("button", { name: /Account menu/ });
    act(() => {
      fireEvent.change(screen.getAllByRole("combobox", { name: "Language" })[0]!, {
        target: { value: "es" },
      });
    });
    await vi.waitFor(() => expect(saved).toEqual([{ language: "es" }]));
    act(() => changeLanguage("en"));

    cleanup();
    fetchMock.mockClear();
    await renderLayout(null);
    act(() => {
      fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "es" } });
    });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
    act(() => changeLanguage("en"));
  });

  it("toggles the theme, dark by default, stored under chitta-theme", async () => {
    document.documentElement.classList.add("dark");
    await renderLayout(null);
    fireEvent.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(window.localStorage.getItem("chitta-theme")).toBe("light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    expect(window.localStorage.getItem("chitta-theme")).toBe("dark");
  });

  it("links terms, privacy and help, opens About with the three steps, shows the year", async () => {
    await renderLayout(null);
    const footer = screen.getByRole("navigation", { name: "Site information" });
    expect(
      within(footer)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/terms-of-service", "/privacy-policy", "/help"]);
    expect(screen.getByText(`© ${new Date().getFullYear()} CHITTA. All rights reserved.`)).toBeTruthy();
    expect(screen.getByText(/draws on the dream-symbol tradition described in a book/)).toBeTruthy();

    fireEvent.click(within(footer).getByRole("button", { name: "About" }));
    const dialog = await screen.findByRole("dialog", { name: "About CHITTA" });
    for (const step of ["Enter Your Dreams", "Discover Ancient Symbols", "Receive Soul Guidance"]) {
      expect(within(dialog).getByText(step)).toBeTruthy();
    }
  });

  it("offers a skip link to the main content", async () => {
    await renderLayout(null);
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip.getAttribute("href")).toBe("#main");
    const main = document.getElementById("main");
    expect(main?.tagName).toBe("MAIN");
    expect(main?.getAttribute("tabindex")).toBe("-1");
  });
});

describe("particle background", () => {
  it("uses 1600 particles on a desktop screen and fewer on a phone", () => {
    expect(particleCountForViewport(1920, 1080)).toBe(1600);
    expect(particleCountForViewport(1280, 720)).toBe(1600);
    const phone = particleCountForViewport(360, 800);
    expect(phone).toBeLessThan(800);
    expect(phone).toBeGreaterThanOrEqual(150);
    expect(particleCountForViewport(10, 10)).toBe(150);
  });

  it("renders a decorative canvas hidden from assistive technology", async () => {
    const { container } = await renderLayout(null);
    const canvas = container.querySelector("canvas");
    expect(canvas?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { grantAdmin } from "../server/modules/accounts/grant-admin";
import {
  journeySuite,
  newPage,
  PHONE,
  SCREENSHOT_DEVICES,
  SCREENSHOT_DIR,
  seriousViolations,
  signUpAndLogIn,
} from "./support";

const suite = journeySuite();

describe("account journey", () => {
  it("signs up, verifies by mail, logs in, switches to Spanish (kept after reload) and logs out", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    const password = "a dream within a dream 7";
    await signUpAndLogIn(page, suite.server, "wanderer", password);

    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect.poll(() => nav.getByRole("link", { name: "Decode dreams" }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "Journal" }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "Login" }).count()).toBe(0);

    await page
      .getByRole("combobox", { name: "Language" })
      .first()
      .selectOption("es")
      .catch(async () => {
        await page.getByRole("button", { name: "Language" }).first().click();
        await page.getByRole("menuitemradio", { name: "Español" }).click();
      });
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    const spanishNav = page.getByRole("navigation", { name: "Navegación principal" });
    await expect
      .poll(() => spanishNav.getByRole("link", { name: "Descifra tus sueños" }).isVisible())
      .toBe(true);
    await page.reload();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await expect.poll(() => spanishNav.getByRole("link", { name: "Diario" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: /Menú de la cuenta|Account menu/ }).click();
    // The screen leaves for /login as soon as the local user is cleared; the server's answer comes after.
    const loggedOut = page.waitForResponse((response) => response.url().endsWith("/api/auth/logout"));
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await loggedOut;
    await page.waitForURL(/\/login$/);
    const me = await page.request.get("/api/user");
    expect(me.status()).toBe(401);
    await context.close();
  });
});

describe("languages", () => {
  it("paints Spanish from the first frame, downloads only the chosen language and switches on a content page", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    await page.addInitScript(() => {
      window.localStorage.setItem("language", "es");
      // The first text the app puts on screen, caught before any later render can replace it.
      new MutationObserver((_, observer) => {
        const text = document.getElementById("root")?.textContent ?? "";
        if (text) {
          (window as { firstPaintText?: string }).firstPaintText = text;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });

    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const first = await page.evaluate(() => (window as { firstPaintText?: string }).firstPaintText ?? "");
    expect(first).toContain("Saltar al contenido principal");
    expect(first).toContain("Términos del servicio");
    expect(first).not.toContain("Skip to main content");
    expect(first).not.toMatch(/\b(nav|layout|landing|footer)\.[a-zA-Z]/);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(scripts.filter((path) => /\/assets\/es-/.test(path))).toHaveLength(1);
    expect(scripts.filter((path) => /\/assets\/en-/.test(path))).toEqual([]);

    await page.goto("/help");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toBe(
      "¿En qué podemos ayudarte?",
    );
    await page.getByRole("combobox", { name: "Idioma" }).first().selectOption("en");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).first().textContent())
      .toBe("How can we help?");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    await context.close();
  });
});

describe("guards", () => {
  it("sends guests from private pages to /login, signed-in users from /login to /dream-input, non-admins to not-found", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    await page.goto("/journal");
    await page.waitForURL(/\/login\?returnTo=%2Fjournal$/);

    const password = "guarded by the moon 3";
    await signUpAndLogIn(page, suite.server, "guarded", password);
    await page.goto("/login");
    await page.waitForURL(/\/dream-input$/);

    await page.goto("/admin/symbol-management");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("This page drifted away");
    expect(page.url()).toMatch(/\/admin\/symbol-management$/);

    await grantAdmin(suite.server.db, "guarded");
    await page.goto("/admin/symbol-management");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .not.toBe("This page drifted away");
    await context.close();
  });
});

describe("phone", () => {
  it("opens and closes the mobile menu and navigates from it", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin, PHONE);
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile navigation" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: "Learn" }).click();
    await page.waitForURL(/\/learn$/);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });
});

const AUDITED_PAGES = [
  "/",
  "/learn",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password?token=abcdefghijklmnop",
  "/verify-email",
  "/verification-required/someone%40example.com",
  "/privacy-policy",
  "/terms-of-service",
  "/help",
  "/cache-help",
  "/no-such-page",
];

describe("accessibility (axe): no serious or critical violations", () => {
  for (const language of ["en", "es"] as const) {
    it(`public pages in ${language}`, async () => {
      const { context, page } = await newPage(suite.browser, suite.server.origin);
      await page.addInitScript((lng) => window.localStorage.setItem("language", lng), language);
      const found: string[] = [];
      for (const path of AUDITED_PAGES) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        for (const violation of await seriousViolations(page)) found.push(`${path} ${violation}`);
      }
      expect(found).toEqual([]);
      await context.close();
    });

    it(`account page in ${language}`, async () => {
      const { context, page } = await newPage(suite.browser, suite.server.origin);
      const password = "accessible dreams 4";
      await signUpAndLogIn(page, suite.server, `axe_${language}`, password);
      await page.evaluate((lng) => window.localStorage.setItem("language", lng), language);
      await page.goto("/account");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(language);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe("screenshots", () => {
  it("captures landing, login, signup and account on desktop and phone", async () => {
    const password = "pictures of dreams 5";
    for (const [name, device] of SCREENSHOT_DEVICES) {
      const { context, page } = await newPage(suite.browser, suite.server.origin, device);
      for (const [shot, path] of [
        ["landing", "/"],
        ["login", "/login"],
        ["signup", "/signup"],
      ] as const) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${shot}-${name}.png`, fullPage: true });
      }
      await signUpAndLogIn(page, suite.server, `shots_${name}`, password);
      await page.goto("/account");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/account-${name}.png`, fullPage: true });
      await context.close();
    }
  });
});

import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { journeySuite, newPage, seriousViolations, signUpAndLogIn } from "./support";

/*
 * The installable app (issue 15, part 4): the service worker takes over after one reload, the app shell opens
 * offline, the manifest's icons exist, and the push prompt card and /cache-help pass axe in both languages.
 */

const suite = journeySuite();
const PASSWORD = "the moon keeps watch 15";

const TEXTS = {
  en: { card: "Stay Updated", enable: "Enable" },
  es: { card: "Mantente al día", enable: "Activar" },
} as const;

/** The installed app's window: `(display-mode: standalone)` matches from the next page load on. */
async function runAsInstalledApp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query.includes("display-mode: standalone")
        ? ({ ...original(query), matches: true } as MediaQueryList)
        : original(query);
  });
}

async function chooseLanguage(page: Page, language: "en" | "es"): Promise<void> {
  if (language === "en") return;
  // The header's choice (the phone menu holds a second one).
  await page.getByLabel("Language").first().selectOption(language);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

/** PNG width and height, from the IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe("the installable app", () => {
  it("is controlled by the service worker after one reload, and opens /journal and /dream-input offline, signed in", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    await signUpAndLogIn(page, suite.server, "pwa_offline", PASSWORD);
    await page.goto("/journal");
    await page.getByRole("heading", { name: "Your dream journal" }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    for (const path of ["/journal", "/dream-input"]) {
      await page.goto(path);
      // The shell, its code and its texts came from the cache: the frame renders and says the app is offline.
      await page
        .getByRole("link", { name: /CHITTA/ })
        .first()
        .waitFor();
      await page.getByText("You appear to be offline. Please check your internet connection.").waitFor();
      expect(await page.title()).toContain("CHITTA");
      // Still signed in, on the page asked for (the last confirmed user stands in for the session check).
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.goto("/journal");
    await page.getByRole("heading", { name: "Your dream journal" }).waitFor();
    await page.goto("/dream-input");
    await page.getByLabel("Describe your dream").waitFor();
    await context.close();
  });

  it("serves every icon its manifest names, as PNGs of the stated size", async () => {
    const origin = suite.server.origin;
    const manifestResponse = await fetch(`${origin}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    const manifest = (await manifestResponse.json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: "/dream-input", display: "standalone" });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, origin));
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get("content-type"), icon.src).toBe("image/png");
      const [width, height] = pngSize(Buffer.from(await response.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    const html = await (await fetch(`${origin}/`)).text();
    const appleIcon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    const apple = await fetch(new URL(appleIcon ?? "/missing", origin));
    expect(apple.status).toBe(200);
    expect(pngSize(Buffer.from(await apple.arrayBuffer()))).toEqual([180, 180]);
  });

  for (const language of ["en", "es"] as const) {
    it(`shows an accessible 'Stay Updated' card in the installed app (${language})`, async () => {
      const { context, page } = await newPage(suite.browser, suite.server.origin);
      await context.grantPermissions(["notifications"]);
      await signUpAndLogIn(page, suite.server, `pwa_prompt_${language}`, PASSWORD);
      await chooseLanguage(page, language);
      if (language === "en") {
        // Installed from this tab: the card follows the browser's appinstalled event.
        await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
      } else {
        await runAsInstalledApp(context);
        await page.reload();
      }
      const card = page.getByRole("complementary", { name: TEXTS[language].card });
      await card.waitFor();
      await card.getByRole("button", { name: TEXTS[language].enable }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`keeps /cache-help accessible (${language})`, async () => {
      const { context, page } = await newPage(suite.browser, suite.server.origin);
      await context.addInitScript((lang) => window.localStorage.setItem("language", lang), language);
      await page.goto("/cache-help");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

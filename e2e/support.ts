import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type Driver, linkIn, type TestApp } from "../server/test/harness";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = "test-results/screenshots";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * The real server (built web app included) on a free loopback port, on PostgreSQL when TEST_DATABASE_URL is
 * set, mailing to an in-process SMTP server.
 */
export async function startServer(): Promise<TestApp & { origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const driver: Driver = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
  // Journeys sign several people up from one IP; throttles have their own suite.
  const t = await createTestApp(driver, {
    env: { PUBLIC_URL: origin, PORT: String(port), RATE_LIMITS: "off" },
    realClock: true,
  });
  await t.app.listen({ host: "127.0.0.1", port });
  return { ...t, origin };
}

export type JourneyServer = Awaited<ReturnType<typeof startServer>>;

/**
 * A journey file's server and browser: started before its tests (with the screenshot folder), closed after
 * them. Read `server` and `browser` inside tests or hooks, once they have started.
 */
export function journeySuite(): { server: JourneyServer; browser: Browser } {
  const suite = {} as { server: JourneyServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startServer();
    suite.browser = await launchBrowser();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** The devices each screenshot is taken on, by the name in its file name. */
export const SCREENSHOT_DEVICES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

export async function newPage(
  browser: Browser,
  origin: string,
  device = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...device,
    baseURL: origin,
    locale: "en-US",
    reducedMotion: "reduce",
  });
  // The first-visit welcome modal and tutorial have their own unit tests; journeys start past them.
  await context.addInitScript(() => {
    window.localStorage.setItem("welcomeSeen", "true");
    window.localStorage.setItem("tutorialSeen", "true");
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs `username` up through the page and opens the verification link from its mail. */
export async function signUpAndVerify(
  page: Page,
  server: JourneyServer,
  username: string,
  password: string,
): Promise<string> {
  const email = `${username}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/verification-required\//);
  const link = linkIn(await server.smtp.lastMailTo(email), `${server.origin}/verify-email?token=`);
  await page.goto(link.toString());
  await page.getByText("Your email address is verified").first().waitFor();
  return email;
}

/** Signs in through the login page; the app then lands on /dream-input. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/dream-input$/);
}

/** A new user, signed up, verified and signed in through the pages (on /dream-input). */
export async function signUpAndLogIn(
  page: Page,
  server: JourneyServer,
  username: string,
  password: string,
): Promise<void> {
  await signUpAndVerify(page, server, username, password);
  await logIn(page, username, password);
}

/** axe (WCAG 2.1 A/AA and best practice): the serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

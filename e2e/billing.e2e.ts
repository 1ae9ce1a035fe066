import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  journeySuite,
  newPage,
  SCREENSHOT_DEVICES,
  SCREENSHOT_DIR,
  seriousViolations,
  signUpAndLogIn,
} from "./support";

const suite = journeySuite();

const DREAM = "I was flying over a dark forest and a wolf was running below me towards a lake.";
const LIMIT_TEXT = "You've reached your free translations limit. Upgrade to premium or try again tomorrow.";
const SUCCESS_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";

async function translate(page: Page): Promise<number> {
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/translate-dream"));
  await page.getByRole("button", { name: "Translate my dream" }).click();
  return (await answered).status();
}

/** From /subscribe to the sandbox's test-mode card page for a plan. */
async function startCheckout(page: Page, plan: "monthly" | "yearly") {
  await page.goto("/subscribe");
  await page.getByText("Test mode").first().waitFor();
  await page.getByRole("link", { name: plan === "monthly" ? "Choose monthly" : "Choose yearly" }).click();
  await page.waitForURL(/\/stripe-checkout\/elements\?session=cs_sandbox_/);
  await page.getByLabel("Card number").waitFor();
}

async function pay(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
}

describe("subscription journey (sandbox provider)", () => {
  it("a free user at the limit upgrades with the success card: premium opens and the limit is gone; cancel keeps premium until the period ends", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    await signUpAndLogIn(page, suite.server, "upgrade_journey", "premium dreams for me 12");

    // A premium page is a promotion for a free user.
    await page.goto("/insights");
    await page.waitForURL(/\/premium-insights$/);

    // Three free translations, then the limit, and the way to Premium.
    await page.goto("/dream-input");
    await page.getByLabel("Describe your dream").fill(DREAM);
    for (let i = 0; i < 3; i++) expect(await translate(page)).toBe(200);
    expect(await translate(page)).toBe(403);
    await page.getByText(LIMIT_TEXT).first().waitFor();

    // The plans: prices, the computed saving, test mode; then the test-mode checkout.
    await page.getByRole("link", { name: "Upgrade to Premium" }).first().click();
    await page.waitForURL(/\/subscribe$/);
    await page.getByText("Save 16%").waitFor();
    expect(await page.getByText("$9.99").first().isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await startCheckout(page, "yearly");
    expect(await seriousViolations(page)).toEqual([]);
    await pay(page, SUCCESS_CARD);
    await page.waitForURL(/\/stripe-checkout\/success/);
    await page.getByText("Welcome to Premium").waitFor();

    // Premium: the premium page opens, and the fourth translation of the day goes through.
    await page.goto("/insights");
    // The guard decides before the page renders: once a page heading shows, no redirect is coming.
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/insights");
    await page.goto("/dream-input");
    await page.getByLabel("Describe your dream").fill(DREAM);
    expect(await translate(page)).toBe(200);

    // The account page: plan, renewal, the paid invoice; cancel keeps Premium until the period's end.
    await page.goto("/account/subscription");
    await page.getByText("Premium yearly").first().waitFor();
    await page
      .getByText(/^Renews on /)
      .first()
      .waitFor();
    await page.getByRole("cell", { name: "$99.99" }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription" }).click();
    await page
      .getByText(/^Premium until /)
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Resume subscription" }).waitFor();
    await page.goto("/insights");
    // The guard decides before the page renders: once a page heading shows, no redirect is coming.
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/insights");
    await context.close();
  });

  it("a declined card leads to the recovery page, and trying again with a good card succeeds", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    await signUpAndLogIn(page, suite.server, "declined_journey", "second card works 13");
    await startCheckout(page, "monthly");
    await pay(page, DECLINED_CARD);
    await page.waitForURL(/\/stripe-checkout\/recovery\?session=/);
    await page.getByRole("heading", { name: "Your card was declined" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Try again" }).click();
    await page.waitForURL(/\/stripe-checkout\/elements\?session=/);
    await pay(page, SUCCESS_CARD);
    await page.getByText("Welcome to Premium").waitFor();
    await page.goto("/account/subscription");
    await page.getByText("Premium monthly").first().waitFor();
    await context.close();
  });
});

describe("subscription screenshots", () => {
  it("captures /subscribe and the test-mode checkout on desktop and phone", async () => {
    for (const [name, device] of SCREENSHOT_DEVICES) {
      const { context, page } = await newPage(suite.browser, suite.server.origin, device);
      await signUpAndLogIn(page, suite.server, `billingshots_${name}`, "pictures of premium 14");
      await page.goto("/subscribe");
      await page.getByText("Save 16%").waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/subscribe-${name}.png`, fullPage: true });
      await startCheckout(page, "monthly");
      await page.screenshot({ path: `${SCREENSHOT_DIR}/sandbox-checkout-${name}.png`, fullPage: true });
      await context.close();
    }
  });
});

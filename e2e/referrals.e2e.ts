import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sandboxCards } from "../contract/billing-constants";
import { sandboxSubscriptions, users } from "../server/db/schema/index";
import { grantAdmin } from "../server/modules/accounts/grant-admin";
import { linkIn } from "../server/test/harness";
import { DESKTOP, type JourneyServer, journeySuite, seriousViolations } from "./support";

const suite = journeySuite();

type Language = "en" | "es";
type Texts = Record<string, unknown>;
const namespaces = ["", "billing", "referrals", "affiliates"] as const;
const bundles = Object.fromEntries(
  (["en", "es"] as const).map((lang) => [
    lang,
    Object.fromEntries(
      namespaces.map((ns) => [
        ns,
        JSON.parse(readFileSync(`web/src/locales/${ns ? `${ns}/` : ""}${lang}.json`, "utf8")) as Texts,
      ]),
    ),
  ]),
) as Record<Language, Record<(typeof namespaces)[number], Texts>>;

/** The app's own text for a key (namespace:path), so the journey reads each page in its language. */
function text(lang: Language, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? key.split(":") : ["", key];
  const found = path!
    .split(".")
    .reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], bundles[lang][ns as ""]);
  if (typeof found !== "string") throw new Error(`no ${lang} text for ${key}`);
  return found
    .replace(/<\/?[a-z]+>/g, "")
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

async function open(server: JourneyServer, lang: Language): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({
    ...DESKTOP,
    baseURL: server.origin,
    locale: lang === "es" ? "es-ES" : "en-US",
    reducedMotion: "reduce",
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
  await context.addInitScript((language) => {
    window.localStorage.setItem("welcomeSeen", "true");
    window.localStorage.setItem("tutorialSeen", "true");
    window.localStorage.setItem("language", language);
  }, lang);
  return { context, page: await context.newPage() };
}

/** Signs up on the page already open (a referral link or /signup), verifies by mail and signs in. */
async function signUp(page: Page, server: JourneyServer, lang: Language, username: string) {
  const email = `${username}@example.com`;
  const password = "shared dreams travel far 7";
  await page.getByLabel(text(lang, "signup.username")).fill(username);
  await page.getByLabel(text(lang, "signup.email")).fill(email);
  await page.getByLabel(text(lang, "signup.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: text(lang, "signup.submit") }).click();
  await page.waitForURL(/\/verification-required\//);
  await page.goto(
    linkIn(await server.smtp.lastMailTo(email), `${server.origin}/verify-email?token=`).toString(),
  );
  await page.goto("/login");
  await page.getByLabel(text(lang, "login.username")).fill(username);
  await page.getByLabel(text(lang, "login.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: text(lang, "login.submit"), exact: true }).click();
  await page.waitForURL(/\/dream-input$/);
}

async function renewInSandbox(admin: Page, lang: Language, subscriptionId: string) {
  await admin.goto("/subscription-test");
  const renew = admin.getByRole("button", {
    name: `${text(lang, "billing:billingAdmin.sandbox.renew")} ${text(lang, "billing:billingAdmin.sandbox.forSubscription", { id: subscriptionId })}`,
  });
  const done = admin.waitForResponse((response) =>
    response.url().includes(`/subscriptions/${subscriptionId}/advance`),
  );
  await renew.click();
  expect((await done).status()).toBe(200);
}

describe.each(["en", "es"] as const)("referral and affiliate journey (%s)", (lang) => {
  it("copies the link; a friend signs up through it and upgrades; the referrer celebrates and claims the month; an affiliate is approved and sees the commission", async () => {
    const { server } = suite;
    const admin = await open(server, lang);
    await admin.page.goto("/signup");
    await signUp(admin.page, server, lang, `ref_admin_${lang}`);
    await grantAdmin(server.db, `ref_admin_${lang}`);

    // The referrer copies their link from /referrals.
    const referrer = await open(server, lang);
    await referrer.page.goto("/signup");
    await signUp(referrer.page, server, lang, `ref_alice_${lang}`);
    await referrer.page.goto("/referrals");
    await referrer.page
      .getByRole("heading", { name: text(lang, "referrals:referrals.page.title") })
      .waitFor();
    await referrer.page
      .getByRole("button", { name: text(lang, "referrals:referrals.page.share.copyLink") })
      .click();
    await referrer.page
      .getByText(text(lang, "referrals:referrals.copy.linkCopied"), { exact: true })
      .waitFor();
    const link = await referrer.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.origin}/signup\\?ref=[A-Z0-9]+$`));
    expect(await seriousViolations(referrer.page)).toEqual([]);

    // A friend, in another browser, signs up through it and is offered the free first month.
    const friend = await open(server, lang);
    await friend.page.goto(link);
    await signUp(friend.page, server, lang, `ref_bob_${lang}`);
    const offer = friend.page.getByRole("dialog", {
      name: text(lang, "referrals:referrals.modal.refereeUpgrade.title"),
    });
    await offer.waitFor();
    expect(await seriousViolations(friend.page)).toEqual([]);
    await offer
      .getByRole("button", { name: text(lang, "referrals:referrals.modal.refereeUpgrade.claim") })
      .click();
    await friend.page.waitForURL(/\/subscribe$/);
    await friend.page.getByRole("link", { name: text(lang, "billing:subscribe.monthly.cta") }).click();
    await friend.page.waitForURL(/\/stripe-checkout\/elements\?session=cs_sandbox_/);
    await friend.page
      .getByLabel(text(lang, "billing:sandboxCheckout.card.label"))
      .fill(sandboxCards.succeeds);
    await friend.page
      .getByRole("button", { name: text(lang, "billing:sandboxCheckout.pay"), exact: true })
      .click();
    await friend.page.waitForURL(/\/stripe-checkout\/success/);

    // The free month ends and the friend's first payment goes through (the sandbox's clock, moved by an admin).
    const [friendRow] = await server.db
      .select()
      .from(users)
      .where(eq(users.username, `ref_bob_${lang}`));
    const [subscription] = await server.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.userId, friendRow!.id));
    await renewInSandbox(admin.page, lang, subscription!.id);

    // The referrer sees the celebration and claims the month: premium at once.
    await referrer.page.goto("/dream-input");
    const celebration = referrer.page.getByRole("dialog", {
      name: text(lang, "referrals:referrals.modal.referrerCelebration.title"),
    });
    await celebration.waitFor();
    await celebration
      .getByText(text(lang, "referrals:referrals.modal.referrerCelebration.available_one", { count: 1 }))
      .waitFor();
    expect(await seriousViolations(referrer.page)).toEqual([]);
    await celebration
      .getByRole("button", { name: text(lang, "referrals:referrals.modal.referrerCelebration.claim") })
      .click();
    await referrer.page.waitForURL(/\/subscribe$/);
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select()
              .from(users)
              .where(eq(users.username, `ref_alice_${lang}`))
          )[0]!.subscriptionTier,
      )
      .toBe("premium");

    // The referrer applies to the affiliate programme; an administrator approves.
    await referrer.page.goto("/referrals");
    await referrer.page
      .getByLabel(text(lang, "affiliates:affiliates.apply.website"))
      .fill("https://dreams.example.com");
    await referrer.page
      .getByLabel(text(lang, "affiliates:affiliates.apply.audience"))
      .fill("About two thousand readers of my blog on lucid dreaming.");
    await referrer.page.getByLabel(text(lang, "affiliates:affiliates.channelNames.blog")).check();
    await referrer.page
      .getByLabel(text(lang, "affiliates:affiliates.apply.payoutEmail"))
      .fill("payouts@example.com");
    await referrer.page.getByRole("checkbox", { name: /./ }).last().check();
    await referrer.page
      .getByRole("button", { name: text(lang, "affiliates:affiliates.apply.submit") })
      .click();
    await referrer.page.getByText(text(lang, "affiliates:affiliates.apply.sent")).first().waitFor();

    await admin.page.goto("/admin/affiliates");
    await admin.page.getByText("https://dreams.example.com").first().waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await admin.page
      .getByRole("button", { name: text(lang, "affiliates:affiliates.admin.applications.approve") })
      .first()
      .click();
    const review = admin.page.getByRole("dialog");
    await review
      .getByRole("button", { name: text(lang, "affiliates:affiliates.admin.review.approve.confirm") })
      .click();
    await admin.page
      .getByText(text(lang, "affiliates:affiliates.admin.review.approve.doneTitle"))
      .first()
      .waitFor();

    // The friend's next invoice is paid: 20% of it is the affiliate's commission, pending for the refund window.
    await renewInSandbox(admin.page, lang, subscription!.id);
    await referrer.page.goto("/affiliate-dashboard");
    await referrer.page
      .getByRole("heading", { name: text(lang, "affiliates:affiliates.dashboard.title") })
      .waitFor();
    const commission = new Intl.NumberFormat(lang, { style: "currency", currency: "USD" }).format(2);
    await referrer.page.getByText(commission).first().waitFor();
    expect(await seriousViolations(referrer.page)).toEqual([]);

    for (const side of [admin, referrer, friend]) await side.context.close();
  }, 180_000);
});

import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { journeySuite, newPage, PHONE, SCREENSHOT_DIR } from "./support";

const suite = journeySuite();

/** The texts these checks look for, as each language shows them. */
const TEXTS = {
  en: {
    banner: "Email not verified",
    resend: "Resend email",
    dismiss: "Dismiss",
    filters: "Filters",
    category: "Category",
  },
  es: {
    banner: "Correo sin verificar",
    resend: "Reenviar correo",
    dismiss: "Descartar",
    filters: "Filtros",
    category: "Categoría",
  },
} as const;

const DREAMS = [
  "I was flying over a dark sea and a lighthouse guided me home.",
  "Soñé que caminaba por un bosque de pinos y encontraba una llave dorada.",
  "A black cat crossed the road in front of my grandmother's house at dawn.",
];

/** Signs a new member up and in from inside the page (same origin), leaves the email unverified, saves dreams. */
async function unverifiedMemberWithDreams(page: Page, username: string, language: string) {
  await page.goto("/");
  const statuses = await page.evaluate(
    async ({ username, language, dreams }) => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          credentials: "include",
          body: JSON.stringify(body),
        }).then((response) => response.status);
      const password = "moonlight over the harbour 4";
      const email = `${username}@example.com`;
      const answers = [await post("/api/signup", { username, email, password, language })];
      answers.push(await post("/api/login", { username, password }));
      for (const content of dreams) answers.push(await post("/api/dreams", { content }));
      return answers;
    },
    { username, language, dreams: DREAMS },
  );
  expect(statuses).toEqual([201, 200, 201, 201, 201]);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
}

describe("phone width (390 x 844), an unverified member", () => {
  for (const language of ["en", "es"] as const) {
    it(`sees the verification banner clear of its button, then its first dream in the first screen (${language})`, async () => {
      const texts = TEXTS[language];
      const { context, page } = await newPage(suite.browser, suite.server.origin, PHONE);
      await page.addInitScript((lng) => window.localStorage.setItem("language", lng), language);
      const username = `long_named_dreamer_${language}`;
      await unverifiedMemberWithDreams(page, username, language);

      await page.goto("/journal");
      const banner = page.getByRole("region", { name: texts.banner });
      const message = banner.getByText(`${username}@example.com`, { exact: false });
      const resend = banner.getByRole("button", { name: texts.resend });
      await resend.waitFor();
      // The message and the button share no pixel: the text no longer runs under the button.
      const text = await boxOf(message);
      const button = await boxOf(resend);
      const apart =
        text.y + text.height <= button.y ||
        button.y + button.height <= text.y ||
        text.x + text.width <= button.x ||
        button.x + button.width <= text.x;
      expect(apart, JSON.stringify({ text, button })).toBe(true);
      // Nothing in the banner is wider than the screen.
      expect((await boxOf(banner)).width).toBeLessThanOrEqual(PHONE.viewport.width);

      // Once the banner is dismissed (it alone takes about 120 px), the filters wait behind their toggle and the
      // first dream shows in the first screen.
      await banner.getByRole("button", { name: texts.dismiss }).click();
      await banner.waitFor({ state: "detached" });
      const toggle = page.getByRole("button", { name: texts.filters, exact: true });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByLabel(texts.category, { exact: true }).isVisible()).toBe(false);
      const firstDream = page.getByRole("article").first();
      await firstDream.getByRole("link").waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/journal-unverified-phone-${language}.png` });
      const card = await boxOf(firstDream.getByRole("link"));
      expect(card.y).toBeGreaterThanOrEqual(0);
      expect(
        card.y + card.height,
        "the first dream's title ends inside the first screen",
      ).toBeLessThanOrEqual(PHONE.viewport.height);

      await toggle.click();
      expect(await page.getByLabel(texts.category, { exact: true }).isVisible()).toBe(true);
      await context.close();
    });
  }
});

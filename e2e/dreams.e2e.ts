import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedLexicon } from "../server/db/seed/lexicon-seed";
import { loadLexiconData } from "../server/engine/lexicon/load";
import { grantAdmin } from "../server/modules/accounts/grant-admin";
import {
  journeySuite,
  newPage,
  SCREENSHOT_DEVICES,
  SCREENSHOT_DIR,
  seriousViolations,
  signUpAndLogIn,
} from "./support";

const suite = journeySuite();

const DREAM = "Soñé que una culebra enorme me perseguía por la casa de mi abuela y yo corría hacia el río.";
const TITLE = "Soñé que una culebra enorme me perseguía por la ca...";
const LIMIT_TEXT = "You've reached your free translations limit. Upgrade to premium or try again tomorrow.";

/** Clicks Translate and waits for the server's answer; returns its status. */
async function translate(page: Page, button = "Translate my dream"): Promise<number> {
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/translate-dream"));
  await page.getByRole("button", { name: button }).click();
  return (await answered).status();
}

async function writeAndTranslate(page: Page) {
  await page.goto("/dream-input");
  await page.getByLabel("Describe your dream").fill(DREAM);
  expect(await translate(page)).toBe(200);
  await page.locator("mark", { hasText: "culebra" }).first().waitFor();
}

describe("dream journey", () => {
  it("translates a Spanish dream, marks 'culebra', saves it, finds it by 'snake', then meets the free limit", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    const password = "a serpent by the river 8";
    await signUpAndLogIn(page, suite.server, "culebra_es", password);

    // 1. Write, translate: the evidence is marked, and named for screen readers.
    await writeAndTranslate(page);
    const mark = page.locator("mark", { hasText: "culebra" }).first();
    expect(await mark.textContent()).toBe("culebra");
    const named = await mark.evaluate((element) => element.nextElementSibling?.textContent ?? "");
    expect(named).toMatch(/\(symbol: .+\)/);
    expect(await page.getByText("You have 2 free translations left today.").isVisible()).toBe(true);
    // Pointing at the symbol's button lights up its words.
    const show = page.getByRole("button", { name: /^Show .+ in the dream$/ }).first();
    await show.focus();
    await expect.poll(() => page.locator("mark[data-active]").count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // 2. Save: the auto title is the first sentence cut to 50 characters.
    await page.getByRole("button", { name: "Save to journal" }).click();
    await page.getByRole("link", { name: "See it in your journal" }).waitFor();
    await page.getByText("Dream Saved").first().waitFor();

    // 3. The journal finds the Spanish dream with an English symbol word, and not with an unrelated one.
    await page.goto("/journal");
    const search = page.getByRole("searchbox", { name: "Search your dreams" });
    await search.fill("volcano");
    await page.getByText("No dreams match your search and filters.", { exact: false }).waitFor();
    await search.fill("snake");
    const found = page.getByRole("link", { name: TITLE });
    await found.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await found.click();
    await page.waitForURL(/\/journal\?dream=\d+$/);
    const dialog = page.getByRole("dialog", { name: TITLE });
    await dialog.locator("mark", { hasText: "culebra" }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/journal$/);

    // Export the journal as JSON, and import that file again: the dream already there is skipped.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download JSON" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^chitta-journal-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const exported = JSON.parse(readFileSync(file, "utf8")) as { format: string; dreams: unknown[] };
    expect(exported.format).toBe("chitta-journal");
    expect(exported.dreams).toHaveLength(1);
    await page.getByTestId("journal-import-file").setInputFiles(file);
    await page.getByText("0 dreams imported, 1 already in your journal.").first().waitFor();

    // 4. The latest translation has its own page.
    await page.goto("/interpretation");
    await page.locator("mark", { hasText: "culebra" }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // 5. Two more free translations, then the fourth of the day is refused with the spec's text.
    await page.goto("/dream-input");
    await page.getByLabel("Describe your dream").fill(DREAM);
    expect(await translate(page)).toBe(200);
    expect(await translate(page)).toBe(200);
    await page.getByText("You have no free translations left today.", { exact: false }).waitFor();
    expect(await translate(page)).toBe(403);
    await page.getByText(LIMIT_TEXT).first().waitFor();
    expect(await page.getByText("Translation Failed").first().isVisible()).toBe(true);
    expect(await page.locator("mark").count()).toBe(0);
    await context.close();
  });

  it("keeps personal symbols and gives administrators the lexicon, the missing-symbol queue and the trace", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    const password = "keeper of symbols 9";
    await signUpAndLogIn(page, suite.server, "lexicon_keeper", password);

    await page.goto("/personal-symbols");
    await page.getByRole("button", { name: "Add a symbol" }).click();
    const form = page.getByRole("dialog", { name: "New personal symbol" });
    await form.getByLabel("Name").fill("Lighthouse");
    await form.getByRole("button", { name: "Add symbol" }).click();
    await page.getByRole("heading", { name: "Lighthouse" }).waitFor();
    await page.getByRole("button", { name: "Add a symbol" }).click();
    await form.getByLabel("Name").fill("lighthouse");
    await form.getByRole("button", { name: "Add symbol" }).click();
    await expect.poll(() => form.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await seriousViolations(page)).toEqual([]);

    // A word the engine missed goes to the administrators' queue.
    await page.goto("/dream-input");
    await page.getByLabel("Word or symbol").fill("zeppelin");
    await page.getByRole("button", { name: "Report symbol" }).click();
    await page.getByText("We'll review “zeppelin”", { exact: false }).first().waitFor();

    await grantAdmin(suite.server.db, "lexicon_keeper");
    // `npm start` seeds the lexicon tables; the test server starts on a bare migrated database.
    await seedLexicon(suite.server.db, loadLexiconData());
    await page.goto("/admin/symbol-management");
    await page.getByRole("table", { name: "Symbols of the lexicon" }).waitFor();
    await page.getByRole("searchbox", { name: "Search symbols" }).fill("snake");
    await page.getByRole("cell", { name: /snake/ }).first().waitFor();
    await page.getByRole("cell", { name: "zeppelin", exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The reported word becomes a variation of a symbol chosen by search.
    await page.getByRole("button", { name: "Add to a symbol (zeppelin)" }).click();
    const pick = page.getByRole("dialog", { name: "Add to a symbol" });
    await pick.getByRole("searchbox", { name: "Find the symbol" }).fill("airplane");
    await pick.getByRole("radio").first().check();
    await pick.getByRole("button", { name: "Add variation" }).click();
    await page.getByText("Nothing here.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/debug-symbols");
    await page.getByLabel("Text", { exact: true }).fill(DREAM);
    await page.getByRole("button", { name: "Analyse" }).click();
    await page.getByRole("cell", { name: "culebra" }).first().waitFor();
    expect(await page.getByText("Spanish").first().isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("has no serious accessibility violations on the dream pages in Spanish", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    const password = "sueños accesibles 10";
    await signUpAndLogIn(page, suite.server, "axe_suenos", password);
    await page.evaluate(() => window.localStorage.setItem("language", "es"));
    await page.goto("/dream-input");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByLabel("Describe tu sueño").fill(DREAM);
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/translate-dream"));
    await page.getByRole("button", { name: "Traducir mi sueño" }).click();
    expect((await answered).status()).toBe(200);
    await page.locator("mark", { hasText: "culebra" }).first().waitFor();
    const found: string[] = [];
    for (const violation of await seriousViolations(page)) found.push(`/dream-input ${violation}`);
    await page.getByRole("button", { name: "Guardar en el diario" }).click();
    await page.getByRole("link", { name: "Verlo en tu diario" }).waitFor();
    for (const path of ["/journal", "/interpretation", "/personal-symbols"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      for (const violation of await seriousViolations(page)) found.push(`${path} ${violation}`);
    }
    await page.goto("/journal");
    await page.getByRole("button", { name: "Calendario" }).click();
    await page.getByRole("table", { name: /^Sueños de/ }).waitFor();
    for (const violation of await seriousViolations(page)) found.push(`/journal calendar ${violation}`);
    expect(found).toEqual([]);
    await context.close();
  });
});

describe("the reading about this dream", () => {
  it("shows the care note with support lines, the central symbols first and the short version, axe-clean in en and es", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    await signUpAndLogIn(page, suite.server, "care_reader", "a calm lake at dawn 12");
    const found: string[] = [];
    const cases = [
      {
        language: "en",
        dream:
          "I was on a bridge at night and wanted to kill myself. My brother was calling my name from the river.",
        field: "Describe your dream",
        button: "Translate my dream",
        short: "Short version",
        full: "Full reading",
        note: "Dreams are not predictions",
      },
      {
        language: "es",
        dream: "Estaba en un puente de noche y quería quitarme la vida. Mi hermano me llamaba desde el río.",
        field: "Describe tu sueño",
        button: "Traducir mi sueño",
        short: "Versión breve",
        full: "Lectura completa",
        note: "Los sueños no son predicciones",
      },
    ];
    for (const step of cases) {
      await page.evaluate((language) => window.localStorage.setItem("language", language), step.language);
      await page.goto("/dream-input");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(step.language);
      await page.getByLabel(step.field).fill(step.dream);
      expect(await translate(page, step.button)).toBe(200);
      const note = page.getByRole("note").filter({ hasText: step.note });
      await note.waitFor();
      expect(await note.locator('a[href="tel:988"]').count()).toBe(1);
      expect(await note.locator('a[href="tel:024"]').count()).toBe(1);
      // The symbols that carry the dream come first in the list, marked as such.
      expect(await page.getByText(/^Central$/).count()).toBeGreaterThan(0);
      const full = await page.locator("article, section").filter({ has: note }).first().innerText();
      await page.getByRole("radio", { name: step.short }).click();
      await expect
        .poll(() => page.locator("article, section").filter({ has: note }).first().innerText())
        .not.toBe(full);
      for (const violation of await seriousViolations(page)) found.push(`${step.language} ${violation}`);
      await page.getByRole("radio", { name: step.full }).click();
    }
    expect(found).toEqual([]);
    await context.close();
  });
});

describe("dream screenshots", () => {
  it("captures /dream-input with a result and /journal, on desktop and phone", async () => {
    const password = "pictures of the river 11";
    for (const [name, device] of SCREENSHOT_DEVICES) {
      const { context, page } = await newPage(suite.browser, suite.server.origin, device);
      await signUpAndLogIn(page, suite.server, `dreamshots_${name}`, password);
      await writeAndTranslate(page);
      await page.getByRole("button", { name: "Save to journal" }).click();
      await page.getByRole("link", { name: "See it in your journal" }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOT_DIR}/dream-input-${name}.png`, fullPage: true });
      await page.goto("/journal");
      await page.getByRole("link", { name: TITLE }).waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/journal-${name}.png`, fullPage: true });
      await page.getByRole("link", { name: TITLE }).click();
      await page.getByRole("dialog", { name: TITLE }).locator("mark").first().waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/journal-dream-${name}.png` });
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Calendar" }).click();
      await page.getByRole("button", { name: /: 1 dream$/ }).waitFor();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/journal-calendar-${name}.png`, fullPage: true });
      await context.close();
    }
  });
});

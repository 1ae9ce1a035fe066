import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, journeySuite, newPage, signUpAndLogIn } from "./support";

/*
 * Offline dream capture (issue 15, part 5): a dream saved without a connection waits in IndexedDB and reaches
 * the journal exactly once, whether the page stays open, is reloaded offline first, or the first attempt was
 * stored by the server but answered 503.
 */

const suite = journeySuite();
const PASSWORD = "dreams kept offline 15";

const dreamText = (name: string) =>
  `Offline dream of ${name}: I crossed a frozen lake at night and the ice sang under every step I took.`;

/** The dreams of the signed-in user whose content is `content`, counted through the API. */
async function dreamsWith(page: Page, content: string): Promise<number> {
  const response = await page.request.get("/api/dreams?limit=100");
  expect(response.status()).toBe(200);
  const { dreams } = (await response.json()) as { dreams: { content: string }[] };
  return dreams.filter((dream) => dream.content === content).length;
}

/** Signed up and in, /journal and /dream-input visited once, and the service worker in control after a reload. */
async function signedInControlled(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(suite.browser, suite.server.origin);
  await signUpAndLogIn(page, suite.server, username, PASSWORD);
  await page.goto("/journal");
  await page.getByRole("heading", { name: "Your dream journal" }).waitFor();
  await page.goto("/dream-input");
  await page.getByLabel("Describe your dream").waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByLabel("Describe your dream").waitFor();
  return { context, page };
}

/** Writes the dream and saves it without translating it (translating needs the server). */
async function saveDream(page: Page, content: string): Promise<void> {
  await page.getByLabel("Describe your dream").fill(content);
  await page.getByRole("button", { name: "Save to journal" }).click();
}

const waiting = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  // The connection alert opens and takes the focus; the reader dismisses it and goes on writing.
  await page.getByRole("alertdialog").waitFor();
  await page.keyboard.press("Escape");
}

describe("offline dream capture", () => {
  it("keeps a dream saved offline and puts it in the journal once when the network returns", async () => {
    const { context, page } = await signedInControlled("offline_writer");
    const content = dreamText("the writer");
    await goOffline(context, page);
    await saveDream(page, content);
    await page.getByText("Your dream is kept on this device").first().waitFor();
    await waiting(page, "1 dream waiting to sync").waitFor();

    await context.setOffline(false);
    await waiting(page, "waiting to sync").waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Open your journal" }).click();
    await page.getByRole("heading", { name: "Your dream journal" }).waitFor();
    const cards = page.locator("article").filter({ hasText: "Offline dream of the writer" });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect(await dreamsWith(page, content)).toBe(1);
    await context.close();
  });

  it("lets the service worker's Background Sync save it when no page of the app is open", async () => {
    const { context, page } = await signedInControlled("offline_background");
    const content = dreamText("the background sync");
    await goOffline(context, page);
    await saveDream(page, content);
    await waiting(page, "1 dream waiting to sync").waitFor();
    // Leave the app: no page of it is left to send the dream when the network returns.
    await page.goto("about:blank");
    await context.setOffline(false);

    // What the browser does once it is back online: wake the worker with the tag the page registered.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const app = registrations.find((registration) =>
          registration.scopeURL.startsWith(suite.server.origin),
        );
        if (app) resolve(app.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.dispatchSyncEvent", {
      origin: suite.server.origin,
      registrationId: await registrationId,
      tag: "dream-outbox",
      lastChance: false,
    });
    await expect.poll(() => dreamsWith(page, content), { timeout: 15_000 }).toBe(1);

    await page.goto("/journal");
    await page
      .locator("article")
      .filter({ hasText: "Offline dream of the background sync" })
      .first()
      .waitFor();
    expect(await waiting(page, "waiting to sync").count()).toBe(0);
    expect(await dreamsWith(page, content)).toBe(1);
    await context.close();
  });

  it("keeps the dream through a reload while still offline, then saves it once", async () => {
    const { context, page } = await signedInControlled("offline_reloader");
    const content = dreamText("the reloader");
    await goOffline(context, page);
    await saveDream(page, content);
    await waiting(page, "1 dream waiting to sync").waitFor();

    await page.reload();
    await page.getByRole("alertdialog").waitFor();
    // The outbox lives in IndexedDB: the reloaded app, still signed in offline, still holds the dream.
    await waiting(page, "1 dream waiting to sync").waitFor();
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open("chitta-outbox");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction("dreams").objectStore("dreams").count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(kept).toBe(1);

    await context.setOffline(false);
    await page.goto("/journal");
    await page.locator("article").filter({ hasText: "Offline dream of the reloader" }).first().waitFor();
    await waiting(page, "waiting to sync").waitFor({ state: "detached" });
    expect(await dreamsWith(page, content)).toBe(1);
    await context.close();
  });

  it("retries a save the server stored but answered 503, and the journal holds it once", async () => {
    // No service worker here, so the page's own request can be intercepted.
    const noWorker = { ...DESKTOP, serviceWorkers: "block" as const };
    const { context, page } = await newPage(suite.browser, suite.server.origin, noWorker);
    await signUpAndLogIn(page, suite.server, "offline_unlucky", PASSWORD);
    const content = dreamText("the unlucky one");
    let answered503 = false;
    await page.route("**/api/dreams", async (route) => {
      if (route.request().method() !== "POST" || answered503) return route.continue();
      answered503 = true;
      // The server stores the dream; the answer is lost on the way and the page sees a 503.
      const stored = await route.fetch();
      expect(stored.status()).toBe(201);
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, code: "SERVICE_UNAVAILABLE", message: "Try again later." }),
      });
    });
    await saveDream(page, content);
    await page.getByText("Your dream is kept on this device").first().waitFor();
    await waiting(page, "1 dream waiting to sync").waitFor();
    expect(await dreamsWith(page, content)).toBe(1);

    // The app starts again: the waiting dream goes with the same Idempotency-Key and comes back as the same one.
    await page.reload();
    await waiting(page, "waiting to sync").waitFor({ state: "detached" });
    expect(answered503).toBe(true);
    expect(await dreamsWith(page, content)).toBe(1);
    await context.close();
  });
});

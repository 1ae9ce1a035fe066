import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AdminAnnouncement } from "../contract/announcements";
import { grantAdmin } from "../server/modules/accounts/grant-admin";
import { journeySuite, newPage, seriousViolations, signUpAndLogIn } from "./support";

const suite = journeySuite();

type Language = "en" | "es";
const stackTexts = (lang: Language) =>
  (
    JSON.parse(readFileSync(`web/src/locales/announcements/${lang}.json`, "utf8")) as {
      announcements: { stack: { markRead: string } };
    }
  ).announcements.stack;

async function create(admin: Page, body: Record<string, unknown>): Promise<AdminAnnouncement> {
  const response = await admin.request.post("/api/admin/announcements", {
    data: body,
    headers: { origin: suite.server.origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AdminAnnouncement;
}

describe.each(["en", "es"] as const)("announcements (%s)", (lang) => {
  it("an admin's announcements appear in the stack in the reader's language; the action opens as it should; marking one read removes it for good", async () => {
    const { server } = suite;
    const admin = await newPage(suite.browser, server.origin);
    await signUpAndLogIn(admin.page, server, `news_admin_${lang}`, "announce the night sky 3");
    await grantAdmin(server.db, `news_admin_${lang}`);
    const inApp = await create(admin.page, {
      title: `Your journal has a calendar (${lang})`,
      titleEs: `Tu diario tiene calendario (${lang})`,
      message: "Open the journal to see your dreams by day.",
      messageEs: "Abre el diario para ver tus sueños por día.",
      type: "success",
      priority: "high",
      actionText: "Open the journal",
      actionTextEs: "Abrir el diario",
      actionUrl: "/journal",
    });
    const outside = await create(admin.page, {
      title: `Maintenance tonight (${lang})`,
      titleEs: `Mantenimiento esta noche (${lang})`,
      message: "The app may be slow for a few minutes after midnight UTC.",
      type: "warning",
      priority: "medium",
      actionText: "Status page",
      actionUrl: "https://status.example.com/",
    });

    const reader = await newPage(suite.browser, server.origin);
    await signUpAndLogIn(reader.page, server, `news_reader_${lang}`, "read the announcements 4");
    if (lang === "es") {
      await reader.page.evaluate(() => window.localStorage.setItem("language", "es"));
      await reader.page.reload();
    }
    const title = (announcement: AdminAnnouncement) =>
      lang === "es" ? (announcement.titleEs ?? announcement.title) : announcement.title;
    const stack = reader.page.getByRole("status").filter({ hasText: title(inApp) });
    await stack.getByText(title(inApp)).waitFor();
    await stack.getByText(title(outside)).waitFor();
    expect(await seriousViolations(reader.page)).toEqual([]);

    // The outside address opens in a new tab, safely; the app's own path navigates in place.
    const card = (announcement: AdminAnnouncement) =>
      stack.getByRole("article").filter({ hasText: title(announcement) });
    const external = card(outside).getByRole("link", { name: new RegExp(outside.actionText!) });
    expect(await external.getAttribute("target")).toBe("_blank");
    expect(await external.getAttribute("rel")).toBe("noopener noreferrer");
    await card(inApp)
      .getByRole("link", { name: lang === "es" ? inApp.actionTextEs! : inApp.actionText!, exact: true })
      .click();
    await reader.page.waitForURL(/\/journal$/);

    // Marking one read removes it, also after a reload; the other stays.
    const markRead = stackTexts(lang).markRead.replace("{{title}}", title(inApp));
    await reader.page.getByRole("button", { name: markRead }).click();
    await stack
      .getByText(title(inApp))
      .waitFor({ state: "detached" })
      .catch(() => undefined);
    await reader.page.reload();
    await reader.page.getByText(title(outside)).first().waitFor();
    expect(await reader.page.getByText(title(inApp)).count()).toBe(0);

    // The administrator sees the read.
    await admin.page.goto("/admin");
    const row = admin.page.getByRole("row").filter({ hasText: inApp.title });
    await row.waitFor();
    expect((await row.getByRole("cell").allTextContents()).map((cell) => cell.trim())).toContain("1");

    await admin.context.close();
    await reader.context.close();
  }, 120_000);
});

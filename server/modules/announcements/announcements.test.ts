import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACTIVE_ANNOUNCEMENTS_MAX } from "../../../contract/announcements";
import { announcements, users } from "../../db/schema/index";
import {
  createTestApp,
  signUpAdmin,
  signUpVerified,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";

/** Ahead of real time: the test browser drops cookies whose expiry has passed in real time. */
const NOW = new Date("2030-05-12T09:00:00.000Z");
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

let counter = 0;

describe.each(testDrivers)("announcements on %s", (driver) => {
  let t: TestApp;
  let admin: TestBrowser;
  let adminName: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    t.clock.set(NOW);
    adminName = "announcer";
    const account = await signUpAdmin(t, adminName);
    admin = account.browser;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    t.clock.set(NOW);
    // Each test sees only its own announcements (the stack shows every active one).
    await t.db.delete(announcements);
  });

  async function member(language: "en" | "es" = "en") {
    const account = await signUpVerified(t, `reader${++counter}`);
    await t.db.update(users).set({ language }).where(eq(users.id, account.userId));
    return account.browser;
  }

  async function announce(body: Record<string, unknown>) {
    const response = await admin.post("/api/admin/announcements", { message: "Details inside.", ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; title: string };
  }

  async function stack(browser: TestBrowser) {
    const response = await browser.get("/api/announcements/active");
    expect(response.statusCode, response.body).toBe(200);
    return response.json().announcements as Array<Record<string, unknown>>;
  }
  const titles = async (browser: TestBrowser) => (await stack(browser)).map((item) => item.title);

  it("shows signed-in users the active, unexpired announcements, and nobody signed out", async () => {
    const reader = await member();
    await announce({ title: "Always on" });
    await announce({ title: "Switched off", isActive: false });
    await announce({ title: "Already over", expiresAt: at(-MINUTE_MS) });
    await announce({ title: "Until noon", expiresAt: at(3 * HOUR_MS) });

    expect((await t.browser().get("/api/announcements/active")).statusCode).toBe(401);
    expect(await titles(reader)).toEqual(["Until noon", "Always on"]);
    expect((await stack(reader))[1]).toMatchObject({
      message: "Details inside.",
      type: "info",
      priority: "low",
      showOnLogin: false,
      actionText: null,
      actionUrl: null,
      expiresAt: null,
      createdAt: NOW.toISOString(),
    });

    t.clock.set(new Date(at(3 * HOUR_MS)));
    expect(await titles(reader)).toEqual(["Always on"]);

    // Switched on, it reaches users on their next poll.
    const [off] = await t.db.select().from(announcements).where(eq(announcements.title, "Switched off"));
    const on = await admin.request("PATCH", `/api/admin/announcements/${off!.id}`, { isActive: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await titles(reader)).toEqual(["Switched off", "Always on"]);
  });

  it("orders by priority (high, medium, anything else low), then newest first, at most the maximum", async () => {
    const reader = await member();
    const created = async (title: string, priority: string) => {
      await announce({ title, priority });
      t.clock.advance(MINUTE_MS);
    };
    await created("Old high", "high");
    await created("Old low", "low");
    await created("Medium", "medium");
    // Stored outside the API with the table's old default priority and a type the client does not know.
    await t.db.insert(announcements).values({
      title: "Legacy",
      message: "From before.",
      priority: "normal",
      type: "notice",
      isActive: true,
      createdAt: t.clock.now(),
    });
    t.clock.advance(MINUTE_MS);
    await created("New high", "high");
    await created("Warning", "low");

    const shown = await stack(reader);
    expect(shown.map((item) => item.title)).toEqual([
      "New high",
      "Old high",
      "Medium",
      "Warning",
      "Legacy",
      "Old low",
    ]);
    expect(shown.find((item) => item.title === "Legacy")).toMatchObject({ priority: "low", type: "info" });

    for (let index = 0; index < ACTIVE_ANNOUNCEMENTS_MAX; index++) await created(`Filler ${index}`, "medium");
    const capped = await titles(reader);
    expect(capped).toHaveLength(ACTIVE_ANNOUNCEMENTS_MAX);
    expect(capped.slice(0, 3)).toEqual(["New high", "Old high", `Filler ${ACTIVE_ANNOUNCEMENTS_MAX - 1}`]);
  });

  it("speaks Spanish to Spanish readers where the Spanish text exists, and English otherwise", async () => {
    const [english, spanish] = [await member("en"), await member("es")];
    await announce({
      title: "New oracle",
      message: "Ask the oracle about your week.",
      titleEs: "Nuevo oráculo",
      messageEs: "Pregunta al oráculo por tu semana.",
      actionText: "Try it",
      actionTextEs: "Pruébalo",
      actionUrl: "/oracle",
      type: "success",
    });
    t.clock.advance(MINUTE_MS);
    await announce({
      title: "Maintenance tonight",
      actionText: "Status",
      actionUrl: "https://status.example.com",
    });

    expect(await stack(spanish)).toMatchObject([
      { title: "Maintenance tonight", message: "Details inside.", actionText: "Status" },
      {
        title: "Nuevo oráculo",
        message: "Pregunta al oráculo por tu semana.",
        actionText: "Pruébalo",
        actionUrl: "/oracle",
        type: "success",
      },
    ]);
    expect(await stack(english)).toMatchObject([
      { title: "Maintenance tonight", actionUrl: "https://status.example.com" },
      { title: "New oracle", message: "Ask the oracle about your week.", actionText: "Try it" },
    ]);
  });

  it("marks an announcement read once per user, removes it from that user's stack and counts it", async () => {
    const [reader, another] = [await member(), await member()];
    const news = await announce({ title: "News" });
    const other = await announce({ title: "Other news" });

    for (let attempt = 0; attempt < 2; attempt++) {
      const read = await reader.post(`/api/announcements/${news.id}/read`);
      expect(read.statusCode, read.body).toBe(204);
    }
    expect(await titles(reader)).toEqual(["Other news"]);
    expect(await titles(another)).toEqual(["Other news", "News"]);
    expect((await t.browser().post(`/api/announcements/${news.id}/read`)).statusCode).toBe(401);

    const reads = async () => {
      const page = (await admin.get("/api/admin/announcements")).json();
      return Object.fromEntries(
        page.announcements.map((item: { id: number; reads: number }) => [item.id, item.reads]),
      );
    };
    expect(await reads()).toEqual({ [news.id]: 1, [other.id]: 0 });
    expect((await another.post(`/api/announcements/${news.id}/read`)).statusCode).toBe(204);
    expect(await reads()).toEqual({ [news.id]: 2, [other.id]: 0 });
  });

  it("answers 404 to reading an unknown, inactive or expired announcement", async () => {
    const reader = await member();
    const inactive = await announce({ title: "Draft", isActive: false });
    const expiring = await announce({ title: "Brief", expiresAt: at(HOUR_MS) });
    expect(await titles(reader)).toEqual(["Brief"]);
    t.clock.advance(HOUR_MS);
    for (const id of [inactive.id, expiring.id, 2_147_483_647]) {
      const response = await reader.post(`/api/announcements/${id}/read`);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", message: "Announcement not found." });
    }
    const page = (await admin.get("/api/admin/announcements")).json();
    expect(page.announcements.map((item: { reads: number }) => item.reads)).toEqual([0, 0]);
  });

  it("accepts only http(s) addresses and app paths as actions, with their text", async () => {
    const refused = [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.com",
      "/\\evil.com",
    ];
    for (const actionUrl of refused) {
      const response = await admin.post("/api/admin/announcements", {
        title: "Click me",
        message: "Please.",
        actionText: "Open",
        actionUrl,
      });
      expect(response.statusCode, actionUrl).toBe(422);
      expect(response.json().errors, actionUrl).toContainEqual({
        path: "actionUrl",
        message: "Enter an address starting with http:// or https://, or a path of the app such as /journal.",
      });
    }
    const secure = await announce({
      title: "Secure",
      actionText: "Read",
      actionUrl: "https://example.com/news",
    });
    const inApp = await announce({ title: "In app", actionText: "Journal", actionUrl: "/journal" });
    for (const actionUrl of refused) {
      const response = await admin.request("PATCH", `/api/admin/announcements/${inApp.id}`, { actionUrl });
      expect(response.statusCode, actionUrl).toBe(422);
      expect(response.json().errors[0].path, actionUrl).toBe("actionUrl");
    }
    expect(await stack(await member())).toMatchObject([
      { title: "In app", actionText: "Journal", actionUrl: "/journal" },
      { title: "Secure", actionText: "Read", actionUrl: "https://example.com/news" },
    ]);

    // Half an action is refused, whether sent so or left so by a change; clearing both is fine.
    const half = await admin.post("/api/admin/announcements", {
      title: "Half",
      message: "x",
      actionText: "Go",
    });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toContainEqual({
      path: "actionUrl",
      message: "Give the action both a button text and an address, or neither.",
    });
    const halved = await admin.request("PATCH", `/api/admin/announcements/${secure.id}`, { actionUrl: null });
    expect(halved.statusCode).toBe(422);
    expect(halved.json().errors[0].path).toBe("actionUrl");
    const [kept] = await t.db.select().from(announcements).where(eq(announcements.id, secure.id));
    expect(kept!.actionUrl).toBe("https://example.com/news");
    const cleared = await admin.request("PATCH", `/api/admin/announcements/${secure.id}`, {
      actionText: null,
      actionUrl: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ actionText: null, actionUrl: null });
  });

  it("never hands users an unsafe action stored outside the API", async () => {
    await t.db.insert(announcements).values({
      title: "Planted",
      message: "Written by SQL.",
      isActive: true,
      actionText: "Win",
      actionUrl: "javascript:alert(document.cookie)",
      createdAt: NOW,
    });
    expect(await stack(await member())).toMatchObject([
      { title: "Planted", actionText: null, actionUrl: null },
    ]);
  });

  it("lets administrators list in pages, edit and delete, and nobody else", async () => {
    const reader = await member();
    const [first, second, third] = [
      await announce({ title: "First" }),
      await announce({ title: "Second" }),
      await announce({ title: "Third", titleEs: "Tercero", priority: "high", showOnLogin: true }),
    ];

    const firstPage = await admin.get("/api/admin/announcements?limit=2");
    expect(firstPage.statusCode, firstPage.body).toBe(200);
    expect(firstPage.json().announcements).toMatchObject([
      {
        id: third.id,
        title: "Third",
        titleEs: "Tercero",
        priority: "high",
        showOnLogin: true,
        createdBy: adminName,
      },
      { id: second.id, title: "Second", titleEs: null, createdBy: adminName, reads: 0 },
    ]);
    const rest = await admin.get(`/api/admin/announcements?limit=2&cursor=${firstPage.json().nextCursor}`);
    expect(rest.json()).toEqual({
      announcements: [expect.objectContaining({ id: first.id })],
      nextCursor: null,
    });

    const edited = await admin.request("PATCH", `/api/admin/announcements/${second.id}`, {
      message: "Edited.",
      type: "warning",
      expiresAt: at(HOUR_MS),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: "Second",
      message: "Edited.",
      type: "warning",
      expiresAt: at(HOUR_MS),
    });
    expect((await admin.request("PATCH", `/api/admin/announcements/${second.id}`, {})).statusCode).toBe(422);
    // Dates the database would refuse or store wrong (year 0, past 9999 once offset) are invalid, not a 500.
    for (const expiresAt of ["0000-01-01T00:00:00Z", "9999-12-31T23:00:00-05:00", "0050-01-01T00:00:00Z"]) {
      const response = await admin.request("PATCH", `/api/admin/announcements/${second.id}`, { expiresAt });
      expect(response.statusCode, expiresAt).toBe(422);
      expect(response.json().errors[0].path, expiresAt).toBe("expiresAt");
    }

    const deleted = await admin.request("DELETE", `/api/admin/announcements/${first.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await titles(reader)).toEqual(["Third", "Second"]);
    expect((await admin.request("DELETE", `/api/admin/announcements/${first.id}`)).statusCode).toBe(404);
    expect(
      (await admin.request("PATCH", `/api/admin/announcements/${first.id}`, { title: "Back" })).statusCode,
    ).toBe(404);

    const attempts: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/announcements"],
      ["POST", "/api/admin/announcements", { title: "Mine", message: "Mine." }],
      ["PATCH", `/api/admin/announcements/${second.id}`, { title: "Mine" }],
      ["DELETE", `/api/admin/announcements/${second.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await reader.request(method as "GET", url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect((await t.browser().request(method as "GET", url, body)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
    expect((await admin.get("/api/admin/announcements")).json().announcements).toMatchObject([
      { id: third.id, title: "Third" },
      { id: second.id, title: "Second" },
    ]);
  });
});

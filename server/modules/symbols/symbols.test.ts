import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingSymbols, personalSymbols, users } from "../../db/schema/index";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";
import { PERSONAL_SYMBOL_LIMIT } from "./personal-symbols";

const ZEPPELIN = {
  key: "zeppelin",
  name: "Zeppelin",
  nameEs: "Zepelín",
  category: "object",
  description: "A slow, floating vessel: ideas carried high and gently.",
  descriptionEs: "Una nave lenta y flotante: ideas llevadas en alto, con calma.",
  variations: ["zeppelin", "airship"],
  variationsEs: ["zepelín", "dirigible"],
};

describe.each(testDrivers)("symbols on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  async function admin(name: string) {
    const account = await signUpVerified(t, name);
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.userId));
    return account;
  }

  it("keeps personal symbols private: CRUD for the owner, 404 for others, 409 for a duplicate name", async () => {
    const owner = await signUpVerified(t, "symbolist");
    const other = await signUpVerified(t, "nosy");
    const created = await owner.browser.post("/api/personal-symbols", {
      name: "Red bicycle",
      description: "My childhood freedom",
      emotionalImpact: "joy",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().category).toBe("Personal");
    expect((await owner.browser.post("/api/personal-symbols", { name: "red BICYCLE" })).statusCode).toBe(409);

    expect((await other.browser.get("/api/personal-symbols")).json()).toEqual([]);
    expect(
      (await other.browser.request("PATCH", `/api/personal-symbols/${id}`, { name: "mine" })).statusCode,
    ).toBe(404);
    expect((await other.browser.request("DELETE", `/api/personal-symbols/${id}`)).statusCode).toBe(404);

    const edited = await owner.browser.request("PATCH", `/api/personal-symbols/${id}`, { frequency: 4 });
    expect(edited.json()).toMatchObject({ name: "Red bicycle", frequency: 4 });
    expect((await owner.browser.get("/api/personal-symbols")).json()).toHaveLength(1);
    expect((await owner.browser.request("DELETE", `/api/personal-symbols/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(personalSymbols).where(eq(personalSymbols.id, id))).toEqual([]);
  });

  it("keeps at most 500 personal symbols per user, so the list always shows them all", async () => {
    const collector = await signUpVerified(t, "collector");
    await t.db.insert(personalSymbols).values(
      Array.from({ length: PERSONAL_SYMBOL_LIMIT - 1 }, (_, i) => ({
        userId: collector.userId,
        name: `symbol ${i}`,
      })),
    );
    expect((await collector.browser.post("/api/personal-symbols", { name: "the last one" })).statusCode).toBe(
      201,
    );
    const over = await collector.browser.post("/api/personal-symbols", { name: "one too many" });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: "CONFLICT",
      reason: "QUOTA_EXCEEDED",
      message: expect.stringContaining("up to 500 personal symbols"),
    });
    expect((await collector.browser.get("/api/personal-symbols")).json()).toHaveLength(PERSONAL_SYMBOL_LIMIT);
  });

  it("counts missing-symbol reports per word, whatever its case", async () => {
    const a = await signUpVerified(t, "reporter1");
    const b = await signUpVerified(t, "reporter2");
    expect((await a.browser.post("/api/missing-symbols", { symbol: "Hovercraft" })).statusCode).toBe(200);
    await b.browser.post("/api/missing-symbols", { symbol: "hovercraft" });
    await b.browser.post("/api/missing-symbols", { symbol: "HOVERCRAFT" });
    const rows = await t.db.select().from(missingSymbols).where(eq(missingSymbols.symbol, "Hovercraft"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(3);
    expect(rows[0]?.status).toBe("pending");
  });

  it("refuses every admin route to non-admins (403) and to guests (401)", async () => {
    const { browser } = await signUpVerified(t, "plainuser");
    const guest = t.browser();
    const calls = (who: typeof browser) => [
      who.get("/api/admin/symbols"),
      who.post("/api/admin/symbols", ZEPPELIN),
      who.request("PATCH", "/api/admin/symbols/1", { name: "x" }),
      who.request("DELETE", "/api/admin/symbols/1"),
      who.get("/api/admin/missing-symbols"),
      who.post("/api/admin/missing-symbols/1/process", { action: "dismiss" }),
      who.post("/api/admin/debug-symbols", { text: "a snake" }),
    ];
    for (const response of await Promise.all(calls(browser))) expect(response.statusCode).toBe(403);
    for (const response of await Promise.all(calls(guest))) expect(response.statusCode).toBe(401);
  });

  it("puts an administrator's new symbol and a processed report live without a restart", async () => {
    const boss = await admin("lexicographer");
    const dreamer = await signUpVerified(t, "skywatcher");
    await t.db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.id, dreamer.userId));
    const dream = "Over the old town a silver blimp floated slowly, and then a zeppelin followed it.";
    const before = (await dreamer.browser.post("/api/translate-dream", { content: dream })).json();
    expect(before.symbols.map((s: { key: string }) => s.key)).not.toContain("zeppelin");

    const created = await boss.browser.post("/api/admin/symbols", ZEPPELIN);
    expect(created.statusCode).toBe(201);
    expect(created.json().builtIn).toBe(false);
    const duplicate = await boss.browser.post("/api/admin/symbols", ZEPPELIN);
    expect(duplicate.statusCode).toBe(409);

    const after = (await dreamer.browser.post("/api/translate-dream", { content: dream })).json();
    const zeppelin = after.symbols.find((s: { key: string }) => s.key === "zeppelin");
    expect(zeppelin.evidence.map((e: { text: string }) => e.text)).toEqual(["zeppelin"]);

    await dreamer.browser.post("/api/missing-symbols", { symbol: "blimp" });
    const queue = (await boss.browser.get("/api/admin/missing-symbols")).json();
    const report = queue.find((entry: { symbol: string }) => entry.symbol === "blimp");
    expect(report).toMatchObject({ count: 1, status: "pending" });
    const processed = await boss.browser.post(`/api/admin/missing-symbols/${report.id}/process`, {
      action: "add",
      symbolId: created.json().id,
    });
    expect(processed.json().status).toBe("added");
    const latest = (await dreamer.browser.post("/api/translate-dream", { content: dream })).json();
    const evidence = latest.symbols.find((s: { key: string }) => s.key === "zeppelin").evidence;
    expect(evidence.map((e: { text: string }) => e.text)).toEqual(["blimp", "zeppelin"]);

    const listed = (await boss.browser.get("/api/admin/symbols?q=blimp")).json();
    expect(listed.total).toBe(1);
    expect(listed.symbols[0].variations).toContain("blimp");

    expect((await boss.browser.request("DELETE", `/api/admin/symbols/${created.json().id}`)).statusCode).toBe(
      200,
    );
    const gone = (await dreamer.browser.post("/api/translate-dream", { content: dream })).json();
    expect(gone.symbols.map((s: { key: string }) => s.key)).not.toContain("zeppelin");
  });

  it("shows administrators the matcher's trace, with the reason a reading was dropped", async () => {
    const boss = await admin("debugger");
    const response = await boss.browser.post("/api/admin/debug-symbols", {
      text: "I fell asleep on the sofa and then I fell down the stairs.",
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.symbols.map((s: { key: string }) => s.key)).toEqual(
      expect.arrayContaining(["falling", "stairs"]),
    );
    const falls = body.trace.filter((entry: { key: string }) => entry.key === "falling");
    expect(
      falls.some((entry: { kept: boolean; reason?: string }) => !entry.kept && entry.reason === "idiom"),
    ).toBe(true);
    expect(falls.some((entry: { kept: boolean }) => entry.kept)).toBe(true);
  });
});

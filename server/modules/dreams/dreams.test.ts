import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dreams, users } from "../../db/schema/index";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";
import { importAndWait } from "../../test/journal-imports";

const SPANISH_DREAM =
  "Soñé que una culebra enorme me perseguía por la casa de mi abuela y yo corría hacia el río.";
const ENGLISH_DREAM =
  "I was swimming in clear water near the school gates when a big dog started to chase me.";
const HOUR = 3_600_000;

describe.each(testDrivers)("dream translation and journal on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it("translates a Spanish dream in Spanish, with each symbol's triggering words", async () => {
    const { browser, userId } = await signUpVerified(t, "sonadora");
    const response = await browser.post("/api/translate-dream", {
      content: SPANISH_DREAM,
      userId,
      isPremium: true,
      isUltraSimplified: false,
      timestamp: new Date().toISOString(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.language).toBe("es");
    // The client's isPremium is advisory: a free user gets the free translation.
    expect(body.isPremiumTranslation).toBe(false);
    // Written in Spanish, to the dreamer, with the dreamer's own word for the snake.
    expect(body.translation).toMatch(/\b(tu|te|tus)\b/);
    expect(body.translation).toContain("culebra");
    const keys = body.symbols.map((s: { key: string }) => s.key);
    expect(keys).toEqual(
      expect.arrayContaining(["snake", "chase", "house", "grandparent", "running", "river"]),
    );
    const snake = body.symbols.find((s: { key: string }) => s.key === "snake");
    expect(snake.name).toBe("Serpiente");
    expect(snake.evidence[0].text).toBe("culebra");
    expect(SPANISH_DREAM.slice(snake.evidence[0].start, snake.evidence[0].end)).toBe("culebra");
    expect(body.translationsRemaining).toBe(2);

    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.dreamInterpretationsCount).toBe(1);
    expect(row?.totalDreamSymbolsFound).toBe(keys.length);
    expect(row?.firstDreamDate).not.toBeNull();
  });

  it("refuses text outside 20-5000 characters with the spec's messages and counts nothing", async () => {
    const { browser, userId } = await signUpVerified(t, "shorttext");
    const short = await browser.post("/api/translate-dream", { content: "too short" });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toContain(
      "Please provide at least 20 characters for accurate interpretation.",
    );
    const long = await browser.post("/api/translate-dream", { content: "a".repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toContain("Please limit your dream description to 5000 characters.");
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.translationsUsed).toBe(0);
  });

  it("gives free users 3 translations a day, then FORBIDDEN with 'limit', reset at their local midnight", async () => {
    const { browser, userId } = await signUpVerified(t, "limited");
    await t.db.update(users).set({ timezone: "America/Mexico_City" }).where(eq(users.id, userId));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => browser.post("/api/translate-dream", { content: ENGLISH_DREAM })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 403, 403]);
    const refused = results.find((r) => r.statusCode === 403)?.json();
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.reason).toBe("TRANSLATION_LIMIT");
    expect(refused.message).toBe(
      "You've reached your free translations limit. Upgrade to premium or try again tomorrow.",
    );

    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.translationsUsed).toBe(3);
    const reset = row?.translationsResetDate as Date;
    // Midnight in Mexico City is 06:00 UTC.
    expect(reset.getUTCHours()).toBe(6);
    expect(reset.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(reset.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(24 * HOUR);

    t.clock.set(new Date(reset.getTime() + 1000));
    const nextDay = await browser.post("/api/translate-dream", { content: ENGLISH_DREAM });
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.json().translationsRemaining).toBe(2);
  });

  it("has no limit for premium or unlimited users, who get the premium translation", async () => {
    const { browser, userId } = await signUpVerified(t, "unlimited");
    await t.db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.id, userId));
    for (let i = 0; i < 5; i++) {
      const response = await browser.post("/api/translate-dream", { content: ENGLISH_DREAM });
      expect(response.statusCode).toBe(200);
      expect(response.json().isPremiumTranslation).toBe(true);
      expect(response.json().translationsRemaining).toBeNull();
    }
  });

  it("answers 403 when the payload names another user, and 401 when signed out", async () => {
    const { browser, userId } = await signUpVerified(t, "honest");
    const other = await browser.post("/api/translate-dream", {
      content: ENGLISH_DREAM,
      userId: userId + 1000,
    });
    expect(other.statusCode).toBe(403);
    const save = await browser.post("/api/dreams", { content: ENGLISH_DREAM, userId: userId + 1000 });
    expect(save.statusCode).toBe(403);
    const guest = t.browser();
    expect((await guest.post("/api/translate-dream", { content: ENGLISH_DREAM })).statusCode).toBe(401);
    expect((await guest.get("/api/dreams")).statusCode).toBe(401);
  });

  it("saves, reads, edits and deletes a dream; another user's dream answers 404 and stays unchanged", async () => {
    const owner = await signUpVerified(t, "journaler");
    const intruder = await signUpVerified(t, "snooper");
    const saved = await owner.browser.post("/api/dreams", {
      userId: owner.userId,
      title: "",
      content: ENGLISH_DREAM,
      translation: "a translation",
      recognizedSymbols: JSON.stringify([
        { key: "forged", name: "x", category: "x", description: "", evidence: [] },
      ]),
      isPremiumTranslation: true,
      category: "nightmare",
      tags: ["water", "school", "water"],
    });
    expect(saved.statusCode).toBe(201);
    const dream = saved.json().dream;
    expect(dream.title).toBe("I was swimming in clear water near the school gate...");
    expect(dream.tags).toEqual(["water", "school"]);
    expect(dream.isPremiumTranslation).toBe(false);
    // The server reads the symbols itself; the client's list is not trusted.
    const keys = dream.recognizedSymbols.map((s: { key: string }) => s.key);
    expect(keys).not.toContain("forged");
    expect(keys).toEqual(expect.arrayContaining(["swimming", "water", "school", "dog", "chase"]));

    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { title: "stolen" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await intruder.browser.request(method, `/api/dreams/${dream.id}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("NOT_FOUND");
    }
    const [untouched] = await t.db.select().from(dreams).where(eq(dreams.id, dream.id));
    expect(untouched?.title).toBe(dream.title);

    const edited = await owner.browser.request("PATCH", `/api/dreams/${dream.id}`, {
      title: "The dog dream",
      content: "I was flying over a dark forest and then I fell into a lake full of fish.",
    });
    expect(edited.statusCode).toBe(200);
    const editedKeys = edited.json().recognizedSymbols.map((s: { key: string }) => s.key);
    expect(editedKeys).toEqual(expect.arrayContaining(["flying", "forest", "falling", "lake", "fish"]));
    expect(editedKeys).not.toContain("dog");

    expect((await owner.browser.request("DELETE", `/api/dreams/${dream.id}`)).statusCode).toBe(200);
    expect((await owner.browser.get(`/api/dreams/${dream.id}`)).statusCode).toBe(404);
  });

  it("pages the journal newest first with a cursor, and filters by category, tag, symbol and date", async () => {
    const { browser, userId } = await signUpVerified(t, "pager");
    const base = Date.UTC(2026, 0, 1);
    await t.db.insert(dreams).values(
      Array.from({ length: 45 }, (_, i) => ({
        userId,
        title: `Dream ${i}`,
        content: `Dream number ${i} about a quiet place.`,
        category: i % 3 === 0 ? "lucid" : null,
        tags: i % 5 === 0 ? ["five"] : [],
        symbolKeys: i % 2 === 0 ? ["cat"] : [],
        createdAt: new Date(base + i * HOUR),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/dreams?limit=20${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await browser.get(url)).json();
      seen.push(...page.dreams.map((d: { title: string }) => d.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(45);
    expect(seen[0]).toBe("Dream 44");
    expect(seen.at(-1)).toBe("Dream 0");

    const count = async (query: string) =>
      (await browser.get(`/api/dreams?limit=100&${query}`)).json().dreams.length;
    expect(await count("category=lucid")).toBe(15);
    expect(await count("tag=five")).toBe(9);
    expect(await count("symbol=cat")).toBe(23);
    expect(await count(`from=${new Date(base + 40 * HOUR).toISOString()}`)).toBe(5);
    expect((await browser.get("/api/dreams?cursor=not-a-cursor")).statusCode).toBe(422);
    expect((await browser.get("/api/dreams?category=sleepy")).statusCode).toBe(422);
  });

  it("counts the symbols of the journal, named in the reader's language, and only the reader's", async () => {
    const { browser } = await signUpVerified(t, "counter");
    const other = await signUpVerified(t, "othercounter");
    await browser.post("/api/dreams", { content: "A black cat crossed the road in front of my house." });
    await browser.post("/api/dreams", { content: "Un gato blanco dormía en la cama de mi hermana." });
    await other.browser.post("/api/dreams", {
      content: "A cat, another cat and a dog were fighting in the park.",
    });
    const counts = (await browser.get("/api/dreams/symbols", { headers: { "x-language": "es" } })).json();
    expect(counts[0]).toMatchObject({ key: "cat", name: "Gato", count: 2 });
    expect(counts.find((s: { key: string }) => s.key === "dog")).toBeUndefined();
    expect((await t.browser().get("/api/dreams/symbols")).statusCode).toBe(401);
  });

  it("finds dreams by words in either language: 'agua' finds an English dream about water", async () => {
    const { browser } = await signUpVerified(t, "searcher");
    await browser.post("/api/dreams", { content: "I was standing in the water at night, holding a candle." });
    await browser.post("/api/dreams", { content: "Estaba en una casa vieja con muchas ventanas y puertas." });
    await browser.post("/api/dreams", {
      content: "A long train ride through the mountains with my brother.",
    });
    const titles = async (q: string) =>
      (await browser.get(`/api/dreams?q=${encodeURIComponent(q)}`))
        .json()
        .dreams.map((d: { content: string }) => d.content);
    expect(await titles("agua")).toEqual(["I was standing in the water at night, holding a candle."]);
    expect(await titles("house")).toEqual(["Estaba en una casa vieja con muchas ventanas y puertas."]);
    expect(await titles("mountain")).toEqual(["A long train ride through the mountains with my brother."]);
    expect(await titles("ventana")).toEqual(["Estaba en una casa vieja con muchas ventanas y puertas."]);
    expect(await titles("nothing like this")).toEqual([]);
  });

  it("exports a journal larger than one read page completely, oldest first, each dream once", async () => {
    const { browser, userId } = await signUpVerified(t, "bigexporter");
    const base = Date.UTC(2025, 0, 1);
    // 2,003 dreams (several pages of the export's reads), with shared timestamps to test the tie-break.
    await t.db.insert(dreams).values(
      Array.from({ length: 2003 }, (_, i) => ({
        userId,
        title: `Night ${i}`,
        content: `Night number ${i} by the sea.`,
        createdAt: new Date(base + Math.floor(i / 3) * HOUR),
      })),
    );
    const exported = (await browser.get("/api/dreams/export?format=json")).json();
    const titles = exported.dreams.map((dream: { title: string }) => dream.title);
    expect(titles).toHaveLength(2003);
    expect(new Set(titles).size).toBe(2003);
    expect(titles.slice(0, 2)).toEqual(["Night 0", "Night 1"]);
    expect(titles.at(-1)).toBe("Night 2002");
  });

  it("exports the journal as JSON and Markdown, and re-imports the JSON idempotently into another account", async () => {
    const source = await signUpVerified(t, "exporter");
    await source.browser.post("/api/dreams", {
      content: "I was flying over the sea with my sister at sunset.",
      category: "lucid",
      tags: ["family"],
    });
    await source.browser.post("/api/dreams", {
      content: "Soñé que perdía las llaves de la casa de mi madre.",
    });

    const stranger = await signUpVerified(t, "notexported");
    await stranger.browser.post("/api/dreams", { content: "A stranger's private dream about a lighthouse." });

    const json = await source.browser.get("/api/dreams/export?format=json");
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-disposition"]).toMatch(/attachment; filename="chitta-journal-.*\.json"/);
    const journal = json.json();
    expect(journal.format).toBe("chitta-journal");
    expect(journal.dreams).toHaveLength(2);
    expect(JSON.stringify(journal)).not.toContain("lighthouse");

    const markdown = await source.browser.get("/api/dreams/export?format=markdown", {
      headers: { "x-language": "es" },
    });
    expect(markdown.headers["content-type"]).toContain("text/markdown");
    expect(markdown.body).toContain("# Mi diario de sueños de CHITTA");
    expect(markdown.body).toContain("Lúcido");
    expect(markdown.body).toContain("Soñé que perdía las llaves");
    expect(markdown.body).not.toContain("lighthouse");

    const target = await signUpVerified(t, "importer");
    // Imports answer 202 and run in the background: their progress tells the counts.
    const first = await importAndWait(target.browser, journal);
    expect(first.progress).toMatchObject({ status: "done", imported: 2, skipped: 0 });
    const again = await importAndWait(target.browser, journal);
    expect(again.progress).toMatchObject({ status: "done", imported: 0, skipped: 2 });
    const imported = (await target.browser.get("/api/dreams")).json().dreams;
    expect(imported.map((d: { content: string }) => d.content).sort()).toEqual(
      journal.dreams.map((d: { content: string }) => d.content).sort(),
    );
    expect(imported.map((d: { createdAt: string }) => d.createdAt).sort()).toEqual(
      journal.dreams.map((d: { createdAt: string }) => d.createdAt).sort(),
    );
    const spanish = imported.find((d: { language: string }) => d.language === "es");
    expect(spanish.recognizedSymbols.map((s: { key: string }) => s.key)).toEqual(
      expect.arrayContaining(["key", "house", "mother"]),
    );
    // The source account is untouched by the import.
    expect((await source.browser.get("/api/dreams")).json().dreams).toHaveLength(2);
  });

  it("refuses an import that is not a CHITTA journal and writes nothing", async () => {
    const { browser } = await signUpVerified(t, "badimport");
    const response = await browser.post("/api/dreams/import", {
      format: "chitta-journal",
      version: 1,
      exportedAt: "2026-01-01T00:00:00Z",
      dreams: [
        {
          title: "ok",
          content: "A valid dream about a cat.",
          translation: null,
          category: null,
          tags: [],
          createdAt: "2026-01-01T00:00:00Z",
        },
        {
          title: "bad",
          content: "",
          translation: null,
          category: "sleepy",
          tags: [],
          createdAt: "yesterday",
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect((await browser.get("/api/dreams")).json().dreams).toEqual([]);
  });
});

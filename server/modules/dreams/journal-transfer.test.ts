import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNAL_FORMAT, MAX_JOURNAL_DREAMS } from "../../../contract/dreams";
import { dreamImports, dreams, users } from "../../db/schema/index";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";
import { importAndWait, waitForImport } from "../../test/journal-imports";

/** More than two of the worker's batches (500) and of the export's pages (500). */
const DREAM_COUNT = 1203;
const DAY = 86_400_000;

/** Dreams that name recognisable symbols (snake, water, dog...), each with its own moment. */
function fileDreams(count: number, from = Date.UTC(2024, 0, 1)) {
  return Array.from({ length: count }, (_, i) => ({
    title: `Night ${i}`,
    content:
      i % 2 === 0
        ? `I was swimming in clear water when a snake crossed the river (night ${i}).`
        : `Soñé que un perro me perseguía por la casa de mi abuela (noche ${i}).`,
    translation: null,
    category: i % 3 === 0 ? "lucid" : null,
    tags: i % 5 === 0 ? ["sea", "sea"] : [],
    createdAt: new Date(from + i * DAY).toISOString(),
  }));
}

const journalOf = (dreamsInFile: unknown[]) => ({
  format: JOURNAL_FORMAT,
  version: 1,
  exportedAt: "2026-01-01T00:00:00.000Z",
  dreams: dreamsInFile,
});

describe.each(testDrivers)("journal import and export on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  const journalSize = async (userId: number) => t.db.$count(dreams, eq(dreams.userId, userId));

  it("answers 202 with the import's id before the dreams are in, and its progress reaches done with the counts", async () => {
    const { browser, userId } = await signUpVerified(t, "bulkimporter");
    const inFile = fileDreams(DREAM_COUNT);
    // The same dream twice in one file is imported once.
    const journal = journalOf([...inFile, inFile[7], inFile[8]]);

    const started = await browser.post("/api/dreams/import", journal);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({
      success: true,
      importId: expect.any(Number),
      total: DREAM_COUNT + 2,
      message: "Importing 1,203 new dreams...",
    });

    const progress = await waitForImport(browser, started.json().importId);
    expect(progress).toEqual({
      id: started.json().importId,
      status: "done",
      total: DREAM_COUNT + 2,
      processed: DREAM_COUNT + 2,
      imported: DREAM_COUNT,
      skipped: 2,
      message: `${DREAM_COUNT} dreams imported, 2 already in your journal.`,
    });
    expect(await journalSize(userId)).toBe(DREAM_COUNT);
    const [first] = await t.db
      .select()
      .from(dreams)
      .where(eq(dreams.userId, userId))
      .orderBy(dreams.createdAt)
      .limit(1);
    expect(first).toMatchObject({ title: "Night 0", category: "lucid", tags: ["sea"], language: "en" });
    expect(first!.symbolKeys).toContain("snake");

    // The same file again adds nothing: every dream is skipped, and the import is done at once.
    const again = await browser.post("/api/dreams/import", journal);
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(`0 dreams imported, ${DREAM_COUNT + 2} already in your journal.`);
    expect(await waitForImport(browser, again.json().importId)).toMatchObject({
      status: "done",
      processed: DREAM_COUNT + 2,
      imported: 0,
      skipped: DREAM_COUNT + 2,
    });
    expect(await journalSize(userId)).toBe(DREAM_COUNT);
  });

  it("runs one import per user at a time: a second one meanwhile is refused with 409", async () => {
    const { browser } = await signUpVerified(t, "impatient");
    const first = await browser.post("/api/dreams/import", journalOf(fileDreams(DREAM_COUNT)));
    expect(first.statusCode).toBe(202);
    const second = await browser.post("/api/dreams/import", journalOf(fileDreams(3, Date.UTC(2020, 0, 1))));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      success: false,
      code: "CONFLICT",
      message:
        "An import into your journal is already running. Wait for it to finish before importing another file.",
    });
    expect((await waitForImport(browser, first.json().importId)).imported).toBe(DREAM_COUNT);
    // Once it is done, the next file is welcome.
    const { progress } = await importAndWait(browser, journalOf(fileDreams(3, Date.UTC(2020, 0, 1))));
    expect(progress).toMatchObject({ status: "done", imported: 3 });
  });

  it("refuses a malformed file with the first 20 problems, in the caller's language, and writes nothing", async () => {
    const { browser, userId } = await signUpVerified(t, "malformed");
    const broken = Array.from({ length: 300 }, (_, i) => ({
      title: "",
      content: "",
      translation: null,
      category: "sleepy",
      tags: [],
      createdAt: `night ${i}`,
    }));
    const journal = journalOf([...fileDreams(2), ...broken]);

    const response = await browser.post("/api/dreams/import", journal);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe("VALIDATION");
    expect(body.errors).toHaveLength(20);
    expect(body.errors[0]).toEqual({
      path: "dreams.2.title",
      message: "String must contain at least 1 character(s)",
    });
    expect(body.message).toBe("dreams.2.title: String must contain at least 1 character(s)");
    expect(body.errors.map((issue: { path: string }) => issue.path)).toContain("dreams.2.category");

    const spanish = await browser.post("/api/dreams/import", journal, { headers: { "x-language": "es" } });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json().errors).toHaveLength(20);
    expect(spanish.json().message).not.toBe(body.message);

    const notJson = await browser.post("/api/dreams/import", undefined, {
      raw: '{"format": "chitta-journal",',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ success: false, code: "BAD_REQUEST" });

    expect(await journalSize(userId)).toBe(0);
    expect(await t.db.select().from(dreamImports).where(eq(dreamImports.userId, userId))).toEqual([]);
  });

  it(`caps a journal at ${MAX_JOURNAL_DREAMS.toLocaleString("en")} dreams, on import and on save`, async () => {
    const { browser, userId } = await signUpVerified(t, "fulljournal");
    const base = Date.UTC(2000, 0, 1);
    for (let from = 0; from < MAX_JOURNAL_DREAMS - 1; from += 5000) {
      const count = Math.min(5000, MAX_JOURNAL_DREAMS - 1 - from);
      await t.db.insert(dreams).values(
        Array.from({ length: count }, (_, i) => ({
          userId,
          title: `Old ${from + i}`,
          content: `An old dream, number ${from + i}.`,
          createdAt: new Date(base + (from + i) * 60_000),
        })),
      );
    }

    const full = "Your journal can hold up to 20,000 dreams, and this would take it past that limit.";
    const tooMany = await browser.post("/api/dreams/import", journalOf(fileDreams(2)));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ success: false, code: "CONFLICT", reason: "QUOTA_EXCEEDED" });
    expect(tooMany.json().message).toContain(full);
    const spanish = await browser.post("/api/dreams/import", journalOf(fileDreams(2)), {
      headers: { "x-language": "es" },
    });
    expect(spanish.json().message).toContain("Tu diario admite hasta 20.000 sueños");
    expect(await journalSize(userId)).toBe(MAX_JOURNAL_DREAMS - 1);

    // One more fits; the next one does not.
    const last = await browser.post("/api/dreams", { content: "The last dream that fits in the journal." });
    expect(last.statusCode).toBe(201);
    const over = await browser.post("/api/dreams", { content: "One dream too many for the journal." });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ reason: "QUOTA_EXCEEDED", message: expect.stringContaining(full) });
    expect(await journalSize(userId)).toBe(MAX_JOURNAL_DREAMS);

    // A file holding only dreams already there adds nothing, so it is not refused.
    const again = await browser.post(
      "/api/dreams/import",
      journalOf([
        {
          title: "Old 0",
          content: "An old dream, number 0.",
          translation: null,
          category: null,
          tags: [],
          createdAt: new Date(base).toISOString(),
        },
      ]),
    );
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe("0 dreams imported, 1 already in your journal.");
  }, 120_000);

  it("stores a free user's imported dreams without meanings but with their symbol keys; a premium user's with them", async () => {
    const free = await signUpVerified(t, "freeimporter");
    const journal = journalOf(fileDreams(4));
    expect((await importAndWait(free.browser, journal)).progress).toMatchObject({
      status: "done",
      imported: 4,
    });

    // Search by symbol still finds them.
    const found = (await free.browser.get("/api/dreams?symbol=snake")).json().dreams;
    expect(found).toHaveLength(2);
    for (const dream of found) {
      expect(dream.meaningsWithheld).toBe(true);
      expect(dream.recognizedSymbols.map((symbol: { key: string }) => symbol.key)).toContain("snake");
      for (const symbol of dream.recognizedSymbols) {
        expect(symbol.description).toBe("");
        expect(symbol.details).toBeUndefined();
      }
    }

    const premium = await signUpVerified(t, "premiumimporter");
    await t.db.update(users).set({ subscriptionTier: "premium" }).where(eq(users.id, premium.userId));
    expect((await importAndWait(premium.browser, journal)).progress).toMatchObject({ status: "done" });
    const withMeanings = (await premium.browser.get("/api/dreams?symbol=snake")).json().dreams;
    expect(withMeanings).toHaveLength(2);
    for (const dream of withMeanings) {
      expect(dream.meaningsWithheld).toBe(false);
      const snake = dream.recognizedSymbols.find((symbol: { key: string }) => symbol.key === "snake");
      expect(snake.description.length).toBeGreaterThan(20);
    }
  });

  it("shows an import's progress to its owner only: another user gets 404, a visitor 401", async () => {
    const owner = await signUpVerified(t, "progressowner");
    const { started } = await importAndWait(owner.browser, journalOf(fileDreams(2)));
    const url = `/api/dreams/imports/${started.json().importId}`;
    expect((await owner.browser.get(url)).statusCode).toBe(200);

    const other = await signUpVerified(t, "progressspy");
    const spied = await other.browser.get(url);
    expect(spied.statusCode).toBe(404);
    expect(spied.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
    // Exactly the answer for an import that does not exist.
    expect(spied.json()).toEqual((await other.browser.get("/api/dreams/imports/2147483647")).json());
    expect((await t.browser().get(url)).statusCode).toBe(401);
  });

  it("reports an import cut short by a restart as failed, saying how to finish it", async () => {
    const { browser, userId } = await signUpVerified(t, "restarted");
    // What a server that stopped mid-import leaves behind: a row still "running" that no process works on.
    const [row] = await t.db
      .insert(dreamImports)
      .values({ userId, status: "running", total: 10, processed: 4, imported: 4 })
      .returning();
    const response = await browser.get(`/api/dreams/imports/${row!.id}`, { headers: { "x-language": "es" } });
    expect(response.json()).toEqual({
      id: row!.id,
      status: "failed",
      total: 10,
      processed: 4,
      imported: 4,
      skipped: 0,
      message:
        "La importación se interrumpió porque el servidor se reinició. Los sueños importados hasta ahora ya están en tu diario: vuelve a importar el mismo archivo para añadir el resto.",
    });
  });

  it("streams the export as valid JSON equal to the journal, which imports into another account", async () => {
    const SAVED = 600;
    const source = await signUpVerified(t, "streamexporter");
    expect((await importAndWait(source.browser, journalOf(fileDreams(DREAM_COUNT)))).progress).toMatchObject({
      imported: DREAM_COUNT,
    });

    // And dreams saved the usual way, stamped to the microsecond by the database, all in the same instant and
    // more than the largest page: the pages must neither repeat nor skip one of them.
    await t.db.insert(dreams).values(
      Array.from({ length: SAVED }, (_, i) => ({
        userId: source.userId,
        title: `Saved ${i}`,
        content: `A dream saved today, number ${i}, about a lighthouse.`,
      })),
    );

    const response = await source.browser.get("/api/dreams/export?format=json");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="chitta-journal-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    // Written as it is read: the length is not known when the answer starts.
    expect(response.headers["content-length"]).toBeUndefined();
    const exported = response.json();
    expect(exported).toMatchObject({ format: JOURNAL_FORMAT, version: 1 });

    const rows = await t.db
      .select()
      .from(dreams)
      .where(eq(dreams.userId, source.userId))
      .orderBy(dreams.createdAt, dreams.id);
    expect(exported.dreams).toEqual(
      rows.map((row) => ({
        title: row.title,
        content: row.content,
        translation: row.translation,
        recognizedSymbols: row.recognizedSymbols,
        isPremiumTranslation: row.isPremiumTranslation,
        category: row.category,
        tags: row.tags,
        language: row.language,
        createdAt: row.createdAt.toISOString(),
      })),
    );

    const markdown = await source.browser.get("/api/dreams/export?format=markdown");
    expect(markdown.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(markdown.body.startsWith("# My CHITTA dream journal\n\n## Night 0\n")).toBe(true);
    expect(markdown.body.match(/^## /gm)).toHaveLength(DREAM_COUNT + SAVED);

    const target = await signUpVerified(t, "streamimporter");
    const { progress } = await importAndWait(target.browser, exported);
    expect(progress).toMatchObject({ status: "done", imported: DREAM_COUNT + SAVED, skipped: 0 });
    const copied = await t.db
      .select({ content: dreams.content, createdAt: dreams.createdAt })
      .from(dreams)
      .where(eq(dreams.userId, target.userId))
      .orderBy(dreams.createdAt, dreams.id);
    expect(copied).toEqual(rows.map((row) => ({ content: row.content, createdAt: row.createdAt })));
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLexiconData } from "../../engine/lexicon/load";
import { createTestApp, type TestApp, testDrivers } from "../../test/harness";
import { dreamSymbols, symbolVariations } from "../schema/index";
import { seedLexicon } from "./lexicon-seed";

describe.each(testDrivers)("lexicon seed on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it("loads every symbol once, refreshes what a release changed, and never overwrites an administrator's edit", async () => {
    const shipped = loadLexiconData();
    const first = await seedLexicon(t.db, shipped);
    expect(first.symbolsAdded).toBe(shipped.symbols.length);
    expect(await seedLexicon(t.db, shipped)).toEqual({ symbolsAdded: 0, symbolsRefreshed: 0 });

    const [snake] = await t.db.select().from(dreamSymbols).where(eq(dreamSymbols.key, "snake"));
    const variations = await t.db
      .select()
      .from(symbolVariations)
      .where(eq(symbolVariations.symbolId, snake!.id));
    expect(variations.map((v) => v.variation)).toEqual(
      expect.arrayContaining(["snake", "serpiente", "culebra"]),
    );

    // An administrator edits "dog"; a new release changes "dog" and "cat".
    await t.db
      .update(dreamSymbols)
      .set({ description: "Edited by an administrator.", editedByAdmin: true })
      .where(eq(dreamSymbols.key, "dog"));
    const release = {
      ...shipped,
      symbols: shipped.symbols.map((entry) =>
        entry.key === "dog" || entry.key === "cat"
          ? { ...entry, en: { ...entry.en, description: "A new release's text." } }
          : entry,
      ),
    };
    expect(await seedLexicon(t.db, release)).toEqual({ symbolsAdded: 0, symbolsRefreshed: 1 });
    const rows = await t.db.select().from(dreamSymbols);
    expect(rows.find((row) => row.key === "cat")?.description).toBe("A new release's text.");
    expect(rows.find((row) => row.key === "dog")?.description).toBe("Edited by an administrator.");
  });
});

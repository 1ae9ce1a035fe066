import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../../test/harness";
import { celebrities } from "../schema/index";
import { seedDatabase } from "./seed";

describe.each(testDrivers)("start-up seed on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  it("loads the lexicon once, and again only when what it is made from changed", async () => {
    expect(await seedDatabase(t.db)).toEqual({ lexiconSeeded: true });
    const [first] = await t.db.select().from(celebrities).limit(1);
    await t.db.delete(celebrities).where(eq(celebrities.id, first!.id));

    // A restart with the same files leaves the lexicon tables alone (the deleted row stays deleted).
    expect(await seedDatabase(t.db)).toEqual({ lexiconSeeded: false });
    expect(await t.db.select().from(celebrities).where(eq(celebrities.name, first!.name))).toEqual([]);

    // A release's other files (the marker no longer matches): the seed runs and restores the row.
    await t.db.execute(sql`comment on table dream_symbols is 'lexicon seeded from sha256:an-older-release'`);
    expect(await seedDatabase(t.db)).toEqual({ lexiconSeeded: true });
    expect(await t.db.select().from(celebrities).where(eq(celebrities.name, first!.name))).toHaveLength(1);
    expect(await seedDatabase(t.db)).toEqual({ lexiconSeeded: false });
  });
});

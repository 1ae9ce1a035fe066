import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dream, TranslateDreamResponse } from "../../../contract/dreams";
import { users } from "../../db/schema/index";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";

const WATER_DREAM = "I was swimming in dark water and a shark circled me until I reached the shore.";

describe.each(testDrivers)("the reading about this dream, on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  async function premiumUser(username: string) {
    const account = await signUpVerified(t, username);
    await t.db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.id, account.userId));
    const translate = async (content: string, extra: Record<string, unknown> = {}) => {
      const response = await account.browser.post("/api/translate-dream", { content, ...extra });
      expect(response.statusCode).toBe(200);
      return response.json() as TranslateDreamResponse;
    };
    const save = async (content: string, translated: TranslateDreamResponse) => {
      const response = await account.browser.post("/api/dreams", {
        content,
        translation: translated.translation,
        translationReceipt: translated.translationReceipt,
      });
      expect(response.statusCode).toBe(201);
      return (response.json() as { dream: Dream }).dream;
    };
    return { ...account, translate, save };
  }

  it("lists the symbols that carry the dream first and sends the short version with them", async () => {
    const dreamer = await premiumUser("readingfirst");
    const answer = await dreamer.translate(WATER_DREAM);
    const { reading } = answer;
    expect(reading.central.length).toBeGreaterThanOrEqual(3);
    expect(answer.symbols.slice(0, reading.central.length).map((s) => s.key)).toEqual(reading.central);
    expect(reading.short.length).toBeGreaterThan(0);
    expect(reading.short.length).toBeLessThanOrEqual(400);
    expect(reading.care).toEqual([]);
    const fearful = await dreamer.translate("A shark circled me in the dark water and I was terrified.");
    expect(fearful.reading.feelings[0]).toEqual({ kind: "fear", intensity: 3 });

    // Asked for the short version, the translation is that text.
    const short = await dreamer.translate(WATER_DREAM, { isUltraSimplified: true });
    expect(short.translation).toBe(short.reading.short);
  });

  it("keeps the reading with a saved dream, and none for a dream saved without meanings", async () => {
    const dreamer = await premiumUser("readingkept");
    const answer = await dreamer.translate(WATER_DREAM);
    const saved = await dreamer.save(WATER_DREAM, answer);
    expect(saved.reading?.central).toEqual(answer.reading.central);
    const fetched = (await dreamer.browser.get(`/api/dreams/${saved.id}`)).json() as Dream;
    expect(fetched.reading).toEqual(saved.reading);
    expect(fetched.recognizedSymbols[0]?.key).toBe(answer.reading.central[0]);

    const free = await signUpVerified(t, "readingfree");
    const unread = await free.browser.post("/api/dreams", { content: WATER_DREAM });
    expect(unread.statusCode).toBe(201);
    expect((unread.json() as { dream: Dream }).dream.reading).toBeNull();
  });

  it("puts the dreamer's own meaning of an image before the lexicon's and names an image that keeps coming back", async () => {
    const dreamer = await premiumUser("readinghistory");
    const meaning = "the lake behind my grandparents' house where I learned to swim";
    const personal = await dreamer.browser.post("/api/personal-symbols", {
      name: "Water",
      personalContext: meaning,
    });
    expect(personal.statusCode).toBe(201);
    for (const content of [
      "I was standing in the rain and the water reached my knees.",
      "The kitchen filled with water while my sister cooked.",
    ]) {
      await dreamer.save(content, await dreamer.translate(content));
    }

    const answer = await dreamer.translate(WATER_DREAM);
    const text = answer.translation;
    expect(text).toContain(meaning);
    expect(text).toMatch(/2 of your last 2 dreams/);
  });

  it("answers sensitive content with the care template and support contacts, in the dream's language", async () => {
    const dreamer = await premiumUser("readingcare");
    const english = await dreamer.translate(
      "I dreamed I was standing on a bridge and wanted to kill myself. My mother was calling my name.",
    );
    expect(english.reading.care).toContain("self_harm");
    expect(english.translation).toContain("988");
    expect(english.translation).not.toMatch(/wish to end|\bjoy\b/i);

    const spanish = await dreamer.translate(
      "Soñé que estaba en un puente y quería quitarme la vida. Mi madre me llamaba por mi nombre.",
    );
    expect(spanish.reading.care).toContain("self_harm");
    expect(spanish.translation).toContain("024");
    expect(spanish.translation).toMatch(/no (es|son) (una )?predicci/i);
  });
});

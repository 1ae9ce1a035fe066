import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dream, RecognizedSymbol } from "../../../contract/dreams";
import { users } from "../../db/schema/index";
import { startOfLocalDay } from "../../lib/local-day";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";
import { translationDay } from "./daily-reset";

const DREAM = "I was swimming in clear water near the school gates when a big dog started to chase me.";
const OTHER_DREAM = "I was flying over a dark forest and then I fell into a lake full of fish.";
const MINUTE = 60_000;

const keysOf = (symbols: RecognizedSymbol[]) => symbols.map((symbol) => symbol.key);
const hasMeanings = (symbols: RecognizedSymbol[]) =>
  symbols.length > 0 && symbols.every((symbol) => symbol.description.length > 0);
const lacksMeanings = (symbols: RecognizedSymbol[]) =>
  symbols.length > 0 && symbols.every((symbol) => symbol.description === "" && symbol.details === undefined);

describe.each(testDrivers)("the free translation limit on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * A verified free user in `timezone`, signed up at `at` (the test clock moves there first). The dates lie years
   * ahead: the test browser drops a session cookie whose expiry has passed in real time.
   */
  async function freeUser(username: string, timezone: string, at: string) {
    t.clock.set(new Date(at));
    const account = await signUpVerified(t, username);
    await t.db.update(users).set({ timezone }).where(eq(users.id, account.userId));
    const translate = async (content = DREAM) => account.browser.post("/api/translate-dream", { content });
    const statuses = async (count: number) => {
      const seen: number[] = [];
      for (let i = 0; i < count; i++) seen.push((await translate()).statusCode);
      return seen;
    };
    const stored = async () => (await t.db.select().from(users).where(eq(users.id, account.userId)))[0]!;
    return { ...account, translate, statuses, stored };
  }

  describe("the daily window", () => {
    it("allows 3 per local day when the user hops Bangkok -> Yangon -> Kathmandu across their midnights", async () => {
      // Midnight comes at 17:00 UTC in Bangkok (+7), 17:30 in Yangon (+6:30) and 18:15 in Kathmandu (+5:45).
      const hopper = await freeUser("hopper", "Asia/Bangkok", "2036-03-10T16:50:00Z");
      expect(await hopper.statuses(4)).toEqual([200, 200, 200, 403]);

      // 00:00:30 on 11 March in Bangkok: a new day there. Moving to Yangon (23:30 on the 10th) does not make
      // it the 10th again: this count is the 11th's, and runs to the end of the 11th in Yangon.
      t.clock.set(new Date("2036-03-10T17:00:30Z"));
      const move = (timezone: string) => hopper.browser.request("PATCH", "/api/user", { timezone });
      expect((await move("Asia/Yangon")).statusCode).toBe(200);
      expect(await hopper.statuses(4)).toEqual([200, 200, 200, 403]);

      // Yangon's midnight has passed; moving on to Kathmandu (23:16 on the 10th) reopens nothing, nor does
      // Kathmandu's midnight.
      t.clock.set(new Date("2036-03-10T17:31:00Z"));
      expect((await move("Asia/Kathmandu")).statusCode).toBe(200);
      expect(await hopper.statuses(1)).toEqual([403]);
      t.clock.set(new Date("2036-03-10T18:16:00Z"));
      expect(await hopper.statuses(1)).toEqual([403]);
      expect((await hopper.stored()).translationsDay).toBe("2036-03-11");
      expect((await hopper.stored()).translationsResetDate?.toISOString()).toBe("2036-03-11T17:30:00.000Z");

      // The next count starts when the 11th's ends (17:30 UTC on the 11th); in Kathmandu that is still the 11th
      // (23:15), so it is the 12th's, ending at midnight on the 12th in Kathmandu.
      t.clock.set(new Date("2036-03-11T17:29:00Z"));
      expect(await hopper.statuses(1)).toEqual([403]);
      t.clock.set(new Date("2036-03-11T17:30:01Z"));
      expect(await hopper.statuses(4)).toEqual([200, 200, 200, 403]);
      const row = await hopper.stored();
      expect(row.translationsDay).toBe("2036-03-12");
      expect(row.translationsResetDate?.toISOString()).toBe("2036-03-12T18:15:00.000Z");
    });

    it("renews at local midnight: 23:00 and 00:05 on an ordinary night and on both DST nights", async () => {
      // Madrid, an ordinary June night: 23:00 CEST is 21:00 UTC.
      const madrid = await freeUser("madrileno", "Europe/Madrid", "2036-06-15T21:00:00Z");
      expect(await madrid.statuses(4)).toEqual([200, 200, 200, 403]);
      t.clock.set(new Date("2036-06-15T22:05:00Z"));
      const next = await madrid.translate();
      expect(next.statusCode).toBe(200);
      expect(next.json().translationsRemaining).toBe(2);

      // New York springs forward at 02:00 on 9 March: a count started at 01:30 EST ends at midnight EDT
      // (04:00 UTC on the 10th), not an hour later.
      const spring = await freeUser("springer", "America/New_York", "2036-03-09T06:30:00Z");
      expect(await spring.statuses(4)).toEqual([200, 200, 200, 403]);
      t.clock.set(new Date("2036-03-10T03:59:00Z"));
      expect(await spring.statuses(1)).toEqual([403]);
      t.clock.set(new Date("2036-03-10T04:05:00Z"));
      expect(await spring.statuses(1)).toEqual([200]);

      // And falls back at 02:00 on 2 November: a count started at 01:30 EDT lasts until midnight EST (05:00 UTC
      // on the 3rd); 23:30 EST on the 2nd is still the same day.
      const fall = await freeUser("faller", "America/New_York", "2036-11-02T05:30:00Z");
      expect(await fall.statuses(4)).toEqual([200, 200, 200, 403]);
      t.clock.set(new Date("2036-11-03T04:30:00Z"));
      expect(await fall.statuses(1)).toEqual([403]);
      t.clock.set(new Date("2036-11-03T05:05:00Z"));
      expect(await fall.statuses(1)).toEqual([200]);

      // Where the clocks skip midnight (Santiago, 7 September 2036: 00:00 becomes 01:00) the day starts at the jump.
      expect(startOfLocalDay("2036-09-07", "America/Santiago").toISOString()).toBe(
        "2036-09-07T04:00:00.000Z",
      );
      expect(translationDay(new Date("2036-09-07T03:30:00Z"), "America/Santiago", null)).toEqual({
        day: "2036-09-06",
        resetsAt: new Date("2036-09-07T04:00:00.000Z"),
      });
    });

    it("in Santiago, keeps the limit until midnight on the night the clocks go back (not at 23:00)", async () => {
      // DST ends at midnight between 5 and 6 April 2036 (as on 6-7 April 2024): 20:00 at -03 is 23:00 UTC.
      const santiago = await freeUser("santiaguino", "America/Santiago", "2036-04-05T23:00:00Z");
      expect(await santiago.statuses(4)).toEqual([200, 200, 200, 403]);
      // 03:30 UTC is 23:30 on the 5th at -04: the offset of "now" would have renewed the count at 03:00 UTC.
      t.clock.set(new Date("2036-04-06T03:30:00Z"));
      expect(await santiago.statuses(1)).toEqual([403]);
      t.clock.set(new Date("2036-04-06T04:00:30Z"));
      expect(await santiago.statuses(1)).toEqual([200]);
    });
  });

  describe("meanings in the journal", () => {
    it("saves and edits past the limit with symbol keys but no meanings, and search by symbol still finds the dream", async () => {
      const late = await freeUser("latenight", "UTC", "2036-05-01T12:00:00Z");
      expect(await late.statuses(4)).toEqual([200, 200, 200, 403]);

      const saved = await late.browser.post("/api/dreams", { content: DREAM, translation: null });
      expect(saved.statusCode).toBe(201);
      const dream: Dream = saved.json().dream;
      expect(lacksMeanings(dream.recognizedSymbols)).toBe(true);
      expect(keysOf(dream.recognizedSymbols)).toEqual(
        expect.arrayContaining(["water", "school", "dog", "chase"]),
      );
      expect(dream.recognizedSymbols.find((symbol) => symbol.key === "dog")?.evidence[0]?.text).toBe("dog");
      expect(dream.meaningsWithheld).toBe(true);

      const found = (await late.browser.get("/api/dreams?symbol=dog")).json().dreams as Dream[];
      expect(found.map((item) => item.id)).toEqual([dream.id]);
      expect(lacksMeanings(found[0]!.recognizedSymbols)).toBe(true);
      expect(
        lacksMeanings((await late.browser.get(`/api/dreams/${dream.id}`)).json().recognizedSymbols),
      ).toBe(true);

      const edited = await late.browser.request("PATCH", `/api/dreams/${dream.id}`, { content: OTHER_DREAM });
      expect(edited.statusCode).toBe(200);
      expect(lacksMeanings(edited.json().recognizedSymbols)).toBe(true);
      expect(keysOf(edited.json().recognizedSymbols)).toEqual(
        expect.arrayContaining(["forest", "lake", "fish"]),
      );
      expect(edited.json().meaningsWithheld).toBe(true);
      expect((await late.browser.get("/api/dreams?symbol=fish")).json().dreams).toHaveLength(1);

      // Saving and editing counted nothing: the user is still at 3 of 3.
      expect((await late.stored()).translationsUsed).toBe(3);
    });

    it("keeps the meanings with the receipt of a translation of that very text, without counting again", async () => {
      const writer = await freeUser("receiptholder", "UTC", "2036-05-02T12:00:00Z");
      // Under the limit, a save without a translation no longer hands out meanings for free.
      const untranslated = await writer.browser.post("/api/dreams", { content: DREAM });
      expect(lacksMeanings(untranslated.json().dream.recognizedSymbols)).toBe(true);

      const translated = await writer.translate();
      const receipt = translated.json().translationReceipt;
      expect(typeof receipt).toBe("string");
      const saved = await writer.browser.post("/api/dreams", {
        content: DREAM,
        translation: translated.json().translation,
        translationReceipt: receipt,
      });
      expect(saved.statusCode).toBe(201);
      expect(hasMeanings(saved.json().dream.recognizedSymbols)).toBe(true);
      expect(saved.json().dream.recognizedSymbols).toEqual(translated.json().symbols);
      expect(saved.json().dream.meaningsWithheld).toBe(false);

      // "Translate this dream" in the journal: the receipt alone brings the meanings to the stored dream.
      const id = untranslated.json().dream.id;
      const patched = await writer.browser.request("PATCH", `/api/dreams/${id}`, {
        translation: translated.json().translation,
        translationReceipt: receipt,
      });
      expect(patched.statusCode).toBe(200);
      expect(hasMeanings(patched.json().recognizedSymbols)).toBe(true);
      expect(patched.json().meaningsWithheld).toBe(false);
      expect((await writer.browser.get(`/api/dreams/${id}`)).json().meaningsWithheld).toBe(false);
      expect((await writer.stored()).translationsUsed).toBe(1);
    });

    it("ignores a receipt for other content, for another user, expired or altered", async () => {
      const owner = await freeUser("receiptowner", "UTC", "2036-05-03T12:00:00Z");
      const thief = await signUpVerified(t, "receiptthief");
      const receipt: string = (await owner.translate()).json().translationReceipt;

      const otherContent = await owner.browser.post("/api/dreams", {
        content: OTHER_DREAM,
        translationReceipt: receipt,
      });
      expect(lacksMeanings(otherContent.json().dream.recognizedSymbols)).toBe(true);
      const otherUser = await thief.browser.post("/api/dreams", {
        content: DREAM,
        translationReceipt: receipt,
      });
      expect(lacksMeanings(otherUser.json().dream.recognizedSymbols)).toBe(true);
      const [expiry, signature] = receipt.split(".") as [string, string];
      const longer = (Number.parseInt(expiry, 36) + 86_400).toString(36);
      for (const forged of [`${longer}.${signature}`, `${expiry}.${"A".repeat(signature.length)}`, "x"]) {
        const response = await owner.browser.post("/api/dreams", {
          content: DREAM,
          translationReceipt: forged,
        });
        expect(lacksMeanings(response.json().dream.recognizedSymbols)).toBe(true);
      }
      // An edit to a new text cannot carry the receipt of the old one.
      const kept = await owner.browser.post("/api/dreams", { content: DREAM, translationReceipt: receipt });
      expect(hasMeanings(kept.json().dream.recognizedSymbols)).toBe(true);
      const edited = await owner.browser.request("PATCH", `/api/dreams/${kept.json().dream.id}`, {
        content: OTHER_DREAM,
        translationReceipt: receipt,
      });
      expect(lacksMeanings(edited.json().recognizedSymbols)).toBe(true);

      t.clock.advance(24 * 60 * MINUTE + MINUTE);
      const late = await owner.browser.post("/api/dreams", { content: DREAM, translationReceipt: receipt });
      expect(lacksMeanings(late.json().dream.recognizedSymbols)).toBe(true);
    });

    it("leaves premium users' dreams with their meanings, with or without a receipt", async () => {
      const premium = await freeUser("premiumdreamer", "UTC", "2036-05-04T12:00:00Z");
      await t.db.update(users).set({ subscriptionTier: "premium" }).where(eq(users.id, premium.userId));
      const saved = await premium.browser.post("/api/dreams", { content: DREAM });
      expect(hasMeanings(saved.json().dream.recognizedSymbols)).toBe(true);
      expect(saved.json().dream.meaningsWithheld).toBe(false);
      const edited = await premium.browser.request("PATCH", `/api/dreams/${saved.json().dream.id}`, {
        content: OTHER_DREAM,
      });
      expect(hasMeanings(edited.json().recognizedSymbols)).toBe(true);
      expect(edited.json().meaningsWithheld).toBe(false);
    });
  });
});

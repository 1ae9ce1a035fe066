import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dreams, idempotentRequests, missingSymbols, personalSymbols } from "../db/schema/index";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../test/harness";
import { canonicalJson, pruneIdempotencyKeys, requestHash } from "./idempotency";

const DREAM = {
  title: "The river",
  content: "I was walking along a river at night and a white horse followed me to my old school.",
  category: "lucid",
  tags: ["river", "horse"],
};
const DAY_MS = 86_400_000;
const withKey = (key: string, extra: Record<string, string> = {}) => ({
  headers: { "idempotency-key": key, ...extra },
});

describe("canonical request hash", () => {
  it("ignores the order of object keys, at every depth, but not of array items", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(requestHash("POST /api/dreams", { a: 1, b: 2 })).toBe(
      requestHash("POST /api/dreams", { b: 2, a: 1 }),
    );
    expect(requestHash("POST /api/dreams", { tags: ["a", "b"] })).not.toBe(
      requestHash("POST /api/dreams", { tags: ["b", "a"] }),
    );
    expect(requestHash("POST /api/dreams", { a: 1 })).not.toBe(
      requestHash("POST /api/personal-symbols", { a: 1 }),
    );
  });
});

describe.each(testDrivers)("Idempotency-Key on creating requests on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  const dreamsOf = (userId: number) => t.db.$count(dreams, eq(dreams.userId, userId));
  const keysOf = (userId: number) => t.db.$count(idempotentRequests, eq(idempotentRequests.userId, userId));

  it("answers a retry with the same key and body with the same dream, flagged as replayed, and stores one", async () => {
    const { browser, userId } = await signUpVerified(t, "retrier");
    const key = randomUUID();
    const first = await browser.post("/api/dreams", DREAM, withKey(key));
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // The client re-serialised the body with its keys in another order: still the same request.
    const reordered = {
      tags: DREAM.tags,
      category: DREAM.category,
      content: DREAM.content,
      title: DREAM.title,
    };
    const retry = await browser.post("/api/dreams", reordered, withKey(key));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await dreamsOf(userId)).toBe(1);
  });

  it("saves one dream when ten identical requests arrive at once, and answers it to all ten", async () => {
    const { browser, userId } = await signUpVerified(t, "impatient");
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => browser.post("/api/dreams", DREAM, withKey(key))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.json().dream.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers["idempotent-replayed"] !== "true")).toHaveLength(1);
    expect(await dreamsOf(userId)).toBe(1);
    expect(await keysOf(userId)).toBe(1);
  });

  it("refuses the same key with another body (422, en and es) and writes nothing", async () => {
    const { browser, userId } = await signUpVerified(t, "switcher");
    const key = randomUUID();
    expect((await browser.post("/api/dreams", DREAM, withKey(key))).statusCode).toBe(201);
    const other = { ...DREAM, content: `${DREAM.content} Then I woke up.` };
    const refused = await browser.post("/api/dreams", other, withKey(key));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      success: false,
      code: "VALIDATION",
      message: "This Idempotency-Key was already used for a different request.",
    });
    const spanish = await browser.post("/api/dreams", other, withKey(key, { "x-language": "es" }));
    expect(spanish.json().message).toBe("Esta Idempotency-Key ya se usó para otra solicitud.");
    expect(await dreamsOf(userId)).toBe(1);
  });

  it("stores nothing when the first attempt fails with 503 before its commit; the retry saves exactly one", async () => {
    const { browser, userId } = await signUpVerified(t, "unlucky");
    // The next dream insert fails as a restarting server would; a sequence is not rolled back, so only once.
    await t.db.execute(sql.raw(`CREATE SEQUENCE dream_fault_${userId}`));
    await t.db.execute(
      sql.raw(`CREATE FUNCTION dream_fault_${userId}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('dream_fault_${userId}') = 1 THEN
            RAISE EXCEPTION 'the database system is starting up' USING ERRCODE = '57P03';
          END IF;
          RETURN NEW;
        END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER dream_fault_${userId} BEFORE INSERT ON dreams
        FOR EACH ROW EXECUTE FUNCTION dream_fault_${userId}()`),
    );
    try {
      const key = randomUUID();
      const failed = await browser.post("/api/dreams", DREAM, withKey(key));
      expect(failed.statusCode).toBe(503);
      expect(await dreamsOf(userId)).toBe(0);
      expect(await keysOf(userId)).toBe(0);
      const retry = await browser.post("/api/dreams", DREAM, withKey(key));
      expect(retry.statusCode).toBe(201);
      expect(retry.headers["idempotent-replayed"]).toBeUndefined();
      expect(await dreamsOf(userId)).toBe(1);
    } finally {
      await t.db.execute(sql.raw(`DROP TRIGGER dream_fault_${userId} ON dreams`));
    }
  });

  it("keeps keys per user: another account's request with the same key saves its own dream", async () => {
    const alice = await signUpVerified(t, "alicekey");
    const bob = await signUpVerified(t, "bobkey");
    const key = randomUUID();
    const hers = await alice.browser.post("/api/dreams", DREAM, withKey(key));
    const his = await bob.browser.post("/api/dreams", DREAM, withKey(key));
    expect(his.statusCode).toBe(201);
    expect(his.headers["idempotent-replayed"]).toBeUndefined();
    expect(his.json().dream.id).not.toBe(hers.json().dream.id);
    expect(await dreamsOf(alice.userId)).toBe(1);
    expect(await dreamsOf(bob.userId)).toBe(1);
  });

  it("answers 404 to a replay of a dream deleted since, and saves nothing again", async () => {
    const { browser, userId } = await signUpVerified(t, "deleter");
    const key = randomUUID();
    const saved = await browser.post("/api/dreams", DREAM, withKey(key));
    expect((await browser.request("DELETE", `/api/dreams/${saved.json().dream.id}`)).statusCode).toBe(200);
    const replay = await browser.post("/api/dreams", DREAM, withKey(key));
    expect(replay.statusCode).toBe(404);
    expect(replay.json()).toEqual({ success: false, code: "NOT_FOUND", message: "Dream not found." });
    expect(await dreamsOf(userId)).toBe(0);
  });

  it("refuses a malformed key with 422 in the spec's shape", async () => {
    const { browser, userId } = await signUpVerified(t, "malformed");
    for (const key of ["has space", "x".repeat(256), "clé"]) {
      const response = await browser.post("/api/dreams", DREAM, withKey(key));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        success: false,
        code: "VALIDATION",
        message: "idempotency-key: The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
      });
    }
    const spanish = await browser.post("/api/dreams", DREAM, withKey("has space", { "x-language": "es" }));
    expect(spanish.json().message).toBe(
      "idempotency-key: La cabecera Idempotency-Key debe tener de 1 a 255 caracteres ASCII visibles.",
    );
    expect(await dreamsOf(userId)).toBe(0);
  });

  it("saves twice without a key, as before", async () => {
    const { browser, userId } = await signUpVerified(t, "nokey");
    const first = await browser.post("/api/dreams", DREAM);
    const second = await browser.post("/api/dreams", DREAM);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().dream.id).not.toBe(first.json().dream.id);
    expect(await dreamsOf(userId)).toBe(2);
    expect(await keysOf(userId)).toBe(0);
  });

  it("adds a personal symbol once for a retried key, where a plain retry would be told it exists", async () => {
    const { browser, userId } = await signUpVerified(t, "symbolist");
    const symbol = { name: "Blue door", description: "The door of my grandmother's house." };
    const key = randomUUID();
    const first = await browser.post("/api/personal-symbols", symbol, withKey(key));
    const retry = await browser.post("/api/personal-symbols", symbol, withKey(key));
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect((await browser.post("/api/personal-symbols", symbol)).statusCode).toBe(409);
    expect(await t.db.$count(personalSymbols, eq(personalSymbols.userId, userId))).toBe(1);
  });

  it("counts a retried missing-symbol report once", async () => {
    const { browser } = await signUpVerified(t, "reporter");
    const key = randomUUID();
    const first = await browser.post("/api/missing-symbols", { symbol: "zeppelin" }, withKey(key));
    const retry = await browser.post("/api/missing-symbols", { symbol: "zeppelin" }, withKey(key));
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    const [row] = await t.db.select().from(missingSymbols).where(eq(missingSymbols.symbol, "zeppelin"));
    expect(row?.count).toBe(1);
  });

  it("remembers a key 400 days, so a dream synced months later still deduplicates, then forgets it", async () => {
    const { browser, userId } = await signUpVerified(t, "patient");
    const key = randomUUID();
    const saved = await browser.post("/api/dreams", DREAM, withKey(key));
    // The key ages rather than the clock moving on, which would end the session.
    const age = (days: number) =>
      t.db
        .update(idempotentRequests)
        .set({ createdAt: new Date(t.clock.now().getTime() - days * DAY_MS) })
        .where(eq(idempotentRequests.userId, userId));
    await age(399);
    await pruneIdempotencyKeys({ db: t.db, clock: t.clock });
    const months = await browser.post("/api/dreams", DREAM, withKey(key));
    expect(months.headers["idempotent-replayed"]).toBe("true");
    expect(months.json().dream.id).toBe(saved.json().dream.id);
    await age(401);
    expect(await pruneIdempotencyKeys({ db: t.db, clock: t.clock })).toBeGreaterThanOrEqual(1);
    const kept = await t.db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
    expect(kept).toEqual([]);
    expect(await dreamsOf(userId)).toBe(1);
  });

  it("documents the header on each creating route", async () => {
    const spec = (await t.browser().get("/api/openapi.json")).json();
    for (const path of ["/api/dreams", "/api/personal-symbols", "/api/missing-symbols"]) {
      const parameters = spec.paths[path].post.parameters as Array<{ in: string; name: string }>;
      expect(parameters).toContainEqual(expect.objectContaining({ in: "header", name: "idempotency-key" }));
    }
  });
});

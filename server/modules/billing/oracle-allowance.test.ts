import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/errors";
import { translator } from "../../lib/i18n";
import { createTestApp, signUpVerified, type TestApp, testDrivers } from "../../test/harness";
import { consumeOracleAllowance, ORACLE_WINDOW_MS } from "./oracle-allowance";

describe.each(testDrivers)("oracle allowance on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });

  const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const ctx = () => ({ db: t.db, clock: t.clock });

  it("gives a free user one consultation per 30 days, even to parallel requests, and premium users no limit", async () => {
    const { userId } = await signUpVerified(t, "oraclefree");
    const free = await userRow(userId);
    const attempts = await Promise.allSettled(
      Array.from({ length: 4 }, () => consumeOracleAllowance(ctx(), free)),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    const refused = (attempts.find((attempt) => attempt.status === "rejected") as PromiseRejectedResult)
      .reason;
    expect(refused).toBeInstanceOf(AppError);
    const { code, messageKey, options } = refused as AppError;
    expect(code).toBe("FORBIDDEN");
    expect(options.reason).toBe("ORACLE_LIMIT");
    expect(translator("en")(messageKey, options.params)).toContain("limit: one consultation every 30 days.");
    expect(translator("es")(messageKey, options.params)).toContain(
      "límite gratuito del oráculo: una consulta cada 30 días.",
    );

    t.clock.advance(ORACLE_WINDOW_MS - 60_000);
    await expect(consumeOracleAllowance(ctx(), free)).rejects.toBeInstanceOf(AppError);
    t.clock.advance(60_000);
    expect((await consumeOracleAllowance(ctx(), free)).used).toBe(1);

    await t.db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.id, userId));
    const unlimited = await userRow(userId);
    for (let i = 0; i < 3; i++) expect((await consumeOracleAllowance(ctx(), unlimited)).remaining).toBeNull();
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../../test/harness";
import {
  DAY_MS,
  ledgerOf,
  makeAffiliate,
  monthsAfter,
  plainAccount,
  referredCustomer,
  reversePayment,
  totalEarned,
} from "./affiliate-test-kit";
import { loadLedger, summarizeLedger } from "./commission-ledger";

const START = new Date("2025-01-15T10:00:00.000Z");

describe.each(testDrivers)("the commission ledger on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    t.clock.set(START);
  });

  async function affiliate(fields?: Parameters<typeof makeAffiliate>[2]) {
    const user = await plainAccount(t);
    await makeAffiliate(t, user.id, fields);
    return user.id;
  }

  const summary = async (affiliateId: number) =>
    summarizeLedger(await loadLedger(t.db, [affiliateId]), t.clock.now(), "usd");

  it("earns 20% of each of the first 12 monthly invoices, then nothing on the 13th", async () => {
    const affiliateId = await affiliate();
    const customer = await referredCustomer(t, affiliateId, START);
    for (let month = 0; month <= 12; month++) {
      await customer.pay(customer.invoice(monthsAfter(START, month)));
    }
    const entries = await ledgerOf(t, affiliateId);
    expect(entries).toHaveLength(12);
    // 20% of $9.99 is 199.8 cents: rounded to 200.
    expect(entries.every((entry) => entry.amountCents === 200 && entry.rateBasisPoints === 2000)).toBe(true);
    expect(entries.at(-1)!.earnedAt).toEqual(monthsAfter(START, 11));
    expect(await totalEarned(t, affiliateId)).toBe("24.00");
  });

  it("records an invoice delivered twice once", async () => {
    const affiliateId = await affiliate();
    const customer = await referredCustomer(t, affiliateId, START);
    const payment = customer.invoice(START, 4999);
    await customer.pay(payment);
    await customer.pay(payment);
    const entries = await ledgerOf(t, affiliateId);
    expect(entries.map((entry) => entry.amountCents)).toEqual([1000]);
    expect(await totalEarned(t, affiliateId)).toBe("10.00");
  });

  it("keeps a commission pending for the refund window, then makes it due", async () => {
    const affiliateId = await affiliate();
    const customer = await referredCustomer(t, affiliateId, START);
    await customer.pay(customer.invoice(START));
    expect((await summary(affiliateId)).totals).toMatchObject({ pendingCents: 200, dueCents: 0 });
    t.clock.set(new Date(START.getTime() + 14 * DAY_MS - 1000));
    expect((await summary(affiliateId)).totals).toMatchObject({ pendingCents: 200, dueCents: 0 });
    t.clock.set(new Date(START.getTime() + 14 * DAY_MS));
    expect((await summary(affiliateId)).totals).toMatchObject({
      pendingCents: 0,
      dueCents: 200,
      earnedCents: 200,
    });
  });

  it("reverses a refunded payment's commission once, netting it to zero in its month", async () => {
    const affiliateId = await affiliate();
    const customer = await referredCustomer(t, affiliateId, START);
    const first = customer.invoice(START);
    const second = customer.invoice(monthsAfter(START, 1));
    await customer.pay(first);
    await customer.pay(second);
    expect(await totalEarned(t, affiliateId)).toBe("4.00");

    // Refunded two months later, after its window: the reversal is due at once, in the invoice's month.
    t.clock.set(monthsAfter(START, 2));
    await reversePayment(t, first.paymentRef!);
    await reversePayment(t, first.paymentRef!);
    const reversals = await ledgerOf(t, affiliateId, "reversal");
    expect(reversals.map((entry) => entry.amountCents)).toEqual([-200]);
    expect(await totalEarned(t, affiliateId)).toBe("2.00");
    const { totals, months } = await summary(affiliateId);
    expect(totals).toMatchObject({ earnedCents: 200, dueCents: 200, pendingCents: 0 });
    expect(months).toEqual([
      { month: "2025-02", pendingCents: 0, dueCents: 200, paidCents: 0, reversedCents: 0 },
      { month: "2025-01", pendingCents: 0, dueCents: 0, paidCents: 0, reversedCents: 200 },
    ]);
  });

  it("holds a reversal inside the refund window with its commission, so nothing of it ever becomes due", async () => {
    const affiliateId = await affiliate();
    const customer = await referredCustomer(t, affiliateId, START);
    const payment = customer.invoice(START);
    await customer.pay(payment);
    t.clock.set(new Date(START.getTime() + 3 * DAY_MS));
    await reversePayment(t, payment.paymentRef!);
    expect((await summary(affiliateId)).totals).toMatchObject({
      earnedCents: 0,
      pendingCents: 0,
      dueCents: 0,
    });
    expect(await ledgerOf(t, affiliateId, "reversal")).toMatchObject([
      { availableAt: new Date(START.getTime() + 14 * DAY_MS) },
    ]);
  });

  it("applies a new tier or custom rate to later invoices only", async () => {
    const affiliateId = await affiliate();
    const customer = await referredCustomer(t, affiliateId, START);
    await customer.pay(customer.invoice(START, 10_000));
    await makeAffiliate(t, affiliateId, { affiliateTier: "gold" });
    await customer.pay(customer.invoice(monthsAfter(START, 1), 10_000));
    await makeAffiliate(t, affiliateId, { affiliateTier: "gold", affiliateCommissionRate: "22.50" });
    await customer.pay(customer.invoice(monthsAfter(START, 2), 10_000));
    const entries = await ledgerOf(t, affiliateId);
    expect(entries.map((entry) => [entry.rateBasisPoints, entry.amountCents])).toEqual([
      [2000, 2000],
      [3000, 3000],
      [2250, 2250],
    ]);
    expect(await totalEarned(t, affiliateId)).toBe("72.50");
  });

  it("gives suspended, pending and rejected referrers nothing", async () => {
    for (const affiliateStatus of ["suspended", "pending", "rejected", "inactive"]) {
      const affiliateId = await affiliate({ affiliateStatus });
      const customer = await referredCustomer(t, affiliateId, START);
      await customer.pay(customer.invoice(START));
      expect(await ledgerOf(t, affiliateId)).toEqual([]);
      expect(await totalEarned(t, affiliateId)).toBe("0.00");
    }
  });
});

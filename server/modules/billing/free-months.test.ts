import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../../contract/billing";
import type { Queryable } from "../../db/client";
import { referralCodes, referralRewards, referrals, users } from "../../db/schema/index";
import {
  createTestApp,
  signUpVerified,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";
import { expirePremiumGrants, type FreeMonthContext, grantFreeMonth, revokeFreeMonth } from "./free-months";
import { sweepSandbox } from "./sandbox/sandbox-payments";
import { createSandboxProvider } from "./sandbox/sandbox-provider";
import type { SandboxDeps } from "./sandbox/sandbox-store";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDrivers)("free months from referral rewards on %s", (driver) => {
  let t: TestApp;
  let ctx: FreeMonthContext;
  let sandbox: SandboxDeps;
  let referees = 0;

  beforeAll(async () => {
    // Months pass in these tests: sessions outlive them as long as the user comes back every few days.
    t = await createTestApp(driver, { env: { SESSION_ABSOLUTE_DAYS: "400" } });
    // The sandbox as the app runs it, delivering over HTTP to the webhook route.
    sandbox = {
      db: t.db,
      clock: t.clock,
      billing: t.config.billing,
      log: { error: (object, message) => console.error(message, object) },
      deliver: async (payload, signature) => {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/webhooks/stripe",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          payload,
        });
        if (response.statusCode !== 200) throw new Error(response.body);
      },
    };
    ctx = {
      db: t.db,
      payments: createSandboxProvider(sandbox),
      clock: t.clock,
      log: t.app.log,
      config: t.config,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  /** A pending referrer reward, as a referee's first payment leaves it. */
  async function pendingReward(referrerId: number) {
    const n = ++referees;
    const [referee] = await t.db
      .insert(users)
      .values({ username: `referee${n}`, email: `referee${n}@example.com`, referredBy: referrerId })
      .returning();
    const [code] = await t.db.select().from(referralCodes).where(eq(referralCodes.userId, referrerId));
    const [referral] = await t.db
      .insert(referrals)
      .values({ referrerId, refereeId: referee!.id, referralCodeId: code!.id, conversionType: "premium" })
      .returning();
    const [reward] = await t.db
      .insert(referralRewards)
      .values({ userId: referrerId, referralId: referral!.id, rewardType: "referrer_free_month" })
      .returning();
    return reward!.id;
  }

  /** Claims the reward the way the claim route does: only a pending one. */
  const claim = (userId: number, rewardId: number) =>
    grantFreeMonth(ctx, {
      userId,
      rewardId,
      markClaimed: async (tx: Queryable) =>
        (
          await tx
            .update(referralRewards)
            .set({ status: "claimed", claimedAt: t.clock.now() })
            .where(and(eq(referralRewards.id, rewardId), eq(referralRewards.status, "pending")))
            .returning()
        ).length === 1,
    });

  const state = async (browser: TestBrowser) => (await browser.get("/api/billing/subscription")).json();
  const invoiceCount = async (browser: TestBrowser) =>
    (await browser.get("/api/billing/invoices")).json().invoices.length;
  const inDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS).toISOString();

  async function subscribe(browser: TestBrowser) {
    const started = await browser.post("/api/billing/checkout", { plan: "monthly" });
    const session = new URL(started.json().url, "http://x").searchParams.get("session")!;
    const paid = await browser.post(`/api/billing/sandbox/sessions/${session}/pay`, {
      cardNumber: sandboxCards.succeeds,
    });
    expect(paid.json().outcome).toBe("succeeded");
    const subscription = (await state(browser)).subscription;
    return { periodEnd: new Date(subscription.currentPeriodEnd) };
  }

  /**
   * Time passes until `until` in steps of a week at most (sessions stay alive), the sandbox and the expiry job
   * running after each as their crons would; `check` looks at the page after each step.
   */
  async function passUntil(
    until: Date,
    browser: TestBrowser,
    check?: (browser: TestBrowser) => Promise<void>,
  ) {
    while (t.clock.now() < until) {
      t.clock.advance(Math.min(7 * DAY_MS, until.getTime() - t.clock.now().getTime()));
      await sweepSandbox(sandbox);
      await expirePremiumGrants(ctx);
      // Any request keeps the session alive.
      await (check ?? state)(browser);
    }
  }

  it("makes a free user premium for 30 days, stacks a second claim to 60, and the expiry job ends it", async () => {
    const { browser, userId } = await signUpVerified(t, "freeclaimer");
    const start = t.clock.now();
    expect(await state(browser)).toMatchObject({ isPremium: false, premiumGrantUntil: null });

    expect(await claim(userId, await pendingReward(userId))).toEqual({
      premiumUntil: new Date(inDays(start, 30)),
      extendedSubscription: false,
    });
    expect(await state(browser)).toMatchObject({
      isPremium: true,
      subscriptionTier: "premium",
      subscription: null,
      premiumGrantUntil: inDays(start, 30),
    });
    expect((await claim(userId, await pendingReward(userId)))?.premiumUntil).toEqual(
      new Date(inDays(start, 60)),
    );
    expect((await state(browser)).premiumGrantUntil).toBe(inDays(start, 60));

    // Premium holds across the end of the first month, into the second, up to the end of the second.
    const end = new Date(inDays(start, 60));
    await passUntil(new Date(end.getTime() - 1000), browser, async (b) =>
      expect(await state(b)).toMatchObject({ isPremium: true, premiumGrantUntil: end.toISOString() }),
    );
    t.clock.set(end);
    expect(await expirePremiumGrants(ctx)).toBe(1);
    expect(await state(browser)).toMatchObject({
      isPremium: false,
      subscriptionTier: "free",
      premiumGrantUntil: null,
    });
    expect(await expirePremiumGrants(ctx)).toBe(0);
  });

  it("moves a subscriber's renewal 30 days later, with no invoice charged in between", async () => {
    const { browser, userId } = await signUpVerified(t, "subclaimer");
    const { periodEnd } = await subscribe(browser);
    expect(await invoiceCount(browser)).toBe(1);

    expect(await claim(userId, await pendingReward(userId))).toEqual({
      premiumUntil: new Date(inDays(periodEnd, 30)),
      extendedSubscription: true,
    });
    expect(await state(browser)).toMatchObject({
      isPremium: true,
      subscription: { status: "active", currentPeriodEnd: inDays(periodEnd, 30), cancelAtPeriodEnd: false },
      // The page shows the new renewal date instead.
      premiumGrantUntil: null,
    });

    // Past the old renewal date and through the free month: premium, and nothing charged.
    const renewal = new Date(inDays(periodEnd, 30));
    await passUntil(new Date(renewal.getTime() - 1000), browser, async (b) => {
      expect((await state(b)).isPremium).toBe(true);
      expect(await invoiceCount(b)).toBe(1);
    });
    // Then the renewal is charged, a month later than it would have been.
    await passUntil(renewal, browser);
    expect(await invoiceCount(browser)).toBe(2);
    expect(await state(browser)).toMatchObject({ isPremium: true, subscription: { status: "active" } });
  });

  it("starts the month of a subscriber set to cancel when the paid period ends", async () => {
    const { browser, userId } = await signUpVerified(t, "cancelclaimer");
    const { periodEnd } = await subscribe(browser);
    await browser.post("/api/billing/subscription/cancel");

    expect(await claim(userId, await pendingReward(userId))).toEqual({
      premiumUntil: new Date(inDays(periodEnd, 30)),
      extendedSubscription: false,
    });
    expect(await state(browser)).toMatchObject({
      subscription: { cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd.toISOString() },
      premiumGrantUntil: inDays(periodEnd, 30),
    });

    // The subscription ends with its period; the free month carries premium on, then ends.
    await passUntil(periodEnd, browser);
    expect(await state(browser)).toMatchObject({ isPremium: true, subscription: { status: "canceled" } });
    await passUntil(new Date(inDays(periodEnd, 30)), browser);
    expect(await state(browser)).toMatchObject({ isPremium: false, premiumGrantUntil: null });
  });

  it("grants nothing, and leaves the renewal where it was, when the reward is no longer claimable", async () => {
    const free = await signUpVerified(t, "lateclaimer");
    const taken = await pendingReward(free.userId);
    expect(await claim(free.userId, taken)).not.toBeNull();
    await revokeFreeMonth(ctx, taken);
    expect(await claim(free.userId, taken)).toBeNull();
    expect(await state(free.browser)).toMatchObject({ isPremium: false, premiumGrantUntil: null });

    const subscriber = await signUpVerified(t, "latesubscriber");
    const { periodEnd } = await subscribe(subscriber.browser);
    const refused = await grantFreeMonth(ctx, {
      userId: subscriber.userId,
      rewardId: await pendingReward(subscriber.userId),
      markClaimed: async () => false,
    });
    expect(refused).toBeNull();
    expect((await state(subscriber.browser)).subscription.currentPeriodEnd).toBe(periodEnd.toISOString());
  });

  it("takes a month back on revocation, once: premium ends, the renewal moves back", async () => {
    const free = await signUpVerified(t, "revokedfree");
    const rewardId = await pendingReward(free.userId);
    await claim(free.userId, rewardId);
    expect((await state(free.browser)).isPremium).toBe(true);
    await revokeFreeMonth(ctx, rewardId);
    expect(await state(free.browser)).toMatchObject({ isPremium: false, premiumGrantUntil: null });
    await revokeFreeMonth(ctx, rewardId);
    expect(await state(free.browser)).toMatchObject({ isPremium: false, premiumGrantUntil: null });
    // A later claim starts now: the revoked month no longer holds it back.
    expect((await claim(free.userId, await pendingReward(free.userId)))?.premiumUntil).toEqual(
      new Date(inDays(t.clock.now(), 30)),
    );

    const subscriber = await signUpVerified(t, "revokedsub");
    const { periodEnd } = await subscribe(subscriber.browser);
    const shifted = await pendingReward(subscriber.userId);
    await claim(subscriber.userId, shifted);
    expect((await state(subscriber.browser)).subscription.currentPeriodEnd).toBe(inDays(periodEnd, 30));
    await revokeFreeMonth(ctx, shifted);
    await revokeFreeMonth(ctx, shifted);
    expect(await state(subscriber.browser)).toMatchObject({
      isPremium: true,
      subscription: { status: "active", currentPeriodEnd: periodEnd.toISOString() },
    });
    // The renewal is charged on its first date again.
    await passUntil(periodEnd, subscriber.browser);
    expect(await invoiceCount(subscriber.browser)).toBe(2);
  });
});

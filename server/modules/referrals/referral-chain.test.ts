import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../../contract/billing";
import { REFERRAL_REWARDS_PER_MONTH, REFUND_WINDOW_DAYS } from "../../../contract/referrals";
import { users } from "../../db/schema/index";
import { createTestApp, type TestApp, type TestBrowser, testDrivers } from "../../test/harness";
import { advanceSandboxSubscription } from "../billing/sandbox/sandbox-payments";
import {
  deliver,
  heldSandbox,
  type Person,
  paidInvoice,
  person,
  subscribe,
  subscribeHeld,
} from "./referral-test-kit";

const DAY_MS = 24 * 60 * 60 * 1000;
const BROWSER_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15";

describe.each(testDrivers)("the referral chain on the sandbox provider on %s", (driver) => {
  let t: TestApp;
  let referrer: Person;
  let admin: Person;
  let referee: Person;
  let refereeSubscription: string;
  let renewalInvoice: string;

  beforeAll(async () => {
    // Sessions outlive the jumps over the refund window.
    t = await createTestApp(driver, { env: { SESSION_IDLE_DAYS: "30" } });
    // Early in a month, so the monthly limit is counted within one calendar month.
    t.clock.set(new Date("2031-03-02T09:00:00Z"));
    referrer = await person(t, { email: "Ref.Owner+main@gmail.com" });
    // The referrer pays for their own subscription with the everyday test card.
    await subscribe(referrer.browser, sandboxCards.succeeds);
    admin = await person(t);
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  });
  afterAll(async () => {
    await t.close();
  });

  const overview = async (browser: TestBrowser) => {
    const response = await browser.get("/api/referrals");
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const pendingModal = async (browser: TestBrowser) =>
    (await browser.get("/api/referrals/rewards/pending")).json();
  const historyOf = async (person: Person) =>
    (await overview(referrer.browser)).history.find(
      (entry: { refereeName: string; id: number }) =>
        entry.refereeName === `${person.username.slice(0, 2)}•••`,
    );

  /** The sandbox ends the subscription's period now and renews it, paid; its events are delivered in order. */
  async function renew(subscriptionId: string) {
    const sandbox = heldSandbox(t);
    await advanceSandboxSubscription(sandbox.deps, subscriptionId, "paid");
    const events = sandbox.take();
    for (const event of events) expect(await deliver(t, event)).toBe("applied");
    return events.find((event) => event.type === "invoice.paid")!.objectId;
  }
  /** The admin console's refund or chargeback of a sandbox invoice (the sandbox emits the provider's event). */
  async function reverse(invoiceId: string, reversal: "refund" | "dispute" = "refund") {
    const response = await admin.browser.post(`/api/admin/billing/sandbox/invoices/${invoiceId}/${reversal}`);
    expect(response.statusCode, response.body).toBe(200);
  }

  it("B signs up through A's link (the cookie), and B's free first month earns A nothing yet", async () => {
    const browser = t.browser();
    await browser.get(`/?ref=${referrer.code}`, { headers: { "user-agent": BROWSER_UA } });
    referee = await person(t, { browser });
    expect((await browser.get("/api/billing/subscription")).json().firstMonthFree).toBe(true);

    const checkout = await subscribeHeld(t, referee, sandboxCards.succeedsMastercard);
    refereeSubscription = checkout.subscriptionId;
    // The trial's invoice arrives before the subscription and the checkout it belongs to, then all come again.
    const invoiceFirst = [...checkout.events].reverse();
    expect(invoiceFirst[0]?.type).toBe("invoice.paid");
    const outcomes: string[] = [];
    for (const event of [...invoiceFirst, ...checkout.events]) outcomes.push(await deliver(t, event));
    expect(outcomes).toEqual(["applied", "applied", "applied", "duplicate", "duplicate", "duplicate"]);

    expect((await browser.get("/api/billing/subscription")).json()).toMatchObject({
      isPremium: true,
      subscription: { id: refereeSubscription, status: "trialing" },
    });
    expect((await browser.get("/api/billing/invoices")).json().invoices[0].amount).toBe(0);
    expect(await historyOf(referee)).toMatchObject({ stage: "trial", convertedAt: null });
    const page = await overview(referrer.browser);
    expect(page.stats).toEqual({ signedUp: 1, converted: 0, freeMonthsAvailable: 0, freeMonthsClaimed: 0 });
    expect(page.rewards).toEqual([]);
    expect((await pendingModal(referrer.browser)).type).toBe("continue_sharing");
  });

  it("B's first charged renewal earns A exactly one month, whatever the order and number of deliveries", async () => {
    const sandbox = heldSandbox(t);
    expect(await advanceSandboxSubscription(sandbox.deps, refereeSubscription, "paid")).toBe("renewed");
    const events = sandbox.take();
    expect(events.map((event) => event.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    renewalInvoice = events[0]!.objectId;

    // The subscription's update first this time, then the provider delivers both again in its own order.
    const outcomes: string[] = [];
    for (const event of [...[...events].reverse(), ...events]) outcomes.push(await deliver(t, event));
    expect(outcomes).toEqual(["applied", "applied", "duplicate", "duplicate"]);

    const page = await overview(referrer.browser);
    expect(page.stats).toEqual({ signedUp: 1, converted: 1, freeMonthsAvailable: 1, freeMonthsClaimed: 0 });
    expect(page.rewards).toEqual([
      expect.objectContaining({
        type: "referrer_free_month",
        status: "pending",
        refereeName: `${referee.username.slice(0, 2)}•••`,
      }),
    ]);
    expect(await historyOf(referee)).toMatchObject({ stage: "converted", convertedAt: expect.any(String) });
    expect(await pendingModal(referrer.browser)).toMatchObject({
      shouldShow: true,
      type: "referrer_celebration",
      data: { freeMonthsAvailable: 1, totalReferrals: 1, claimableRewardId: page.rewards[0].id },
    });

    // The next renewal is paid too, and earns nothing more.
    await renew(refereeSubscription);
    expect((await overview(referrer.browser)).stats).toMatchObject({ converted: 1, freeMonthsAvailable: 1 });
  });

  it(`revokes the month when that payment is refunded within ${REFUND_WINDOW_DAYS} days`, async () => {
    t.clock.advance((REFUND_WINDOW_DAYS - 1) * DAY_MS);
    await reverse(renewalInvoice);
    const page = await overview(referrer.browser);
    expect(page.stats).toMatchObject({ converted: 1, freeMonthsAvailable: 0 });
    expect(page.rewards).toEqual([
      expect.objectContaining({ status: "revoked", revokedAt: expect.any(String) }),
    ]);
    expect(await historyOf(referee)).toMatchObject({ stage: "refunded" });
    expect((await pendingModal(referrer.browser)).type).not.toBe("referrer_celebration");
  });

  it("keeps the month when the refund comes after the window", async () => {
    const late = await person(t, { code: referrer.code });
    const renewal = await renew(await subscribe(late.browser, sandboxCards.succeedsDebit));
    expect((await overview(referrer.browser)).stats.freeMonthsAvailable).toBe(1);
    t.clock.advance((REFUND_WINDOW_DAYS + 1) * DAY_MS);
    await referrer.signIn();
    await reverse(renewal);
    expect((await overview(referrer.browser)).stats.freeMonthsAvailable).toBe(1);
    expect(await historyOf(late)).toMatchObject({ stage: "converted" });
  });

  it("takes a claimed month back when its payment is disputed within the window", async () => {
    const disputer = await person(t, { code: referrer.code });
    const renewal = await renew(await subscribe(disputer.browser, sandboxCards.succeedsDebit));
    const ownRenewal = async () =>
      (await referrer.browser.get("/api/billing/subscription")).json().subscription
        .currentPeriodEnd as string;
    const before = await ownRenewal();
    const rewardId = (await overview(referrer.browser)).rewards.find(
      (reward: { refereeName: string }) => reward.refereeName === `${disputer.username.slice(0, 2)}•••`,
    ).id as number;
    const claimed = await referrer.browser.post(`/api/referrals/rewards/${rewardId}/claim`);
    expect(claimed.json()).toMatchObject({ reward: { status: "claimed" }, extendedSubscription: true });
    expect(new Date(await ownRenewal()).getTime()).toBe(new Date(before).getTime() + 30 * DAY_MS);

    await reverse(renewal, "dispute");
    const page = await overview(referrer.browser);
    expect(page.rewards.find((reward: { id: number }) => reward.id === rewardId)).toMatchObject({
      status: "revoked",
    });
    expect(page.stats.freeMonthsClaimed).toBe(0);
    expect(await historyOf(disputer)).toMatchObject({ stage: "refunded" });
    expect(await ownRenewal()).toBe(before);
  });

  it("refuses self-referral: the referrer's own card, the same mailbox, the same payment customer", async () => {
    const before = await overview(referrer.browser);

    const sameCard = await person(t, { code: referrer.code });
    await renew(await subscribe(sameCard.browser, sandboxCards.succeeds));
    expect(await historyOf(sameCard)).toMatchObject({
      stage: "rejected",
      rejectedReason: "same_card",
      convertedAt: null,
    });

    const sameMailbox = await person(t, { code: referrer.code, email: "refowner+second@googlemail.com" });
    await renew(await subscribe(sameMailbox.browser, sandboxCards.succeedsMastercard));
    expect(await historyOf(sameMailbox)).toMatchObject({ stage: "rejected", rejectedReason: "same_email" });

    // Two accounts cannot share a customer through the app's own checkout: the payment is handed to the hook.
    const sameCustomer = await person(t, { code: referrer.code });
    const [owner] = await t.db.select().from(users).where(eq(users.id, referrer.userId));
    await paidInvoice(t, sameCustomer.userId, { customerId: owner!.stripeCustomerId! });
    expect(await historyOf(sameCustomer)).toMatchObject({
      stage: "rejected",
      rejectedReason: "same_customer",
    });

    const page = await overview(referrer.browser);
    expect(page.rewards).toHaveLength(before.rewards.length);
    expect(page.stats).toMatchObject({
      signedUp: before.stats.signedUp + 3,
      converted: before.stats.converted,
    });
  });

  it(`limits a referrer to ${REFERRAL_REWARDS_PER_MONTH} months earned per calendar month`, async () => {
    const busy = await person(t);
    for (let i = 0; i < REFERRAL_REWARDS_PER_MONTH; i++) {
      const friend = await person(t, { code: busy.code });
      await paidInvoice(t, friend.userId);
    }
    const oneMore = await person(t, { code: busy.code });
    await renew(await subscribe(oneMore.browser, sandboxCards.succeedsMastercard));

    const page = await overview(busy.browser);
    expect(page.stats).toMatchObject({
      converted: REFERRAL_REWARDS_PER_MONTH + 1,
      freeMonthsAvailable: REFERRAL_REWARDS_PER_MONTH,
    });
    expect(page.rewards.filter((reward: { status: string }) => reward.status === "limited")).toHaveLength(1);

    // A new month starts a new count.
    t.clock.set(new Date("2031-04-01T00:00:01Z"));
    await busy.signIn();
    const nextMonth = await person(t, { code: busy.code });
    await paidInvoice(t, nextMonth.userId);
    expect((await overview(busy.browser)).stats.freeMonthsAvailable).toBe(REFERRAL_REWARDS_PER_MONTH + 1);
  });

  it("converts once when the renewal is delivered before the free month's checkout", async () => {
    const before = (await overview(referrer.browser)).stats;
    const hurried = await person(t, { code: referrer.code });
    const checkout = await subscribeHeld(t, hurried, sandboxCards.succeedsDebit);
    const sandbox = heldSandbox(t);
    await advanceSandboxSubscription(sandbox.deps, checkout.subscriptionId, "paid");
    for (const event of [...sandbox.take(), ...checkout.events])
      expect(await deliver(t, event)).toBe("applied");

    expect(await historyOf(hurried)).toMatchObject({ stage: "converted" });
    expect((await overview(referrer.browser)).stats).toMatchObject({
      converted: before.converted + 1,
      freeMonthsAvailable: before.freeMonthsAvailable + 1,
    });
  });
});

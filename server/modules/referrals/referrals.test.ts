import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCards } from "../../../contract/billing";
import { DISMISS_HOURS, REFERRAL_COOKIE_NAME } from "../../../contract/referrals";
import { referralClicks, referralCodes, users } from "../../db/schema/index";
import { createTestApp, TEST_ORIGIN, type TestApp, testDrivers } from "../../test/harness";
import { createAppWithProvider, type TestProvider } from "../../test/oidc-provider";
import { paidInvoice, person, subscribe } from "./referral-test-kit";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each(testDrivers)("referral endpoints on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // Sessions outlive the jumps in time below.
    t = await createTestApp(driver, { env: { SESSION_IDLE_DAYS: "30" } });
    t.clock.set(new Date("2031-05-04T09:00:00Z"));
  });
  afterAll(async () => {
    await t.close();
  });

  const clicksOf = async (code: string) => {
    const rows = await t.db
      .select({ clicks: referralClicks.clicks })
      .from(referralClicks)
      .innerJoin(referralCodes, eq(referralCodes.id, referralClicks.referralCodeId))
      .where(eq(referralCodes.code, code));
    return rows.reduce((sum, row) => sum + row.clicks, 0);
  };
  const pending = async (browser: Awaited<ReturnType<typeof person>>["browser"]) => {
    const response = await browser.get("/api/referrals/rewards/pending");
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const overview = async (browser: Awaited<ReturnType<typeof person>>["browser"], query = "") => {
    const response = await browser.get(`/api/referrals${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("keeps a ?ref= visit in an HttpOnly cookie for 60 days, counts the click once, and signs up through it", async () => {
    const owner = await person(t);
    const visitor = t.browser();
    const first = await visitor.get(`/?ref=${owner.code.toLowerCase()}`, {
      headers: { "user-agent": BROWSER_UA },
    });
    const cookie = first.cookies.find((c) => c.name === REFERRAL_COOKIE_NAME);
    expect(cookie).toMatchObject({ value: owner.code, httpOnly: true, maxAge: 60 * 24 * 60 * 60, path: "/" });
    expect(String(cookie?.sameSite).toLowerCase()).toBe("lax");
    expect(await clicksOf(owner.code)).toBe(1);

    // The app's redirect to /signup?ref= is the same visit: not counted again. Nor are bots, nor the owner.
    await visitor.get(`/signup?ref=${owner.code}`, { headers: { "user-agent": BROWSER_UA } });
    await t.browser().get(`/?ref=${owner.code}`, { headers: { "user-agent": BOT_UA } });
    await owner.browser.get(`/?ref=${owner.code}`, { headers: { "user-agent": BROWSER_UA } });
    expect(await clicksOf(owner.code)).toBe(1);
    await t.browser().get(`/?ref=${owner.code}`, { headers: { "user-agent": BROWSER_UA } });
    expect(await clicksOf(owner.code)).toBe(2);

    // An unknown code leaves nothing behind.
    const stranger = t.browser();
    const unknown = await stranger.get("/?ref=NOSUCHCODE", { headers: { "user-agent": BROWSER_UA } });
    expect(unknown.cookies.find((c) => c.name === REFERRAL_COOKIE_NAME)).toBeUndefined();

    // Signing up with no code in the form or the address: the cookie names the referrer, and is then cleared.
    const referee = await person(t, { browser: visitor });
    expect(visitor.cookies.has(REFERRAL_COOKIE_NAME)).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, referee.userId));
    expect(row?.referredBy).toBe(owner.userId);
    const page = await overview(owner.browser);
    expect(page.stats).toEqual({ signedUp: 1, converted: 0, freeMonthsAvailable: 0, freeMonthsClaimed: 0 });
    expect(page.history).toEqual([
      expect.objectContaining({ refereeName: `${referee.username.slice(0, 2)}•••`, stage: "signed_up" }),
    ]);
    expect(JSON.stringify(page)).not.toContain(referee.email);
  });

  it("shows the referral link on the page's origin, and pages the history", async () => {
    const owner = await person(t);
    for (let i = 0; i < 3; i++) await person(t, { code: owner.code });
    const first = await overview(owner.browser, "?limit=2");
    expect(first.link).toBe(`${TEST_ORIGIN}/signup?ref=${owner.code}`);
    expect(first.referralCode).toBe(owner.code);
    expect(first.history).toHaveLength(2);
    const second = await overview(owner.browser, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.history).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.history, ...second.history].map((entry) => entry.id)).size).toBe(3);
    const forged = await owner.browser.get("/api/referrals?cursor=abc");
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors[0].path).toBe("cursor");
  });

  it("picks the modal: upgrade prompt for a referee, sharing for a referrer, celebration for a free month", async () => {
    const referrer = await person(t);
    expect(await pending(referrer.browser)).toMatchObject({
      shouldShow: false,
      type: null,
      data: {
        referralCode: referrer.code,
        freeMonthsAvailable: 0,
        totalReferrals: 0,
        claimableRewardId: null,
      },
    });

    const referee = await person(t, { code: referrer.code });
    expect(await pending(referee.browser)).toMatchObject({
      shouldShow: true,
      type: "referee_upgrade_prompt",
    });
    expect(await pending(referrer.browser)).toMatchObject({
      shouldShow: true,
      type: "continue_sharing",
      data: { totalReferrals: 1 },
    });

    // "Tomorrow": hidden 24 hours, then back.
    const dismissed = await referee.browser.post("/api/referrals/rewards/dismiss", {
      hours: DISMISS_HOURS.tomorrow,
    });
    expect(dismissed.json()).toEqual({
      dismissedUntil: new Date(t.clock.now().getTime() + 24 * HOUR_MS).toISOString(),
    });
    expect((await pending(referee.browser)).shouldShow).toBe(false);
    t.clock.advance(23 * HOUR_MS);
    expect((await pending(referee.browser)).shouldShow).toBe(false);
    t.clock.advance(2 * HOUR_MS);
    expect(await pending(referee.browser)).toMatchObject({
      shouldShow: true,
      type: "referee_upgrade_prompt",
    });

    // "Got it": hidden 168 hours; the sharing note is for referrals since it was last shown.
    await referrer.browser.post("/api/referrals/rewards/dismiss", { hours: DISMISS_HOURS.later });
    t.clock.advance(167 * HOUR_MS);
    expect((await pending(referrer.browser)).shouldShow).toBe(false);
    t.clock.advance(2 * HOUR_MS);
    expect(await pending(referrer.browser)).toMatchObject({ shouldShow: false, type: null });
    await person(t, { code: referrer.code });
    expect(await pending(referrer.browser)).toMatchObject({
      shouldShow: true,
      type: "continue_sharing",
      data: { totalReferrals: 2 },
    });

    // A free month earned comes first, whatever else applies.
    await paidInvoice(t, referee.userId);
    const celebration = await pending(referrer.browser);
    expect(celebration).toMatchObject({
      shouldShow: true,
      type: "referrer_celebration",
      data: { freeMonthsAvailable: 1, totalReferrals: 2 },
    });
    expect(celebration.data.claimableRewardId).toEqual(expect.any(Number));

    // A referee who is already premium is not invited to upgrade.
    await t.db.update(users).set({ subscriptionTier: "premium" }).where(eq(users.id, referee.userId));
    expect((await pending(referee.browser)).type).toBeNull();

    const tooLong = await referrer.browser.post("/api/referrals/rewards/dismiss", { hours: 721 });
    expect(tooLong.statusCode).toBe(422);
    expect((await t.browser().get("/api/referrals/rewards/pending")).statusCode).toBe(401);
  });

  it("attributes a code late only for one's own new, never-subscribed account and someone else's code", async () => {
    const referrer = await person(t);
    const other = await person(t);
    const late = await person(t);
    const name = (referralCode: string, refereeId = late.userId) =>
      late.browser.post("/api/referrals/signup", { refereeId, referralCode });

    expect((await name(referrer.code, other.userId)).statusCode).toBe(403);
    const unknown = await name("NOSUCHCODE");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].path).toBe("referralCode");
    const own = await name(late.code);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors[0].path).toBe("referralCode");

    expect((await name(referrer.code.toLowerCase())).json()).toEqual({ attributed: true });
    expect((await name(referrer.code)).json()).toEqual({ attributed: true });
    expect((await name(other.code)).statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, late.userId));
    expect(row?.referredBy).toBe(referrer.userId);
    expect((await overview(referrer.browser)).stats.signedUp).toBe(1);

    const subscriber = await person(t);
    await subscribe(subscriber.browser, sandboxCards.succeeds);
    const refused = await subscriber.browser.post("/api/referrals/signup", {
      refereeId: subscriber.userId,
      referralCode: referrer.code,
    });
    expect(refused.statusCode).toBe(409);

    const slow = await person(t);
    t.clock.advance(7 * DAY_MS);
    const tooLate = await slow.browser.post("/api/referrals/signup", {
      refereeId: slow.userId,
      referralCode: referrer.code,
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toContain("7 days");
  });

  it("stores a started subscription read from the provider, refusing another user's", async () => {
    const referrer = await person(t);
    const owner = await person(t, { code: referrer.code });
    const subscriptionId = await subscribe(owner.browser, sandboxCards.succeedsMastercard);
    const thief = await person(t);
    await subscribe(thief.browser, sandboxCards.succeedsDebit);

    const stolen = await thief.browser.post("/api/referrals/premium-upgrade", {
      stripeSubscriptionId: subscriptionId,
    });
    expect(stolen.statusCode).toBe(404);
    const missing = await thief.browser.post("/api/referrals/premium-upgrade", {
      stripeSubscriptionId: "sub_sandbox_missing",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(stolen.json().message);

    const mine = await owner.browser.post("/api/referrals/premium-upgrade", {
      stripeSubscriptionId: subscriptionId,
    });
    expect(mine.json()).toEqual({ referred: true, stage: "trial" });
    expect((await owner.browser.get("/api/billing/subscription")).json().isPremium).toBe(true);
    // Nothing is earned from the client's word.
    expect((await overview(referrer.browser)).stats.freeMonthsAvailable).toBe(0);
    const unreferred = await thief.browser.post("/api/referrals/premium-upgrade", {
      stripeSubscriptionId: (await thief.browser.get("/api/billing/subscription")).json().subscription.id,
    });
    expect(unreferred.json()).toEqual({ referred: false, stage: null });
  });

  it("claims a free month once, for its owner only", async () => {
    const referrer = await person(t);
    const referee = await person(t, { code: referrer.code });
    await paidInvoice(t, referee.userId);
    const rewardId = (await pending(referrer.browser)).data.claimableRewardId as number;

    const other = await person(t);
    const foreign = await other.browser.post(`/api/referrals/rewards/${rewardId}/claim`);
    expect(foreign.statusCode).toBe(404);
    const missing = await other.browser.post("/api/referrals/rewards/999999/claim");
    expect(missing.json().message).toBe(foreign.json().message);

    const claimed = await referrer.browser.post(`/api/referrals/rewards/${rewardId}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      reward: { id: rewardId, type: "referrer_free_month", status: "claimed" },
      extendedSubscription: false,
    });
    expect(new Date(claimed.json().premiumUntil).getTime()).toBe(t.clock.now().getTime() + 30 * DAY_MS);
    expect((await referrer.browser.get("/api/billing/subscription")).json().isPremium).toBe(true);

    expect((await referrer.browser.post(`/api/referrals/rewards/${rewardId}/claim`)).statusCode).toBe(409);
    const page = await overview(referrer.browser);
    expect(page.stats).toMatchObject({ converted: 1, freeMonthsAvailable: 0, freeMonthsClaimed: 1 });
    expect(page.rewards).toEqual([
      expect.objectContaining({
        id: rewardId,
        status: "claimed",
        refereeName: `${referee.username.slice(0, 2)}•••`,
      }),
    ]);
    expect(await pending(referrer.browser)).toMatchObject({ type: "continue_sharing" });
  });
});

describe.each(testDrivers)("referral cookie at a first provider sign-in on %s", (driver) => {
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    ({ t, provider } = await createAppWithProvider(driver));
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it("attributes the account the provider sign-in creates, then clears the cookie", async () => {
    const owner = await person(t);
    provider.accounts.set("sub-cookie", {
      email: "cookie.fan@example.com",
      email_verified: true,
      preferred_username: "cookiefan",
    });
    const browser = t.browser();
    await browser.get(`/?ref=${owner.code}`, { headers: { "user-agent": BROWSER_UA } });
    expect(browser.cookies.get(REFERRAL_COOKIE_NAME)).toBe(owner.code);

    const start = await browser.get("/auth");
    const callbackUrl = await provider.signIn(start.headers.location as string, "sub-cookie");
    expect((await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`)).statusCode).toBe(302);
    expect(browser.cookies.has(REFERRAL_COOKIE_NAME)).toBe(false);
    const me = (await browser.get("/api/user")).json();
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.referredBy).toBe(owner.userId);
    expect((await browser.get("/api/referrals/rewards/pending")).json().type).toBe("referee_upgrade_prompt");
  });
});

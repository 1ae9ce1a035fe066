import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { affiliateCommissions, referralClicks, referralCodes, users } from "../../db/schema/index";
import {
  createTestApp,
  linkIn,
  signUpAdmin,
  signUpVerified,
  TEST_ORIGIN,
  type TestApp,
  type TestBrowser,
  testDrivers,
} from "../../test/harness";
import { DAY_MS, monthsAfter, referredCustomer, reversePayment } from "./affiliate-test-kit";

/**
 * The clock stands still at NOW for every test (ahead of real time: the test browser drops cookies whose expiry
 * has passed in real time); invoices are dated before it, and a test moves it at most 12 days, so sessions last.
 */
const NOW = new Date("2030-05-12T09:00:00.000Z");
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const application = {
  website: "https://dreams.example.com/blog",
  audience: "Readers of my dream journaling blog, about 5,000 a month.",
  channels: ["blog", "newsletter"],
  payoutEmail: "payouts@example.com",
  acceptTerms: true,
};

let counter = 0;

describe.each(testDrivers)("the affiliate programme on %s", (driver) => {
  let t: TestApp;
  let admin: TestBrowser;
  let adminName: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    t.clock.set(NOW);
    adminName = "programme_admin";
    const account = await signUpAdmin(t, adminName);
    admin = account.browser;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    t.clock.set(NOW);
  });

  async function member(language: "en" | "es" = "en") {
    const username = `member${++counter}`;
    const account = await signUpVerified(t, username);
    await t.db.update(users).set({ language }).where(eq(users.id, account.userId));
    return { ...account, username };
  }

  async function apply(browser: TestBrowser, body: object = application) {
    return browser.post("/api/affiliates/apply", body);
  }

  /** Applies and is approved: an active affiliate on the default tier. */
  async function affiliate() {
    const account = await member();
    const applied = await apply(account.browser);
    expect(applied.statusCode, applied.body).toBe(201);
    const approved = await admin.post(`/api/admin/affiliates/applications/${applied.json().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return account;
  }

  const me = async (browser: TestBrowser) => (await browser.get("/api/affiliates/me")).json();

  it("takes an application and refuses a second one while it is open", async () => {
    const { browser, userId } = await member();
    const refused = await apply(browser, { ...application, acceptTerms: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].path).toBe("acceptTerms");
    for (const website of ["not a web address", "javascript:alert(1)", "ftp://dreams.example.com"]) {
      const bad = await apply(browser, { ...application, website });
      expect(bad.statusCode, website).toBe(422);
      expect(bad.json().errors[0]).toEqual({ path: "website", message: expect.stringContaining("http") });
    }
    expect((await me(browser)).status).toBe("inactive");

    const applied = await apply(browser);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toMatchObject({
      status: "pending",
      website: application.website,
      channels: ["blog", "newsletter"],
      payoutEmail: "payouts@example.com",
      reviewedAt: null,
      reviewNotes: null,
    });
    const duplicate = await apply(browser, { ...application, website: "https://other.example.com" });
    expect(duplicate.statusCode).toBe(409);

    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(await me(browser)).toMatchObject({
      status: "pending",
      application: { id: applied.json().id, status: "pending" },
      tier: null,
      ratePercent: null,
      link: `${TEST_ORIGIN}/signup?ref=${user!.referralCode}`,
      stats: { clicks: 0, signups: 0, conversions: 0 },
      totals: { earnedCents: 0, pendingCents: 0, dueCents: 0, paidCents: 0, currency: "usd" },
      months: [],
    });
    // The link is on the page's own origin when that is one of the app's, and on the public URL otherwise.
    const other = await browser.get("/api/affiliates/me", { headers: { origin: "http://127.0.0.1:3000" } });
    expect(other.json().link).toBe(`http://127.0.0.1:3000/signup?ref=${user!.referralCode}`);
    const foreign = await browser.get("/api/affiliates/me", { headers: { origin: "https://evil.example" } });
    expect(foreign.json().link).toBe(`${TEST_ORIGIN}/signup?ref=${user!.referralCode}`);
  });

  it("lets an admin reject with notes and approve later, mailing the applicant in Spanish", async () => {
    const { browser, email, username } = await member("es");
    const first = (await apply(browser)).json();
    const queue = (await admin.get("/api/admin/affiliates/applications")).json();
    expect(queue.applications.at(-1)).toMatchObject({ id: first.id, username, email, status: "pending" });

    const notes = "Tu web aún no tiene contenido sobre sueños.";
    const rejected = await admin.post(`/api/admin/affiliates/applications/${first.id}/reject`, { notes });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rejected", reviewNotes: notes, reviewedBy: adminName });
    const rejection = await t.smtp.lastMailTo(email);
    expect(rejection.subject).toBe("Tu solicitud al programa de afiliados de CHITTA");
    expect(rejection.html).toContain(`«${notes}»`);
    expect(linkIn(rejection, TEST_ORIGIN).pathname).toBe("/referrals");
    expect(await me(browser)).toMatchObject({
      status: "rejected",
      application: { status: "rejected", reviewNotes: notes },
    });
    expect((await admin.post(`/api/admin/affiliates/applications/${first.id}/approve`)).statusCode).toBe(409);
    expect((await admin.post("/api/admin/affiliates/applications/2000000000/approve")).statusCode).toBe(404);

    // A rejected applicant may apply again; this time the admin approves.
    const second = await apply(browser);
    expect(second.statusCode, second.body).toBe(201);
    const approved = await admin.post(`/api/admin/affiliates/applications/${second.json().id}/approve`, {});
    expect(approved.json()).toMatchObject({ status: "approved", reviewNotes: null, reviewedBy: adminName });
    const welcome = await t.smtp.lastMailTo(email);
    expect(welcome.subject).toBe("Te damos la bienvenida al programa de afiliados de CHITTA");
    expect(welcome.html).toContain("Abrir mi panel de afiliado");
    expect(linkIn(welcome, TEST_ORIGIN).pathname).toBe("/affiliate-dashboard");
    expect(await me(browser)).toMatchObject({ status: "active", tier: "standard", ratePercent: 20 });
    expect((await apply(browser)).statusCode).toBe(409);
    const reviewed = (await admin.get("/api/admin/affiliates/applications?status=approved")).json();
    expect(reviewed.applications[0]).toMatchObject({ id: second.json().id, userId: expect.any(Number) });
  });

  it("lists pending applications oldest first, a page at a time", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await apply((await member()).browser)).json().id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { applications: { id: number }[]; nextCursor: string | null } = (
        await admin.get(`/api/admin/affiliates/applications?limit=2${cursor ? `&cursor=${cursor}` : ""}`)
      ).json();
      seen.push(...page.applications.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const forged = await admin.get("/api/admin/affiliates/applications?cursor=abc");
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors[0].path).toBe("cursor");
  });

  it("keeps the admin routes from users (403) and guests (401)", async () => {
    const { browser, userId } = await member();
    const guest = t.browser();
    const calls = (who: TestBrowser) => [
      who.get("/api/admin/affiliates/applications"),
      who.post("/api/admin/affiliates/applications/1/approve"),
      who.post("/api/admin/affiliates/applications/1/reject", { notes: "no" }),
      who.get("/api/admin/affiliates"),
      who.get(`/api/admin/affiliates/${userId}`),
      who.request("PATCH", `/api/admin/affiliates/${userId}`, { tier: "gold" }),
      who.post(`/api/admin/affiliates/${userId}/payouts`, {}),
    ];
    for (const response of await Promise.all(calls(browser))) expect(response.statusCode).toBe(403);
    for (const response of await Promise.all(calls(guest))) expect(response.statusCode).toBe(401);
    expect((await guest.get("/api/affiliates/me")).statusCode).toBe(401);
    expect((await guest.post("/api/affiliates/apply", application)).statusCode).toBe(401);
  });

  it("shows the affiliate their clicks, signups, conversions and commissions by month", async () => {
    const { browser, userId } = await affiliate();
    const [code] = await t.db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
    await t.db.insert(referralClicks).values([
      { referralCodeId: code!.id, day: "2025-03-01", clicks: 4 },
      { referralCodeId: code!.id, day: "2025-03-02", clicks: 3 },
    ]);
    const customer = await referredCustomer(t, userId, monthsAfter(NOW, -2));
    await referredCustomer(t, userId, monthsAfter(NOW, -2));
    const march = customer.invoice(monthsAfter(NOW, -2), 1000);
    await customer.pay(march);
    await customer.pay(customer.invoice(daysBefore(3), 1000));
    await reversePayment(t, march.paymentRef!);

    expect(await me(browser)).toMatchObject({
      stats: { clicks: 7, signups: 2, conversions: 2 },
      totals: { earnedCents: 200, pendingCents: 200, dueCents: 0, paidCents: 0 },
      months: [
        { month: "2030-05", pendingCents: 200, dueCents: 0, paidCents: 0, reversedCents: 0 },
        { month: "2030-03", pendingCents: 0, dueCents: 0, paidCents: 0, reversedCents: 200 },
      ],
    });
  });

  it("exports the caller's own ledger as CSV (only the header for someone who never earned), with formulas defused", async () => {
    const outsider = await member();
    const empty = await outsider.browser.get("/api/affiliates/me/commissions.csv");
    expect(empty.statusCode).toBe(200);
    expect(empty.body.trim().split("\r\n")).toHaveLength(1);

    const { browser, userId } = await affiliate();
    const customer = await referredCustomer(t, userId, daysBefore(20));
    const payment = customer.invoice(daysBefore(20), 2999);
    await customer.pay(payment);
    await reversePayment(t, payment.paymentRef!);
    // A currency code as a hostile provider account could name it: it must not run as a formula.
    await t.db
      .update(affiliateCommissions)
      .set({ currency: '=HYPERLINK("http://evil.example","x")' })
      .where(eq(affiliateCommissions.kind, "reversal"));

    const csv = await browser.get("/api/affiliates/me/commissions.csv");
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="chitta-commissions-2030-05-12.csv"',
    );
    expect(csv.body.trimEnd().split("\r\n")).toEqual([
      "date,invoice_month,kind,state,invoice_amount,rate_percent,commission,currency",
      "2030-04-22,2030-04,commission,due,29.99,20.00,6.00,usd",
      `2030-05-12,2030-04,reversal,due,29.99,20.00,-6.00,"'=HYPERLINK(""http://evil.example"",""x"")"`,
    ]);
    expect(csv.body).not.toContain(String(customer.refereeId));
  });

  it("records a payout of what is due, never of what is pending, and only once", async () => {
    const { userId } = await affiliate();
    const customer = await referredCustomer(t, userId, daysBefore(32));
    // Paid two days ago: inside its refund window, so nothing is due yet.
    await customer.pay(customer.invoice(daysBefore(2), 5000));
    expect((await admin.post(`/api/admin/affiliates/${userId}/payouts`, {})).statusCode).toBe(409);
    await customer.pay(customer.invoice(daysBefore(32), 5000));
    const mismatch = await admin.post(`/api/admin/affiliates/${userId}/payouts`, { amountCents: 2000 });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0].path).toBe("amountCents");

    const paid = await admin.post(`/api/admin/affiliates/${userId}/payouts`, {
      amountCents: 1000,
      reference: "PayPal 7XK2",
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      totals: { earnedCents: 2000, pendingCents: 1000, dueCents: 0, paidCents: 1000 },
      payouts: [{ amountCents: 1000, currency: "usd", reference: "PayPal 7XK2", recordedBy: adminName }],
    });
    expect((await admin.post(`/api/admin/affiliates/${userId}/payouts`, {})).statusCode).toBe(409);

    t.clock.set(new Date(NOW.getTime() + 12 * DAY_MS));
    const next = await admin.post(`/api/admin/affiliates/${userId}/payouts`, {});
    expect(next.json().payouts.map((payout: { amountCents: number }) => payout.amountCents)).toEqual([
      1000, 1000,
    ]);
  });

  it("lets an admin change tier, rate and status; a suspended affiliate earns nothing new", async () => {
    const { userId } = await affiliate();
    const path = `/api/admin/affiliates/${userId}`;
    expect((await admin.get(path)).json()).toMatchObject({
      status: "active",
      tier: "standard",
      ratePercent: 20,
      payoutEmail: "payouts@example.com",
      payouts: [],
    });
    const customer = await referredCustomer(t, userId, monthsAfter(NOW, -2));
    await customer.pay(customer.invoice(monthsAfter(NOW, -2), 10_000));

    const gold = await admin.request("PATCH", path, { tier: "gold" });
    expect(gold.json()).toMatchObject({ tier: "gold", ratePercent: 30 });
    expect((await admin.request("PATCH", path, { ratePercent: 22.5 })).json()).toMatchObject({
      ratePercent: 22.5,
    });
    await customer.pay(customer.invoice(monthsAfter(NOW, -1), 10_000));
    expect((await admin.request("PATCH", path, { ratePercent: null })).json()).toMatchObject({
      ratePercent: 30,
    });

    const suspended = await admin.request("PATCH", path, { status: "suspended" });
    expect(suspended.json()).toMatchObject({ status: "suspended" });
    await customer.pay(customer.invoice(NOW, 10_000));
    expect((await admin.get(path)).json().totals.earnedCents).toBe(2000 + 2250);

    const listed = (await admin.get("/api/admin/affiliates?status=suspended&limit=50")).json();
    expect(listed.affiliates).toContainEqual(
      expect.objectContaining({
        userId,
        status: "suspended",
        totals: expect.objectContaining({ earnedCents: 4250 }),
      }),
    );
    expect((await admin.request("PATCH", path, { tier: "platinum" })).statusCode).toBe(422);
    expect((await admin.request("PATCH", path, {})).statusCode).toBe(422);

    const stranger = await member();
    expect((await admin.get(`/api/admin/affiliates/${stranger.userId}`)).statusCode).toBe(404);
    expect((await admin.get("/api/admin/affiliates/2000000000")).statusCode).toBe(404);
    await apply(stranger.browser);
    expect((await admin.get(`/api/admin/affiliates/${stranger.userId}`)).json().status).toBe("pending");
    expect(
      (await admin.request("PATCH", `/api/admin/affiliates/${stranger.userId}`, { tier: "gold" })).statusCode,
    ).toBe(409);
  });
});

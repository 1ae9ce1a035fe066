import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminAffiliate, AdminApplication, AffiliateMe } from "../../../../contract/referrals";
import { Layout } from "../../components/layout/Layout";
import { makeUser, renderWithApp, stubApi } from "../../components/layout/test-helpers";
import { describedText, isolateEachTest, ToastProbe } from "../../test-helpers";
import { type FetchCall, fakeServer, renderPage, testUser } from "../auth/test-utils";
import AdminAffiliatesPage from "./AdminAffiliatesPage";
import AdminApplicationsPage from "./AdminApplicationsPage";
import AffiliateDashboardPage from "./AffiliateDashboardPage";
import { AffiliateSection } from "./AffiliateSection";

isolateEachTest();
afterEach(() => act(() => i18next.changeLanguage("en")));

type Answer = { status: number; body: unknown } | undefined;

const ME_URL = "/api/affiliates/me";

const affiliateMe = (overrides: Partial<AffiliateMe> = {}): AffiliateMe => ({
  status: "inactive",
  application: null,
  tier: null,
  ratePercent: null,
  link: "https://chitta.example/signup?ref=ABCD2345",
  stats: { clicks: 0, signups: 0, conversions: 0 },
  totals: { earnedCents: 0, pendingCents: 0, dueCents: 0, paidCents: 0, currency: "usd" },
  months: [],
  ...overrides,
});

/** A signed-in user (an admin with `admin`) and the routes the test answers. */
function server(handler: (call: FetchCall) => Answer, { admin = false } = {}) {
  return fakeServer((call) =>
    call.method === "GET" && call.url === "/api/user"
      ? { status: 200, body: testUser({ isAdmin: admin }) }
      : handler(call),
  );
}

const posted = (calls: FetchCall[], url: string) =>
  calls.filter((call) => call.method !== "GET" && call.url === url).map((call) => call.body);

describe("the affiliate section of /referrals", () => {
  it("sends the application with what was filled in, and puts the server's field error on its field", async () => {
    const calls = server((call) => {
      if (call.url === ME_URL) return { status: 200, body: affiliateMe() };
      if (call.url === "/api/affiliates/apply") {
        return {
          status: 422,
          body: {
            success: false,
            code: "VALIDATION",
            message: "Please check the form",
            errors: [{ path: "website", message: "Enter a valid web address" }],
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AffiliateSection />, { path: "/referrals" });

    // The programme is explained with the server's figures: 20%, 12 months, 14 days.
    expect(await screen.findByText(/You earn 20% of every payment .* for 12 months/)).toBeTruthy();
    expect(screen.getByText(/pending for 14 days/)).toBeTruthy();

    const form = screen.getByRole("form", { name: "Apply to become an affiliate" });
    // Nothing is sent while the form is incomplete.
    await user.click(within(form).getByRole("button", { name: "Send application" }));
    expect(await within(form).findByText("Choose at least one channel")).toBeTruthy();
    expect(within(form).getByText("Accept the terms to apply")).toBeTruthy();
    expect(posted(calls, "/api/affiliates/apply")).toEqual([]);

    const website = within(form).getByLabelText("Your website or main profile");
    await user.type(website, "https://moon.example/blog");
    await user.type(
      within(form).getByLabelText("Your audience"),
      "About 4,000 readers interested in dreams and sleep.",
    );
    await user.click(within(form).getByRole("checkbox", { name: "Blog or website" }));
    await user.click(within(form).getByRole("checkbox", { name: "Newsletter" }));
    await user.click(within(form).getByRole("checkbox", { name: /I accept the terms of service/ }));
    await user.click(within(form).getByRole("button", { name: "Send application" }));

    await waitFor(() => expect(posted(calls, "/api/affiliates/apply")).toHaveLength(1));
    expect(posted(calls, "/api/affiliates/apply")[0]).toEqual({
      website: "https://moon.example/blog",
      audience: "About 4,000 readers interested in dreams and sleep.",
      channels: ["blog", "newsletter"],
      payoutEmail: "luna@example.com",
      acceptTerms: true,
    });
    await waitFor(() => expect(describedText(website)).toContain("Enter a valid web address"));
    expect(website.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(website);
  });

  it("shows a rejected applicant the reviewer's notes beside a new form, and a pending one the date (es)", async () => {
    await act(() => i18next.changeLanguage("es"));
    let me = affiliateMe({
      status: "rejected",
      application: {
        id: 3,
        status: "rejected",
        website: "https://moon.example",
        audience: "Friends and family who like dreams.",
        channels: ["other"],
        payoutEmail: "luna@example.com",
        createdAt: "2025-03-01T10:00:00.000Z",
        reviewedAt: "2025-03-02T10:00:00.000Z",
        reviewNotes: "Please tell us more about your audience.",
      },
    });
    server((call) => (call.url === ME_URL ? { status: 200, body: me } : undefined));
    const view = renderPage(<AffiliateSection />, { path: "/referrals" });
    expect(await screen.findByText("Please tell us more about your audience.")).toBeTruthy();
    expect(screen.getByText("Tu última solicitud no fue aprobada.")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Solicita ser afiliado" })).toBeTruthy();
    view.unmount();

    me = affiliateMe({
      status: "pending",
      application: { ...me.application!, status: "pending", reviewNotes: null },
    });
    renderPage(<AffiliateSection />, { path: "/referrals" });
    expect(await screen.findByText(/Estamos revisando tu solicitud del 1 de marzo de 2025/)).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
  });
});

describe("/affiliate-dashboard", () => {
  const active = affiliateMe({
    status: "active",
    tier: "silver",
    ratePercent: 25,
    stats: { clicks: 1520, signups: 12, conversions: 4 },
    totals: { earnedCents: 123456, pendingCents: 2000, dueCents: 4050, paidCents: 117406, currency: "usd" },
    months: [
      { month: "2025-03", pendingCents: 2000, dueCents: 0, paidCents: 0, reversedCents: 0 },
      { month: "2025-02", pendingCents: 0, dueCents: 4050, paidCents: 0, reversedCents: -1000 },
    ],
  });

  it("writes the integer cents as money in the reader's language and lists the months", async () => {
    server((call) => (call.url === ME_URL ? { status: 200, body: active } : undefined));
    renderPage(<AffiliateDashboardPage />, { path: "/affiliate-dashboard" });

    const totals = await screen.findByRole("region", { name: "Commissions" });
    expect(within(totals).getByText("$1,234.56")).toBeTruthy();
    expect(within(totals).getByText("$40.50")).toBeTruthy();
    expect(screen.getByText("1,520")).toBeTruthy();
    expect(screen.getByText(/Your commission rate: 25%/)).toBeTruthy();
    const rows = () =>
      within(screen.getByRole("table"))
        .getAllByRole("row")
        .slice(1)
        // Intl separates the amount from the currency with a no-break space.
        .map((row) =>
          Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent?.replace(/\s/g, " ")),
        );
    expect(rows()).toEqual([
      ["March 2025", "$20.00", "$0.00", "$0.00", "$0.00"],
      ["February 2025", "$0.00", "$40.50", "$0.00", "-$10.00"],
    ]);
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/affiliates/me/commissions.csv",
    );

    await act(() => i18next.changeLanguage("es"));
    expect(within(screen.getByRole("region", { name: "Comisiones" })).getByText("1234,56 US$")).toBeTruthy();
    expect(rows()[1]).toEqual(["febrero de 2025", "0,00 US$", "40,50 US$", "0,00 US$", "-10,00 US$"]);
  });

  it("tells someone who is not an affiliate where to apply", async () => {
    server((call) =>
      call.url === ME_URL ? { status: 200, body: affiliateMe({ status: "pending" }) } : undefined,
    );
    renderPage(<AffiliateDashboardPage />, { path: "/affiliate-dashboard" });
    const link = await screen.findByRole("link", { name: /referrals page/ });
    expect(link.getAttribute("href")).toBe("/referrals");
    expect(screen.queryByRole("table")).toBeNull();
  });
});

const application = (overrides: Partial<AdminApplication> = {}): AdminApplication => ({
  id: 5,
  status: "pending",
  website: "https://sol.example",
  audience: "A podcast about lucid dreaming, 2,000 listeners a week.",
  channels: ["podcast", "youtube"],
  payoutEmail: "pay@sol.example",
  createdAt: "2025-03-01T10:00:00.000Z",
  reviewedAt: null,
  reviewNotes: null,
  userId: 12,
  username: "sol",
  email: "sol@example.com",
  reviewedBy: null,
  ...overrides,
});

describe("/admin/affiliates", () => {
  it("approves an application with the notes typed, confirms it in a toast and refreshes the queue", async () => {
    // A website that slipped past the server's checks is shown as text, never as a link that runs script.
    const odd = application({ id: 6, userId: 13, username: "nox", website: "javascript:alert(1)" });
    let queue = [application(), odd];
    const calls = server(
      (call) => {
        if (call.url === "/api/admin/affiliates/applications?status=pending") {
          return { status: 200, body: { applications: queue, nextCursor: null } };
        }
        if (call.url === "/api/admin/affiliates/applications/5/approve") {
          queue = [odd];
          return { status: 200, body: application({ status: "approved", reviewNotes: "Great fit" }) };
        }
        return undefined;
      },
      { admin: true },
    );
    const user = userEvent.setup();
    renderPage(<AdminApplicationsPage />, { path: "/admin/affiliates", outside: <ToastProbe /> });

    const card = await screen.findByRole("article", { name: "sol" });
    expect(within(card).getByText("Podcast, YouTube")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "https://sol.example" }).getAttribute("rel")).toContain(
      "noopener",
    );
    const oddCard = screen.getByRole("article", { name: "nox" });
    expect(within(oddCard).getByText("javascript:alert(1)")).toBeTruthy();
    expect(within(oddCard).queryByRole("link")).toBeNull();
    await user.click(within(card).getByRole("button", { name: "Approve (sol)" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve sol?" });
    await user.type(within(dialog).getByLabelText(/Notes/), "Great fit");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));

    await waitFor(() =>
      expect(posted(calls, "/api/admin/affiliates/applications/5/approve")).toEqual([{ notes: "Great fit" }]),
    );
    await waitFor(() => expect(screen.queryByRole("article", { name: "sol" })).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("toasts").textContent).toBe("Application approved: sol is now an affiliate.");
  });
});

describe("/admin/affiliate-management", () => {
  const affiliate = (overrides: Partial<AdminAffiliate> = {}): AdminAffiliate => ({
    userId: 12,
    username: "sol",
    email: "sol@example.com",
    status: "active",
    tier: "standard",
    ratePercent: null,
    payoutEmail: "pay@sol.example",
    stats: { clicks: 40, signups: 6, conversions: 3 },
    totals: { earnedCents: 6000, pendingCents: 1000, dueCents: 5000, paidCents: 0, currency: "usd" },
    payouts: [],
    ...overrides,
  });

  it("records a payout of exactly what is shown as due, with its reference", async () => {
    let current = affiliate();
    const calls = server(
      (call) => {
        if (call.url === "/api/admin/affiliates") {
          const { payouts: _payouts, ...listed } = current;
          return { status: 200, body: { affiliates: [listed], nextCursor: null } };
        }
        if (call.url === "/api/admin/affiliates/12" && call.method === "GET")
          return { status: 200, body: current };
        if (call.url === "/api/admin/affiliates/12/payouts") {
          current = affiliate({
            totals: { ...current.totals, dueCents: 0, paidCents: 5000 },
            payouts: [
              {
                id: 1,
                amountCents: 5000,
                currency: "usd",
                reference: "TRX-889",
                note: null,
                recordedBy: "admin",
                createdAt: "2025-04-01T09:00:00.000Z",
              },
            ],
          });
          return { status: 201, body: current };
        }
        return undefined;
      },
      { admin: true },
    );
    const user = userEvent.setup();
    renderPage(<AdminAffiliatesPage />, { path: "/admin/affiliate-management", outside: <ToastProbe /> });

    await user.click(await screen.findByRole("button", { name: "Manage (sol)" }));
    const detail = await screen.findByRole("region", { name: "sol" });
    await waitFor(() => expect(document.activeElement?.textContent).toBe("sol"));
    expect(within(detail).getByText(/Due now: \$50\.00/)).toBeTruthy();
    await user.type(within(detail).getByLabelText(/Payment reference/), "TRX-889");
    await user.click(within(detail).getByRole("button", { name: "Record payout of $50.00" }));

    await waitFor(() =>
      expect(posted(calls, "/api/admin/affiliates/12/payouts")).toEqual([
        { amountCents: 5000, reference: "TRX-889" },
      ]),
    );
    expect(await within(detail).findByText("Nothing is due right now.")).toBeTruthy();
    const history = within(detail).getByRole("table");
    expect(within(history).getByText("TRX-889")).toBeTruthy();
    expect(screen.getByTestId("toasts").textContent).toBe("Payout recorded: $50.00 recorded as paid to sol.");
  });
});

describe("/admin/affiliate-management: tier and rate", () => {
  it("shows a custom rate apart from the tier's, and saving an emptied one goes back to the tier's", async () => {
    const sol = {
      userId: 12,
      username: "sol",
      email: "sol@example.com",
      status: "active" as const,
      tier: "standard",
      // The rate in force: a custom 22.5 beside the standard tier's 20.
      ratePercent: 22.5,
      payoutEmail: null,
      stats: { clicks: 0, signups: 0, conversions: 0 },
      totals: { earnedCents: 0, pendingCents: 0, dueCents: 0, paidCents: 0, currency: "usd" },
    };
    const calls = server(
      (call) => {
        if (call.url === "/api/admin/affiliates")
          return { status: 200, body: { affiliates: [sol], nextCursor: null } };
        if (call.url === "/api/admin/affiliates/12" && call.method === "GET") {
          return { status: 200, body: { ...sol, payouts: [] } };
        }
        if (call.url === "/api/admin/affiliates/12" && call.method === "PATCH") {
          return { status: 200, body: { ...sol, tier: "gold", ratePercent: 30, payouts: [] } };
        }
        return undefined;
      },
      { admin: true },
    );
    const user = userEvent.setup();
    renderPage(<AdminAffiliatesPage />, { path: "/admin/affiliate-management", outside: <ToastProbe /> });
    expect(await screen.findByRole("cell", { name: "22.5%" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Manage (sol)" }));
    const detail = await screen.findByRole("region", { name: "sol" });
    const custom = await within(detail).findByLabelText(/Custom rate/);
    expect((custom as HTMLInputElement).value).toBe("22.5");

    await user.clear(custom);
    await user.selectOptions(within(detail).getByLabelText("Tier"), "Gold: 30%");
    await user.click(within(detail).getByRole("button", { name: "Save tier and rate" }));
    await waitFor(() =>
      expect(posted(calls, "/api/admin/affiliates/12")).toEqual([{ tier: "gold", ratePercent: null }]),
    );
    await waitFor(() =>
      expect(screen.getByTestId("toasts").textContent).toBe(
        "Rate saved: sol now earns 30% on new commissions.",
      ),
    );
  });
});

describe("navigation", () => {
  it("offers the affiliate dashboard only to an active affiliate", async () => {
    for (const [affiliateStatus, shown] of [
      ["suspended", false],
      ["pending", false],
      ["active", true],
    ] as const) {
      stubApi(makeUser({ affiliateStatus }));
      const view = renderWithApp(
        <Layout>
          <p>page</p>
        </Layout>,
      );
      const nav = await screen.findByRole("navigation", { name: "Main navigation" });
      const link = within(nav).queryByRole("link", { name: "Affiliate dashboard" });
      expect(link?.getAttribute("href") ?? null, affiliateStatus).toBe(shown ? "/affiliate-dashboard" : null);
      view.unmount();
    }
  });
});

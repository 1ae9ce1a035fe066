import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DISMISS_HOURS, type RewardModalType } from "../../../../contract/referral-constants";
import type {
  ClaimRewardResponse,
  PendingRewards,
  ReferralEntry,
  ReferralOverview,
  Reward,
} from "../../../../contract/referrals";
import { isolateEachTest, ToastProbe } from "../../test-helpers";
import { useAuth } from "../auth/auth-context";
import { type FetchCall, fakeServer, renderPage, testUser } from "../auth/test-utils";
import { referralProgrammeKey } from "./api";
import ReferralsPage from "./ReferralsPage";
import { RewardsModal } from "./RewardsModal";

// The affiliate part of the page has its own tests (features/affiliates).
vi.mock("../affiliates/AffiliateSection", () => ({ AffiliateSection: () => null }));

isolateEachTest();
afterEach(() => act(() => i18next.changeLanguage("en")));

// The dialog loads on demand: loaded once here, so each test's wait is for the modal's logic, not a download.
beforeAll(async () => {
  await import("./RewardsDialog");
});

type Answer = { status: number; body: unknown } | undefined;

const CODE = "ABCD2345";
const PENDING_URL = "/api/referrals/rewards/pending";
const DISMISS_URL = "/api/referrals/rewards/dismiss";
const LINK = `${window.location.origin}/signup?ref=${CODE}`;

const pending = (type: RewardModalType, data: Partial<PendingRewards["data"]> = {}): PendingRewards => ({
  shouldShow: true,
  type,
  data: { referralCode: CODE, freeMonthsAvailable: 1, totalReferrals: 3, claimableRewardId: 41, ...data },
});

const claimAnswer: ClaimRewardResponse = {
  reward: {
    id: 41,
    type: "referrer_free_month",
    status: "claimed",
    earnedAt: "2030-01-10T10:00:00.000Z",
    claimedAt: "2030-02-01T10:00:00.000Z",
    revokedAt: null,
    refereeName: "so***",
  },
  premiumUntil: "2030-03-03T12:00:00.000Z",
  extendedSubscription: false,
};

/** A signed-in member (time zone Europe/Madrid) and the referral routes the test answers. */
function server(handler: (call: FetchCall) => Answer) {
  return fakeServer((call) =>
    call.method === "GET" && call.url === "/api/user" ? { status: 200, body: testUser() } : handler(call),
  );
}

/** The server of the modal: `answer` to the pending query; dismissals succeed unless `dismiss` says otherwise. */
function modalServer(answer: PendingRewards, options: { dismiss?: Answer; claim?: Answer } = {}) {
  return server((call) => {
    if (call.url === PENDING_URL) return { status: 200, body: answer };
    if (call.url === DISMISS_URL) {
      return options.dismiss ?? { status: 200, body: { dismissedUntil: "2030-02-08T10:00:00.000Z" } };
    }
    if (call.url === "/api/referrals/rewards/41/claim")
      return options.claim ?? { status: 200, body: claimAnswer };
    return undefined;
  });
}

function renderModal(path = "/journal") {
  return renderPage(<p>page</p>, {
    path,
    outside: (
      <>
        <RewardsModal quietMs={0} />
        <ToastProbe />
      </>
    ),
  });
}

function SignOut() {
  const { logout } = useAuth();
  return (
    <button type="button" onClick={() => void logout()}>
      Sign out
    </button>
  );
}

const pendingGets = (calls: FetchCall[]) => calls.filter((call) => call.url === PENDING_URL).length;
const toasts = () => screen.getByTestId("toasts").textContent;

/** Puts a clipboard in place after user-event's own; `fails` makes it refuse, as an insecure page does. */
function stubClipboard(fails = false) {
  const writeText = vi.fn(async () => {
    if (fails) throw new Error("denied");
  });
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  return writeText;
}

describe("rewards modal (spec sections 2, 4 and 5)", () => {
  it.each([
    [
      "referee_upgrade_prompt",
      "Welcome! Your first month is on us",
      ["Claim Free Month & Upgrade", "Maybe Later", "Remind Tomorrow"],
    ],
    [
      "referrer_celebration",
      "Congratulations!",
      ["Claim Free Month", "Share More & Earn More", "Later", "Tomorrow"],
    ],
    [
      "continue_sharing",
      "Keep sharing CHITTA",
      ["Copy referral link", "Copy referral code", "Got it, thanks!"],
    ],
  ] as const)("%s shows its title and exactly its buttons", async (type, title, buttons) => {
    modalServer(pending(type));
    renderModal();
    const dialog = within(await screen.findByRole("dialog", { name: title }));
    expect(
      dialog.getAllByRole("button").map((button) => button.textContent || button.getAttribute("aria-label")),
    ).toEqual([...buttons, "Close"]);
  });

  it.each([
    ["referee_upgrade_prompt", "Maybe Later", DISMISS_HOURS.later],
    ["referee_upgrade_prompt", "Remind Tomorrow", DISMISS_HOURS.tomorrow],
    ["referrer_celebration", "Later", DISMISS_HOURS.later],
    ["referrer_celebration", "Tomorrow", DISMISS_HOURS.tomorrow],
    ["continue_sharing", "Got it, thanks!", DISMISS_HOURS.later],
  ] as const)("%s: '%s' hides it for %i hours and asks the server again", async (type, button, hours) => {
    const calls = modalServer(pending(type));
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole("dialog");
    const asked = pendingGets(calls);
    await user.click(within(dialog).getByRole("button", { name: button }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((call) => call.url === DISMISS_URL)).toEqual([
      { method: "POST", url: DISMISS_URL, body: { hours } },
    ]);
    await waitFor(() => expect(pendingGets(calls)).toBeGreaterThan(asked));
  });

  it("a failed dismissal says so and leaves the modal open", async () => {
    const calls = modalServer(pending("continue_sharing"), {
      dismiss: { status: 500, body: { success: false, code: "INTERNAL", message: "Internal error" } },
    });
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole("button", { name: "Got it, thanks!" }));

    await waitFor(() => expect(toasts()).toBe("Error: Failed to dismiss modal. Please try again."));
    expect(screen.getByRole("dialog", { name: "Keep sharing CHITTA" })).toBeTruthy();
    expect(calls.filter((call) => call.url === DISMISS_URL)).toHaveLength(1);
  });

  it("'Claim Free Month & Upgrade' closes the modal and goes to /subscribe", async () => {
    const calls = modalServer(pending("referee_upgrade_prompt"));
    const user = userEvent.setup();
    const { location } = renderModal();
    await user.click(await screen.findByRole("button", { name: "Claim Free Month & Upgrade" }));

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(location.history.at(-1)).toBe("/subscribe");
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("the celebration's claim posts the reward, then closes, goes to /subscribe and reads the plan again", async () => {
    const calls = modalServer(pending("referrer_celebration"));
    const user = userEvent.setup();
    const { location } = renderModal();
    await user.click(await screen.findByRole("button", { name: "Claim Free Month" }));

    await waitFor(() => expect(location.history.at(-1)).toBe("/subscribe"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual([
      "/api/referrals/rewards/41/claim",
    ]);
    expect(toasts()).toBe("Free month claimed!: You have Premium until March 3, 2030.");
    // Premium shows at once: the signed-in user and the subscription are asked again.
    await waitFor(() => expect(calls.filter((call) => call.url === "/api/user")).toHaveLength(2));
  });

  it("a refused claim (409) shows the server's reason and stays on the page", async () => {
    const message = "This free month was already claimed.";
    modalServer(pending("referrer_celebration"), {
      claim: { status: 409, body: { success: false, code: "CONFLICT", message } },
    });
    const user = userEvent.setup();
    const { location } = renderModal();
    await user.click(await screen.findByRole("button", { name: "Claim Free Month" }));

    await waitFor(() => expect(toasts()).toBe(`Could not claim your free month: ${message}`));
    expect(location.history.at(-1)).toBe("/journal");
  });

  it.each([
    ["referrer_celebration", { freeMonthsAvailable: 1 }, "You have 1 free month of Premium available."],
    ["referrer_celebration", { freeMonthsAvailable: 3 }, "You have 3 free months of Premium available."],
    ["continue_sharing", { totalReferrals: 1 }, "1 person has signed up with your link so far."],
    ["continue_sharing", { totalReferrals: 4 }, "4 people have signed up with your link so far."],
  ] as const)("%s words %o in the singular or the plural", async (type, data, text) => {
    modalServer(pending(type, data));
    renderModal();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(text)).toBeTruthy();
    // Read out with the dialog: the figure is part of its description.
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toContain(text);
  });

  it("speaks Spanish, plural included", async () => {
    await act(() => i18next.changeLanguage("es"));
    modalServer(pending("referrer_celebration", { freeMonthsAvailable: 2 }));
    renderModal();
    const dialog = within(await screen.findByRole("dialog", { name: "¡Enhorabuena!" }));
    expect(dialog.getByText("Tienes 2 meses gratis de Premium disponibles.")).toBeTruthy();
    expect(dialog.getByRole("button", { name: "Comparte más y gana más" })).toBeTruthy();
  });

  it("copies the link ('Share More & Earn More') and the code, with the spec's toasts", async () => {
    modalServer(pending("continue_sharing"));
    const user = userEvent.setup();
    const writeText = stubClipboard();
    renderModal();
    await user.click(await screen.findByRole("button", { name: "Copy referral link" }));
    expect(writeText).toHaveBeenLastCalledWith(LINK);
    expect(toasts()).toBe("Copied!: Referral link copied to clipboard");
    await user.click(screen.getByRole("button", { name: "Copy referral code" }));
    expect(writeText).toHaveBeenLastCalledWith(CODE);
    expect(toasts()).toBe("Copied!: Referral code copied to clipboard");
    // Copying is no dismissal: the modal stays.
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("opens once: closed without a choice, the same answer does not bring it back", async () => {
    const calls = modalServer(pending("continue_sharing"));
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole("dialog");
    const asked = pendingGets(calls);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    await waitFor(() => expect(pendingGets(calls)).toBeGreaterThan(asked));
    await act(async () => {});
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.filter((call) => call.url === DISMISS_URL)).toEqual([]);
  });

  it("shows nothing when the server says not to, and asks nothing for guests", async () => {
    const calls = modalServer({ ...pending("continue_sharing"), shouldShow: false, type: null });
    renderModal();
    await waitFor(() => expect(pendingGets(calls)).toBe(1));
    await act(async () => {});
    expect(screen.queryByRole("dialog")).toBeNull();

    const guestCalls = fakeServer();
    renderPage(<RewardsModal quietMs={0} />, { path: "/" });
    await waitFor(() => expect(guestCalls.some((call) => call.url === "/api/user")).toBe(true));
    expect(pendingGets(guestCalls)).toBe(0);
  });

  it("logout closes it and forgets every referral query of the user", async () => {
    let signedIn = true;
    fakeServer((call) => {
      if (call.url === "/api/auth/logout") {
        signedIn = false;
        return { status: 200, body: { success: true } };
      }
      if (!signedIn) return undefined;
      if (call.url === "/api/user") return { status: 200, body: testUser() };
      return call.url === PENDING_URL ? { status: 200, body: pending("continue_sharing") } : undefined;
    });
    const { queryClient } = renderPage(<SignOut />, {
      path: "/journal",
      outside: <RewardsModal quietMs={0} />,
    });
    await screen.findByRole("dialog");
    expect(
      queryClient.getQueryCache().findAll({ queryKey: referralProgrammeKey(testUser().id) }),
    ).not.toEqual([]);

    // Behind the modal (inert while it is open): the session can still end, e.g. from another tab or on expiry.
    fireEvent.click(screen.getByRole("button", { name: "Sign out", hidden: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(queryClient.getQueryCache().findAll({ queryKey: referralProgrammeKey(testUser().id) })).toEqual(
      [],
    );
  });

  it("waits until no other dialog is open, so modals never stack", async () => {
    const other = document.createElement("div");
    other.setAttribute("role", "dialog");
    document.body.append(other);
    const calls = modalServer(pending("continue_sharing"));
    renderModal();
    await waitFor(() => expect(pendingGets(calls)).toBe(1));
    await act(async () => {});
    expect(screen.queryByRole("dialog", { name: "Keep sharing CHITTA" })).toBeNull();

    other.remove();
    expect(await screen.findByRole("dialog", { name: "Keep sharing CHITTA" })).toBeTruthy();
  });
});

/* ------------------------------------------------------------------------------------------------------ */

const reward = (id: number, overrides: Partial<Reward> = {}): Reward => ({
  id,
  type: "referrer_free_month",
  status: "pending",
  earnedAt: "2030-01-10T10:00:00.000Z",
  claimedAt: null,
  revokedAt: null,
  refereeName: "so***",
  ...overrides,
});

const entry = (id: number, overrides: Partial<ReferralEntry> = {}): ReferralEntry => ({
  id,
  refereeName: `fr***${id}`,
  signedUpAt: "2030-01-05T10:00:00.000Z",
  stage: "signed_up",
  convertedAt: null,
  rejectedReason: null,
  ...overrides,
});

const overview = (overrides: Partial<ReferralOverview> = {}): ReferralOverview => ({
  referralCode: CODE,
  link: `https://chitta.example/signup?ref=${CODE}`,
  stats: { signedUp: 5, converted: 2, freeMonthsAvailable: 1, freeMonthsClaimed: 3 },
  rewards: [reward(41), reward(40, { status: "claimed", claimedAt: "2030-01-12T10:00:00.000Z" })],
  history: [
    entry(9, { stage: "converted", convertedAt: "2030-01-09T10:00:00.000Z" }),
    entry(8, { stage: "rejected", rejectedReason: "same_card" }),
  ],
  nextCursor: "8",
  ...overrides,
});

function pageServer(first: ReferralOverview, options: { claim?: Answer } = {}) {
  return server((call) => {
    if (call.url === "/api/referrals") return { status: 200, body: first };
    if (call.url === "/api/referrals?cursor=8") {
      return { status: 200, body: { ...first, history: [entry(7)], nextCursor: null } };
    }
    if (call.url === "/api/referrals/rewards/41/claim")
      return options.claim ?? { status: 200, body: claimAnswer };
    return undefined;
  });
}

const renderReferrals = () => renderPage(<ReferralsPage />, { path: "/referrals", outside: <ToastProbe /> });

describe("ReferralsPage (/referrals)", () => {
  it("shows the link and the code, and copies each with the spec's toasts", async () => {
    pageServer(overview());
    const user = userEvent.setup();
    const writeText = stubClipboard();
    renderReferrals();
    expect(((await screen.findByLabelText("Referral link")) as HTMLInputElement).value).toBe(LINK);
    expect((screen.getByLabelText("Referral code") as HTMLInputElement).value).toBe(CODE);

    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenLastCalledWith(LINK);
    expect(toasts()).toBe("Copied!: Referral link copied to clipboard");
    await user.click(screen.getByRole("button", { name: "Copy code" }));
    expect(writeText).toHaveBeenLastCalledWith(CODE);
    expect(toasts()).toBe("Copied!: Referral code copied to clipboard");
  });

  it("says so when the clipboard refuses", async () => {
    pageServer(overview());
    const user = userEvent.setup();
    stubClipboard(true);
    renderReferrals();
    await user.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(toasts()).toBe("Error: Failed to copy to clipboard");
  });

  it("shows the totals and the history, with each stage and the reason a referral earned nothing", async () => {
    const calls = pageServer(overview());
    const user = userEvent.setup();
    renderReferrals();
    const totals = within(await screen.findByRole("region", { name: "Your totals" }));
    for (const [label, value] of [
      ["Signed up", "5"],
      ["Became paying members", "2"],
      ["Free months available", "1"],
      ["Free months claimed", "3"],
    ] as const) {
      expect(totals.getByText(label).nextElementSibling?.textContent).toBe(value);
    }

    const history = within(screen.getByRole("region", { name: "People you invited" }));
    const converted = within(history.getByRole("heading", { name: "fr***9" }).closest("article")!);
    expect(converted.getByText("Paying member")).toBeTruthy();
    expect(converted.getByText(/First payment on January 9, 2030/)).toBeTruthy();
    const rejected = within(history.getByRole("heading", { name: "fr***8" }).closest("article")!);
    expect(rejected.getByText("Not eligible")).toBeTruthy();
    expect(
      rejected.getByText("This account paid with the same card as yours, so it cannot earn a reward."),
    ).toBeTruthy();

    await user.click(history.getByRole("button", { name: "Load more" }));
    expect(await history.findByRole("heading", { name: "fr***7" })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain("/api/referrals?cursor=8");
    expect(history.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("claims a free month and tells until when Premium lasts", async () => {
    const calls = pageServer(overview());
    const user = userEvent.setup();
    renderReferrals();
    const rewards = within(await screen.findByRole("region", { name: "Free months to claim" }));
    // Only what can be claimed is listed: the claimed month is in the totals.
    expect(rewards.getAllByRole("button", { name: "Claim free month" })).toHaveLength(1);
    expect(rewards.getByText("Free month earned on January 10, 2030, thanks to so***")).toBeTruthy();
    await user.click(rewards.getByRole("button", { name: "Claim free month" }));

    await waitFor(() => expect(toasts()).toBe("Free month claimed!: You have Premium until March 3, 2030."));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual([
      "/api/referrals/rewards/41/claim",
    ]);
  });

  it("shows why a claim was refused (409)", async () => {
    const message = "This free month was already claimed.";
    pageServer(overview(), { claim: { status: 409, body: { success: false, code: "CONFLICT", message } } });
    const user = userEvent.setup();
    renderReferrals();
    await user.click(await screen.findByRole("button", { name: "Claim free month" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("explains how the programme works before anyone signed up", async () => {
    pageServer(
      overview({
        stats: { signedUp: 0, converted: 0, freeMonthsAvailable: 0, freeMonthsClaimed: 0 },
        rewards: [],
        history: [],
        nextCursor: null,
      }),
    );
    renderReferrals();
    const how = within(await screen.findByRole("region", { name: "How it works" }));
    expect(how.getByText(/their first month of Premium free/)).toBeTruthy();
    expect(how.getByText(/When they make their first payment, you get a free month/)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Free months to claim" })).toBeNull();
  });
});

/**
 * axe's serious and critical findings. Radix's focus guards (tabbable, aria-hidden spans around an open modal)
 * are left out: axe accepts them while a modal is open, which it cannot tell without a layout engine.
 */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(
    { include: [["body"]], exclude: [["[data-radix-focus-guard]"]] },
    {
      runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      resultTypes: ["violations"],
    },
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

describe("accessibility", () => {
  it("the page has no serious axe violations, in English and Spanish", async () => {
    pageServer(overview());
    renderReferrals();
    await screen.findByRole("region", { name: "People you invited" });
    expect(await seriousViolations()).toEqual([]);
    await act(() => i18next.changeLanguage("es"));
    expect(screen.getByRole("region", { name: "Personas que invitaste" })).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });

  it.each([
    "referee_upgrade_prompt",
    "referrer_celebration",
    "continue_sharing",
  ] as const)("the %s modal has no serious axe violations", async (type) => {
    modalServer(pending(type));
    renderModal();
    await screen.findByRole("dialog");
    expect(await seriousViolations()).toEqual([]);
  });
});

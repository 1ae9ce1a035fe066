import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  Consultation,
  JournalEntryBody,
  OracleStep,
  PracticeJournal,
} from "../../../../contract/oracle";
import { oracleStepPercent } from "../../../../contract/oracle-constants";
import type { Reminder } from "../../../../contract/reminders";
import { isolateEachTest, ToastProbe } from "../../test-helpers";
import { type FetchCall, renderPage, testUser } from "../auth/test-utils";
import ConsultationPage from "./ConsultationPage";
import { CONSULTATION_ID, consultation, entry, journal, member, profile } from "./test-fixtures";

isolateEachTest();
afterEach(() => act(() => i18next.changeLanguage("en")));

// happy-dom's selects lack `size` and their options `defaultSelected`, so react-hook-form takes every select for
// one the user already changed and drops its default value; a browser has both.
for (const [proto, name, get] of [
  [HTMLSelectElement.prototype, "size", () => 0],
  [
    HTMLOptionElement.prototype,
    "defaultSelected",
    function (this: HTMLOptionElement) {
      return this.hasAttribute("selected");
    },
  ],
] as const) {
  if (!(name in proto)) Object.defineProperty(proto, name, { get, configurable: true });
}

const DETAIL_URL = `/api/oracle/consultations/${CONSULTATION_ID}`;
const CHALLENGE = "I keep putting off a decision about my work and I wake up anxious every morning.";

type Answer = { status: number; body: unknown } | undefined;

const inProgress = (step: OracleStep): Consultation =>
  consultation({ status: "processing", step, percent: oracleStepPercent[step], reading: null });

/**
 * The oracle as the server answers it: POST creates the consultation (202, initiating), each GET of it answers the
 * next of `steps` (staying on the last), the journal and the reminders are kept in memory.
 */
function oracleServer(
  options: {
    steps?: Consultation[];
    profileComplete?: boolean;
    journal?: PracticeJournal;
    refuse?: (call: FetchCall) => Answer;
    reminder?: Reminder;
  } = {},
) {
  const steps = options.steps ?? [consultation()];
  let polls = 0;
  let current = journal(options.journal);
  let reminder: Reminder = options.reminder ?? {
    kind: "oracle-practice",
    enabled: false,
    localTime: "19:00",
    nextDueAt: null,
  };
  const calls = member((call) => {
    const refused = options.refuse?.(call);
    if (refused) return refused;
    if (call.method === "GET" && call.url === "/api/oracle/profile") {
      return { status: 200, body: profile({ complete: options.profileComplete ?? true }) };
    }
    if (call.method === "POST" && call.url === "/api/oracle/consultations") {
      return { status: 202, body: inProgress("initiating") };
    }
    if (call.method === "GET" && call.url === DETAIL_URL) {
      const answer = steps[Math.min(polls, steps.length - 1)];
      polls += 1;
      return { status: 200, body: answer };
    }
    if (call.method === "GET" && call.url === `${DETAIL_URL}/journal`) return { status: 200, body: current };
    if (call.method === "POST" && call.url === `${DETAIL_URL}/journal`) {
      const body = call.body as JournalEntryBody;
      const written = entry(current.todayEntryNumber ?? 1, {
        ...body,
        insights: body.insights ?? null,
        challenges: body.challenges ?? null,
        moodBefore: body.moodBefore ?? null,
        moodAfter: body.moodAfter ?? null,
        practiceRating: body.practiceRating ?? null,
        nextSteps: body.nextSteps ?? null,
        practiceDate: current.today,
        editable: true,
      });
      const others = current.entries.filter((item) => item.practiceDate !== current.today);
      const isNew = others.length === current.entries.length;
      current = { ...current, entries: [...others, written] };
      return { status: isNew ? 201 : 200, body: current };
    }
    if (call.method === "GET" && call.url === "/api/reminders") {
      return { status: 200, body: { reminders: [reminder], quietHours: null, timezone: "Europe/Madrid" } };
    }
    if (call.method === "PUT" && call.url === "/api/reminders/oracle-practice") {
      reminder = { ...reminder, ...(call.body as Pick<Reminder, "enabled" | "localTime">) };
      return { status: 200, body: {} };
    }
    return undefined;
  });
  return calls;
}

const posts = (calls: FetchCall[], url: string) =>
  calls.filter((call) => call.method === "POST" && call.url === url).map((call) => call.body);

describe("ConsultationPage (/oracle): asking", () => {
  it("asks for at least 50 characters before sending the challenge", async () => {
    const calls = oracleServer();
    const user = userEvent.setup();
    renderPage(<ConsultationPage />, { path: "/oracle" });
    const field = await screen.findByLabelText("What challenge are you facing?");
    await user.type(field, "Too short to read.");
    await user.click(screen.getByRole("button", { name: "Ask the oracle" }));
    expect(await screen.findByText("Please describe your challenge in at least 50 characters.")).toBeTruthy();
    expect(screen.getByText(/32 more characters needed/)).toBeTruthy();
    expect(posts(calls, "/api/oracle/consultations")).toEqual([]);
  });

  it("invites an incomplete profile to the setup page, and still lets the consultation start", async () => {
    oracleServer({ profileComplete: false });
    renderPage(<ConsultationPage />, { path: "/oracle-new" });
    const link = await screen.findByRole("link", { name: "Set up your profile" });
    expect(link.getAttribute("href")).toBe("/oracle-profile-setup");
    expect(screen.getByRole("button", { name: "Ask the oracle" })).toBeTruthy();
  });

  it("follows the server's steps to the reading: the percent is polled, never made up by a timer", async () => {
    const calls = oracleServer({
      steps: [
        inProgress("reading-challenge"),
        inProgress("reading-challenge"),
        inProgress("reviewing-dreams"),
        inProgress("reviewing-dreams"),
        consultation(),
      ],
    });
    const user = userEvent.setup();
    const { location } = renderPage(<ConsultationPage />, { path: "/oracle" });
    await user.type(await screen.findByLabelText("What challenge are you facing?"), CHALLENGE);
    await user.click(screen.getByRole("button", { name: "Ask the oracle" }));

    expect(posts(calls, "/api/oracle/consultations")).toEqual([{ challenge: CHALLENGE }]);
    const bar = await screen.findByRole("progressbar", { name: "Consultation progress" });
    expect(location.history?.at(-1)).toBe(`/oracle?consultation=${CONSULTATION_ID}`);
    // The progress view's heading takes the focus from the form that went away.
    expect(document.activeElement?.textContent).toBe("The oracle is reading your challenge");
    const seen = new Set<string>();
    await waitFor(
      () => {
        const now = screen.queryByRole("progressbar");
        if (now) seen.add(now.getAttribute("aria-valuenow") ?? "");
        expect(screen.queryByRole("progressbar")).toBeNull();
      },
      { timeout: 5000, interval: 50 },
    );
    // 5 is the step the 202 itself carried; then each value is one the server sent, in its order.
    expect([...seen].filter((value) => value !== "5")).toEqual(["20", "55"]);
    expect(bar.getAttribute("aria-valuetext")).toBe("55%: Looking over your recent dreams...");
    // Five answers, five polls: the page waited for the server at every step.
    expect(calls.filter((call) => call.url === DETAIL_URL)).toHaveLength(5);

    const message = await screen.findByRole("heading", { level: 2, name: "The oracle's message" });
    expect(document.activeElement).toBe(message);
    expect(screen.getByText("The door you keep closed is asking to be opened.")).toBeTruthy();
    expect(screen.getByText("Change")).toBeTruthy();
    expect(screen.getByText("Water: in 4 dreams")).toBeTruthy();
    expect(screen.getByText("Your Taurus sun asks for steady steps.")).toBeTruthy();
    const exercise = within(screen.getByRole("region", { name: "Exercise: The open door" }));
    expect(exercise.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Sit comfortably.",
      "Picture a door.",
      "Open it and notice what you feel.",
    ]);
    expect(exercise.getByText("About 15 minutes")).toBeTruthy();
    const plan = within(screen.getByRole("region", { name: "The 10-day plan" }));
    expect(plan.getAllByRole("heading", { level: 3 })).toHaveLength(10);
    expect(plan.getAllByText("Reflection")).toHaveLength(3);
  });

  it("announces each step politely while it runs", async () => {
    oracleServer({ steps: [inProgress("choosing-practice")] });
    renderPage(<ConsultationPage />, { path: `/oracle?consultation=${CONSULTATION_ID}` });
    const status = await screen.findByText("Choosing a practice for you...");
    expect(status.closest("[role=status]")).not.toBeNull();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("70");
    expect(screen.getByText("Reading your challenge").textContent).toContain("(done)");
    expect(screen.getByText("Writing the plan").textContent).toContain("(to come)");
  });

  it("over the free allowance, says Premium is required and links to the plans", async () => {
    const calls = oracleServer({
      refuse: (call) =>
        call.method === "POST" && call.url === "/api/oracle/consultations"
          ? {
              status: 403,
              body: {
                success: false,
                code: "FORBIDDEN",
                reason: "ORACLE_LIMIT",
                message: "Oracle access requires Premium upgrade. You've reached your free oracle limit.",
              },
            }
          : undefined,
    });
    const user = userEvent.setup();
    renderPage(<ConsultationPage />, { path: "/oracle" });
    await user.type(await screen.findByLabelText("What challenge are you facing?"), CHALLENGE);
    await user.click(screen.getByRole("button", { name: "Ask the oracle" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Oracle access requires Premium upgrade")).toBeTruthy();
    expect(within(alert).getByRole("link", { name: "See Premium" }).getAttribute("href")).toBe("/subscribe");
    expect(posts(calls, "/api/oracle/consultations")).toHaveLength(1);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("a failed consultation says so and tries again with the same challenge", async () => {
    const calls = oracleServer({
      steps: [inProgress("reading-challenge"), consultation({ status: "failed", reading: null })],
    });
    const user = userEvent.setup();
    renderPage(<ConsultationPage />, { path: `/oracle?consultation=${CONSULTATION_ID}` });
    const heading = await screen.findByRole(
      "heading",
      { name: "Oracle consultation failed" },
      { timeout: 3000 },
    );
    expect(document.activeElement).toBe(heading);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() =>
      expect(posts(calls, "/api/oracle/consultations")).toEqual([{ challenge: CHALLENGE }]),
    );
  });

  it("in Spanish: the steps, the percent and the minimum", async () => {
    await act(() => i18next.changeLanguage("es"));
    oracleServer({ steps: [inProgress("consulting-profile")] });
    renderPage(<ConsultationPage />, { path: `/oracle?consultation=${CONSULTATION_ID}` });
    expect(await screen.findByText("Consultando tu perfil y tus signos...")).toBeTruthy();
    expect(
      screen.getByRole("progressbar", { name: "Progreso de la consulta" }).getAttribute("aria-valuetext"),
    ).toBe("40 %: Consultando tu perfil y tus signos...");
  });
});

describe("ConsultationPage (/oracle?consultation=): the practice", () => {
  const open = () =>
    renderPage(<ConsultationPage />, {
      path: `/oracle?consultation=${CONSULTATION_ID}`,
      outside: <ToastProbe />,
    });

  it("writes today's entry with the spec's fields, then edits it the same day", async () => {
    const calls = oracleServer({ journal: journal({ entries: [], todayEntryNumber: 1 }) });
    const user = userEvent.setup();
    open();
    const form = within(
      (await screen.findByRole("heading", { name: "Today's entry (day 1)" })).closest("form")!,
    );
    await user.type(
      form.getByLabelText("How did today's practice go?"),
      "I sat with the door for ten minutes.",
    );
    await user.click(form.getByRole("switch", { name: "I did today's exercise" }));
    await user.selectOptions(form.getByLabelText("Mood before"), "3");
    await user.selectOptions(form.getByLabelText("Mood after"), "7");
    await user.selectOptions(form.getByLabelText("Practice rating"), "4");
    await user.type(form.getByLabelText(/Insights/), "Fear is smaller when named.");
    await user.click(form.getByRole("button", { name: "Save today's entry" }));

    expect(await screen.findByText("Your entry for day 1 has been saved.")).toBeTruthy();
    expect(posts(calls, `${DETAIL_URL}/journal`)).toEqual([
      {
        journalEntry: "I sat with the door for ten minutes.",
        exerciseImplemented: true,
        insights: "Fear is smaller when named.",
        challenges: null,
        moodBefore: 3,
        moodAfter: 7,
        practiceRating: 4,
        nextSteps: null,
      },
    ]);
    // Today's entry now exists: the form edits it, starting from what was saved.
    const edit = within(
      (await screen.findByRole("heading", { name: "Edit today's entry (day 1)" })).closest("form")!,
    );
    expect((edit.getByLabelText("How did today's practice go?") as HTMLTextAreaElement).value).toBe(
      "I sat with the door for ten minutes.",
    );
    expect((edit.getByLabelText("Mood after") as HTMLSelectElement).value).toBe("7");
    expect(screen.getByText("Day 1: written on Mar 10, 2025")).toBeTruthy();
    expect(screen.getByText("1 of 10 entries written")).toBeTruthy();
    await user.click(edit.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Your entry for day 1 has been updated.")).toBeTruthy();
    expect(posts(calls, `${DETAIL_URL}/journal`)).toHaveLength(2);
  });

  it("needs a few words before saving an entry", async () => {
    const calls = oracleServer();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole("button", { name: "Save today's entry" }));
    expect(await screen.findByText("Write a few words about today's practice")).toBeTruthy();
    expect(posts(calls, `${DETAIL_URL}/journal`)).toEqual([]);
  });

  it("shows the 10-day strip and the earlier entries", async () => {
    oracleServer({
      journal: journal({
        entries: [entry(1), entry(2), entry(3, { insights: "Less fear." })],
        today: "2025-03-14",
        todayEntryNumber: 4,
        calendarDay: 5,
      }),
    });
    open();
    expect(await screen.findByText("3 of 10 entries written")).toBeTruthy();
    expect(screen.getByText("Day 4: today")).toBeTruthy();
    expect(screen.getByText("Day 5: to come")).toBeTruthy();
    expect(screen.getByText("Day 3 · Mar 12, 2025")).toBeTruthy();
    expect(screen.getByText("Less fear.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Today's entry (day 4)" })).toBeTruthy();
  });

  it("turns the practice-day reminder on at its time", async () => {
    const calls = oracleServer();
    const user = userEvent.setup();
    open();
    const toggle = await screen.findByRole("switch", { name: "Remind me on practice days" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    await user.click(toggle);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "PUT").map((call) => [call.url, call.body])).toEqual([
        ["/api/reminders/oracle-practice", { enabled: true, localTime: "19:00" }],
      ]),
    );
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
  });

  it("asks for the follow-up when the journal allows it and shows its four sections and figures", async () => {
    const withFollowUp = consultation({
      journalEntriesCount: 3,
      practiceCompleted: true,
      followUp: {
        id: "f1",
        journalEntriesCount: 3,
        practiceAnalysis: "You practised three days out of three.",
        progressAssessment: "Your mood rose after each practice.",
        evolutionInsights: "Naming the fear made it smaller.",
        nextPhaseGuidance: "Keep the door open a little longer each day.",
        completionDate: "2025-03-12T20:00:00.000Z",
        figures: { averageMoodBefore: 4, averageMoodAfter: 6.5, adherencePercent: 100, averageRating: null },
      },
    });
    const calls = oracleServer({
      journal: journal({ entries: [entry(1), entry(2), entry(3)], todayEntryNumber: 4, canFollowUp: true }),
      refuse: (call) =>
        call.method === "POST" && call.url === `${DETAIL_URL}/follow-up`
          ? { status: 201, body: withFollowUp }
          : undefined,
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole("button", { name: "Ask for the follow-up" }));
    const heading = await screen.findByRole("heading", { name: "Your follow-up" });
    expect(document.activeElement).toBe(heading);
    const followUp = within(screen.getByRole("region", { name: "Your follow-up" }));
    for (const section of ["Your practice", "Your progress", "How you have changed", "The next phase"]) {
      expect(followUp.getByRole("heading", { level: 3, name: section })).toBeTruthy();
    }
    expect(followUp.getByText("Naming the fear made it smaller.")).toBeTruthy();
    expect(followUp.getByText("6.5")).toBeTruthy();
    expect(followUp.getByText("100%")).toBeTruthy();
    expect(followUp.getByText("Not noted")).toBeTruthy();
    expect(posts(calls, `${DETAIL_URL}/follow-up`)).toHaveLength(1);
  });

  it("before the follow-up opens, says when it will", async () => {
    oracleServer({ journal: journal({ entries: [entry(1)], todayEntryNumber: 2, canFollowUp: false }) });
    open();
    expect(
      await screen.findByText(
        "The follow-up opens once you have written 3 entries (you have 1), or after day 10.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ask for the follow-up" })).toBeNull();
  });

  it("creates a share link, copies it with the spec's toast and revokes it after confirming", async () => {
    const token = "a".repeat(43);
    const calls = oracleServer({
      refuse: (call) =>
        call.url === `${DETAIL_URL}/share`
          ? call.method === "POST"
            ? { status: 201, body: { sharePath: `/share/oracle/${token}` } }
            : { status: 200, body: { success: true } }
          : undefined,
    });
    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard in place.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    open();
    await user.click(await screen.findByRole("button", { name: "Create a share link" }));
    const link = (await screen.findByLabelText("Share link")) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/share/oracle/${token}`);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(link.value);
    expect(screen.getByTestId("toasts").textContent).toBe("Copied!: Share link copied to clipboard");

    await user.click(screen.getByRole("button", { name: "Revoke link" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Revoke the share link?" }));
    await user.click(dialog.getByRole("button", { name: "Revoke link" }));
    await waitFor(() => expect(screen.queryByLabelText("Share link")).toBeNull());
    expect(calls.filter((call) => call.url === `${DETAIL_URL}/share`).map((call) => call.method)).toEqual([
      "POST",
      "DELETE",
    ]);
    expect(screen.getByTestId("toasts").textContent).toBe("Link revoked: The share link no longer works.");
    expect(screen.getByRole("button", { name: "Create a share link" })).toBeTruthy();
  });

  it("says so when the consultation is not the user's or does not exist", async () => {
    oracleServer({
      refuse: (call) =>
        call.url === DETAIL_URL
          ? { status: 404, body: { success: false, code: "NOT_FOUND", message: "Not found" } }
          : undefined,
    });
    open();
    expect(await screen.findByRole("heading", { name: "Consultation not found" })).toBeTruthy();
    expect(screen.getByText("This consultation does not exist or is not yours.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "The oracle's message" })).toBeNull();
  });
});

describe("ConsultationPage: the member it shows", () => {
  it("tells a free member the allowance, and a premium member nothing about it", async () => {
    oracleServer();
    renderPage(<ConsultationPage />, { path: "/oracle" });
    expect(await screen.findByText("The free plan includes 1 consultation every 30 days.")).toBeTruthy();
  });

  it("premium: no allowance line", async () => {
    member(
      (call) =>
        call.url === "/api/oracle/profile" ? { status: 200, body: profile({ complete: true }) } : undefined,
      testUser({ isPremium: true, subscriptionTier: "premium" }),
    );
    renderPage(<ConsultationPage />, { path: "/oracle" });
    await screen.findByRole("button", { name: "Ask the oracle" });
    await waitFor(() => expect(screen.queryByText(/free plan includes/)).toBeNull());
  });
});

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "../../../../contract/accounts";
import type { QuietHours, Reminder, RemindersResponse } from "../../../../contract/reminders";
import { initI18n } from "../../lib/i18n";
import { isolateEachTest } from "../../test-helpers";
import { type FetchCall, fakeServer, renderPage, testUser } from "../auth/test-utils";
import { currentSubscription } from "../push/push-client";
import { RemindersCard } from "./RemindersCard";

// This browser's push subscription is push-client's business; here only its answer matters.
vi.mock("../push/push-client", () => ({ currentSubscription: vi.fn(async () => null) }));

isolateEachTest();
beforeAll(() => initI18n("en"));
beforeEach(() => {
  // Only the date is fixed ("now" for the next reminder's day); the save delay runs on real timers.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-03-10T12:00:00Z"));
});
afterEach(() => initI18n("en"));

/** 07:30 in Madrid on 11 March 2025 (UTC+1), the day after "now". */
const TOMORROW_0730 = "2025-03-11T06:30:00.000Z";

type Answer = { status: number; body: unknown } | undefined;

/**
 * The reminders API as the server answers it, kept in memory: off at 07:30 until set; when on, due at
 * `nextDueAt`. `refuse` answers a write instead (a 422, say).
 */
function remindersServer(
  options: { quietHours?: QuietHours | null; refuse?: (call: FetchCall) => Answer } = {},
) {
  let reminder: Reminder = { kind: "dream-recall", enabled: false, localTime: "07:30", nextDueAt: null };
  let quietHours = options.quietHours ?? null;
  const answer = (): RemindersResponse => ({ reminders: [reminder], quietHours, timezone: "Europe/Madrid" });
  const calls = fakeServer((call) => {
    if (call.method === "GET" && call.url === "/api/reminders") return { status: 200, body: answer() };
    if (call.method !== "PUT") return undefined;
    const refused = options.refuse?.(call);
    if (refused) return refused;
    if (call.url === "/api/reminders/quiet-hours") {
      quietHours = (call.body as { quietHours: QuietHours | null }).quietHours;
      return { status: 200, body: answer() };
    }
    if (call.url === "/api/reminders/dream-recall") {
      const body = call.body as Pick<Reminder, "enabled" | "localTime">;
      reminder = { ...reminder, ...body, nextDueAt: body.enabled ? TOMORROW_0730 : null };
      return { status: 200, body: answer() };
    }
    return undefined;
  });
  return { calls, puts: (url: string) => calls.filter((call) => call.method === "PUT" && call.url === url) };
}

const REMINDER_URL = "/api/reminders/dream-recall";
const QUIET_URL = "/api/reminders/quiet-hours";
/** Longer than the save delay, so a waitFor sees the save of a time field. */
const AFTER_SAVE_DELAY = { timeout: 3000 };

const renderCard = (user: PublicUser = testUser()) =>
  renderPage(<RemindersCard user={user} />, { path: "/account" });

const card = async () => within(await screen.findByRole("region", { name: "Reminders" }));

describe("RemindersCard", () => {
  it("shows the dream recall reminder off at its default time, in the user's time zone", async () => {
    remindersServer();
    renderCard();
    const reminders = await card();
    const toggle = await reminders.findByRole("switch", { name: "Dream recall reminder" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    const time = reminders.getByLabelText("Reminder time") as HTMLInputElement;
    expect(time.type).toBe("time");
    expect(time.value).toBe("07:30");
    expect(reminders.getByText("Your local time (Europe/Madrid).")).toBeTruthy();
    expect(reminders.queryByText(/^Next:/)).toBeNull();
    expect((reminders.getByLabelText("From") as HTMLInputElement).value).toBe("");
    expect(reminders.queryByRole("button", { name: "Clear quiet hours" })).toBeNull();
  });

  it("turning it on saves it at its time and says when it comes next", async () => {
    const server = remindersServer();
    const ui = userEvent.setup();
    renderCard();
    const reminders = await card();
    await ui.click(await reminders.findByRole("switch", { name: "Dream recall reminder" }));

    await waitFor(() =>
      expect(reminders.getByRole("status").textContent).toBe("Your reminder has been saved."),
    );
    expect(server.puts(REMINDER_URL).map((call) => call.body)).toEqual([
      { enabled: true, localTime: "07:30" },
    ]);
    expect(await reminders.findByText("Next: tomorrow at 07:30")).toBeTruthy();
  });

  it("says the next reminder in Spanish for a Spanish reader", async () => {
    remindersServer();
    await initI18n("es");
    const ui = userEvent.setup();
    renderCard(testUser({ language: "es" }));
    const reminders = within(await screen.findByRole("region", { name: "Recordatorios" }));
    await ui.click(await reminders.findByRole("switch", { name: "Recordatorio para recordar sueños" }));
    expect(await reminders.findByText("Próximo: mañana a las 07:30")).toBeTruthy();
  });

  it("saves a changed time once it settles, with the reminder's state", async () => {
    const server = remindersServer();
    const ui = userEvent.setup();
    renderCard();
    const reminders = await card();
    await ui.click(await reminders.findByRole("switch", { name: "Dream recall reminder" }));
    await waitFor(() => expect(server.puts(REMINDER_URL)).toHaveLength(1));

    const time = reminders.getByLabelText("Reminder time");
    // The native picker changes the value one segment at a time: only the settled value is sent.
    fireEvent.change(time, { target: { value: "06:30" } });
    fireEvent.change(time, { target: { value: "06:45" } });
    await waitFor(() => expect(server.puts(REMINDER_URL)).toHaveLength(2), AFTER_SAVE_DELAY);
    expect(server.puts(REMINDER_URL)[1]?.body).toEqual({ enabled: true, localTime: "06:45" });
  });

  it("saves a changed time at once when the field is left", async () => {
    const server = remindersServer();
    renderCard();
    const time = await (await card()).findByLabelText("Reminder time");
    fireEvent.change(time, { target: { value: "08:15" } });
    fireEvent.blur(time);
    await waitFor(() => expect(server.puts(REMINDER_URL)).toHaveLength(1));
    expect(server.puts(REMINDER_URL)[0]?.body).toEqual({ enabled: false, localTime: "08:15" });
  });

  it("shows the server's refusal and puts the switch back", async () => {
    remindersServer({
      refuse: () => ({
        status: 422,
        body: { success: false, code: "VALIDATION", message: "Set your time zone first" },
      }),
    });
    const ui = userEvent.setup();
    renderCard();
    const reminders = await card();
    const toggle = await reminders.findByRole("switch", { name: "Dream recall reminder" });
    await ui.click(toggle);
    await waitFor(() => expect(reminders.getByRole("alert").textContent).toBe("Set your time zone first"));
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(reminders.getByRole("status").textContent).toBe("");
  });

  it("saves quiet hours once both ends are set, and clears them", async () => {
    const server = remindersServer();
    const ui = userEvent.setup();
    renderCard();
    const reminders = await card();
    const from = (await reminders.findByLabelText("From")) as HTMLInputElement;
    const to = reminders.getByLabelText("To") as HTMLInputElement;
    fireEvent.change(from, { target: { value: "22:00" } });
    fireEvent.blur(from);
    expect(server.puts(QUIET_URL)).toHaveLength(0);
    fireEvent.change(to, { target: { value: "06:30" } });
    await waitFor(() => expect(server.puts(QUIET_URL)).toHaveLength(1), AFTER_SAVE_DELAY);
    expect(server.puts(QUIET_URL)[0]?.body).toEqual({ quietHours: { start: "22:00", end: "06:30" } });
    await waitFor(() =>
      expect(reminders.getByRole("status").textContent).toBe("Your quiet hours have been saved."),
    );

    await ui.click(reminders.getByRole("button", { name: "Clear quiet hours" }));
    await waitFor(() =>
      expect(reminders.getByRole("status").textContent).toBe("Your quiet hours have been cleared."),
    );
    expect(server.puts(QUIET_URL)[1]?.body).toEqual({ quietHours: null });
    expect(from.value).toBe("");
    expect(to.value).toBe("");
  });

  it("shows stored quiet hours", async () => {
    remindersServer({ quietHours: { start: "23:00", end: "07:00" } });
    renderCard();
    const reminders = await card();
    expect(((await reminders.findByLabelText("From")) as HTMLInputElement).value).toBe("23:00");
    expect((reminders.getByLabelText("To") as HTMLInputElement).value).toBe("07:00");
    expect(reminders.getByRole("button", { name: "Clear quiet hours" })).toBeTruthy();
  });

  it("names each kind the server lists, each with its own time, in either language", async () => {
    const oraclePractice: Reminder = {
      kind: "oracle-practice",
      enabled: true,
      localTime: "19:00",
      nextDueAt: null,
    };
    fakeServer((call) =>
      call.method === "GET" && call.url === "/api/reminders"
        ? {
            status: 200,
            body: {
              reminders: [
                { kind: "dream-recall", enabled: false, localTime: "07:30", nextDueAt: null },
                oraclePractice,
              ],
              quietHours: null,
              timezone: "Europe/Madrid",
            },
          }
        : undefined,
    );
    await initI18n("es");
    renderCard();
    const reminders = within(await screen.findByRole("region", { name: "Recordatorios" }));
    const group = within(
      await reminders.findByRole("group", { name: "Recordatorio de los días de práctica del oráculo" }),
    );
    expect(
      group
        .getByRole("switch", { name: "Recordatorio de los días de práctica del oráculo" })
        .getAttribute("aria-checked"),
    ).toBe("true");
    expect((group.getByLabelText("Hora del recordatorio") as HTMLInputElement).value).toBe("19:00");
    expect(reminders.getByRole("group", { name: "Recordatorio para recordar sueños" })).toBeTruthy();
  });

  describe("says how reminders will arrive", () => {
    const subscribedHere = (subscribed: boolean) =>
      vi
        .mocked(currentSubscription)
        .mockResolvedValue(subscribed ? ({ endpoint: "https://push.test/1" } as PushSubscription) : null);

    it("by push when it is on and this browser is subscribed", async () => {
      remindersServer();
      subscribedHere(true);
      renderCard(testUser({ pushNotifications: true, emailNotifications: true }));
      expect(
        await (await card()).findByText("Reminders will arrive as push notifications on this device."),
      ).toBeTruthy();
    });

    it("by email when push does not reach this browser", async () => {
      remindersServer();
      subscribedHere(false);
      renderCard(testUser({ pushNotifications: true, emailNotifications: true }));
      const reminders = await card();
      expect(await reminders.findByText("Reminders will arrive by email at luna@example.com.")).toBeTruthy();
      expect(reminders.queryByText(/push notifications on this device/)).toBeNull();
    });

    it("warns when neither is on", async () => {
      remindersServer();
      renderCard(testUser({ pushNotifications: false, emailNotifications: false }));
      const reminders = await card();
      expect(
        await reminders.findByText("Turn on push or email notifications to receive reminders"),
      ).toBeTruthy();
      expect(reminders.queryByText(/Reminders will arrive/)).toBeNull();
    });
  });
});

import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { isolateEachTest } from "../../test-helpers";
import { makeUser, renderWithApp, stubApi, waitForSession } from "../layout/test-helpers";
import {
  OnboardingOverlays,
  TUTORIAL_DELAY_MS,
  TUTORIAL_SEEN_KEY,
  WELCOME_SEEN_KEY,
} from "./OnboardingOverlays";

async function renderOverlays(user: ReturnType<typeof makeUser> | null, path: string) {
  const fetchMock = stubApi(user);
  const view = renderWithApp(<OnboardingOverlays />, { path });
  await waitForSession(view.queryClient);
  return { ...view, fetchMock };
}

// Both overlays load on demand; loaded once here (the hook has a generous timeout), so a busy machine cannot
// make a test's 1-second wait for them time out.
beforeAll(async () => {
  await Promise.all([import("./WelcomeModal"), import("./FirstTimeTutorial")]);
});

isolateEachTest();

describe("welcome modal and first-time tutorial (spec sections 2 and 4)", () => {
  it("welcomes a signed-in user once, then starts the journey on /dream-input", async () => {
    const { memory } = await renderOverlays(makeUser(), "/journal");
    const dialog = await screen.findByRole("dialog", { name: "Welcome" });
    expect(within(dialog).getByText("Discover the Universal Language of the Mind")).toBeTruthy();
    for (const step of ["Enter Your Dreams", "Discover Ancient Symbols", "Receive Soul Guidance"]) {
      expect(within(dialog).getByText(step)).toBeTruthy();
    }
    expect(window.localStorage.getItem(WELCOME_SEEN_KEY)).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Start My Dream Journey" }));
    expect(screen.queryByRole("dialog", { name: "Welcome" })).toBeNull();
    expect(memory.history.at(-1)).toBe("/dream-input");

    cleanup();
    await renderOverlays(makeUser(), "/journal");
    expect(screen.queryByRole("dialog", { name: "Welcome" })).toBeNull();
  });

  it("remembers on the account: after a logout cleared this browser, neither overlay comes back", async () => {
    const { fetchMock } = await renderOverlays(makeUser(), "/dream-input");
    await screen.findByRole("dialog", { name: "Welcome" });
    const saved = fetchMock.mock.calls.filter(([url]) => url === "/api/user/onboarding");
    expect(saved.map(([, init]) => [init?.method, init?.body])).toEqual([["POST", '{"step":"welcome"}']]);

    cleanup();
    window.localStorage.clear();
    const { memory } = await renderOverlays(makeUser({ welcomeSeen: true, tutorialSeen: true }), "/journal");
    vi.useFakeTimers();
    act(() => memory.navigate("/dream-input"));
    act(() => vi.advanceTimersByTime(TUTORIAL_DELAY_MS * 4));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("saves the tutorial as seen on the account when it opens", async () => {
    const { fetchMock } = await renderOverlays(makeUser({ welcomeSeen: true }), "/dream-input");
    expect(await screen.findByRole("dialog", { name: "Your first dream translation" })).toBeTruthy();
    const saved = fetchMock.mock.calls.filter(([url]) => url === "/api/user/onboarding");
    expect(saved.map(([, init]) => init?.body)).toEqual(['{"step":"tutorial"}']);
  });

  it("does not welcome guests", async () => {
    await renderOverlays(null, "/");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.localStorage.getItem(WELCOME_SEEN_KEY)).toBeNull();
  });

  it("opens the tutorial 500 ms after a member lands on /dream-input, once", async () => {
    window.localStorage.setItem(WELCOME_SEEN_KEY, "true");
    const { memory } = await renderOverlays(makeUser(), "/journal");
    vi.useFakeTimers();
    act(() => vi.advanceTimersByTime(TUTORIAL_DELAY_MS * 2));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => memory.navigate("/dream-input"));
    act(() => vi.advanceTimersByTime(TUTORIAL_DELAY_MS - 1));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(window.localStorage.getItem(TUTORIAL_SEEN_KEY)).toBe("true");
    // The tutorial's code loads on demand.
    vi.useRealTimers();
    const dialog = await screen.findByRole("dialog", { name: "Your first dream translation" });
    expect(within(dialog).getByText("Step 1 of 3")).toBeTruthy();
    expect(window.localStorage.getItem(TUTORIAL_SEEN_KEY)).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(within(dialog).getByText("Step 2 of 3")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Skip tour" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("waits for the welcome modal to close before the tutorial", async () => {
    await renderOverlays(makeUser(), "/journal");
    const welcome = await screen.findByRole("dialog", { name: "Welcome" });
    vi.useFakeTimers();
    fireEvent.click(within(welcome).getByRole("button", { name: "Start My Dream Journey" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => vi.advanceTimersByTime(TUTORIAL_DELAY_MS));
    vi.useRealTimers();
    expect(await screen.findByRole("dialog", { name: "Your first dream translation" })).toBeTruthy();
  });

  it("does not show the tutorial again once seen", async () => {
    window.localStorage.setItem(WELCOME_SEEN_KEY, "true");
    window.localStorage.setItem(TUTORIAL_SEEN_KEY, "true");
    const { memory } = await renderOverlays(makeUser(), "/journal");
    vi.useFakeTimers();
    act(() => memory.navigate("/dream-input"));
    act(() => vi.advanceTimersByTime(TUTORIAL_DELAY_MS * 4));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("checks the session once more when nobody is signed in on /dream-input", async () => {
    const { fetchMock } = await renderOverlays(null, "/dream-input");
    const userCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/user")).length;
    await vi.waitFor(() => expect(userCalls()).toBe(2));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(userCalls()).toBe(2);
  });
});

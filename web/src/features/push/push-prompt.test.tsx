import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "../../../../contract/accounts";
import {
  jsonResponse,
  makeUser,
  renderWithApp,
  stubApi,
  waitForSession,
} from "../../components/layout/test-helpers";
import { isolateEachTest, ToastProbe } from "../../test-helpers";
import { listenForInstall } from "../pwa/install";
import { fakePushBrowser, forgetPushBrowser, runAsInstalledApp, TEST_ENDPOINT } from "./fake-push-browser";
import { PushPrompt } from "./PushPrompt";
import {
  POST_INSTALL_PUSH_PROMPT_SHOWN_KEY,
  PUSH_PROMPT_DELAY_MS,
  PUSH_PROMPT_DISMISSED_KEY,
} from "./push-prompt";

const VAPID_KEY = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";

async function renderPrompt(user: PublicUser | null = makeUser(), serverFails = false) {
  const fetchMock = stubApi(user, (url) => {
    if (url === "/api/push/vapid-public-key") return jsonResponse({ publicKey: VAPID_KEY });
    if (url === "/api/push/subscribe") {
      return serverFails
        ? jsonResponse({ success: false, message: "Server error", code: "INTERNAL" }, 500)
        : jsonResponse({ success: true, message: "Subscribed" });
    }
    if (url === "/api/user/messaging-preferences") return jsonResponse({ success: true, message: "Saved" });
    return undefined;
  });
  const view = renderWithApp(
    <>
      <PushPrompt />
      <ToastProbe />
    </>,
  );
  await waitForSession(view.queryClient);
  return { ...view, fetchMock };
}

/** Lets the spec's 2 seconds pass (and the card's check of the subscription settle). */
async function waitPromptDelay(ms = PUSH_PROMPT_DELAY_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const card = () => screen.queryByRole("complementary", { name: "Stay Updated" });
const toasts = () => screen.getByTestId("toasts").textContent ?? "";
const calls = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  fetchMock.mock.calls.filter(([called]) => called === url).map(([, init]) => JSON.parse(String(init?.body)));

beforeAll(async () => {
  await import("./StayUpdatedCard");
});

isolateEachTest();
let stopListening: () => void;
beforeEach(() => {
  stopListening = listenForInstall();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  stopListening();
  forgetPushBrowser();
});

describe("the 'Stay Updated' push prompt (spec sections 2, 3, 8, 9)", () => {
  it("appears 2 seconds after the app is installed from this page, and is marked shown", async () => {
    fakePushBrowser();
    await renderPrompt();
    await waitPromptDelay();
    expect(card()).toBeNull();

    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    await waitPromptDelay(PUSH_PROMPT_DELAY_MS - 100);
    expect(card()).toBeNull();
    // The card's code loads when the app is installed: allow for that, then it is there.
    await waitPromptDelay();
    expect(card()).not.toBeNull();
    expect(within(card()!).getByRole("button", { name: "Enable" })).toBeTruthy();
    expect(window.localStorage.getItem(POST_INSTALL_PUSH_PROMPT_SHOWN_KEY)).toBe("true");
  });

  it("appears when the installed app opens", async () => {
    fakePushBrowser();
    runAsInstalledApp();
    await renderPrompt();
    await waitPromptDelay();
    expect(card()).not.toBeNull();
  });

  const hidden: {
    when: string;
    browser?: Parameters<typeof fakePushBrowser>[0];
    installed?: boolean;
    flag?: string;
    guest?: boolean;
  }[] = [
    { when: "in a browser tab (not installed)", installed: false },
    { when: "when notifications are blocked", browser: { permission: "denied" } },
    { when: "after Later", flag: PUSH_PROMPT_DISMISSED_KEY },
    { when: "once shown before", flag: POST_INSTALL_PUSH_PROMPT_SHOWN_KEY },
    { when: "to a browser already subscribed", browser: { subscribed: true } },
    { when: "to guests", guest: true },
  ];
  it.each(hidden)("is not shown $when", async ({ browser, installed = true, flag, guest = false }) => {
    fakePushBrowser(browser);
    if (installed) runAsInstalledApp();
    if (flag) window.localStorage.setItem(flag, "true");
    await renderPrompt(guest ? null : makeUser());
    await waitPromptDelay(PUSH_PROMPT_DELAY_MS * 2);
    expect(card()).toBeNull();
    expect(window.localStorage.getItem(POST_INSTALL_PUSH_PROMPT_SHOWN_KEY) === "true").toBe(
      flag === POST_INSTALL_PUSH_PROMPT_SHOWN_KEY,
    );
  });

  it("Later hides it for good", async () => {
    fakePushBrowser();
    runAsInstalledApp();
    const { fetchMock } = await renderPrompt();
    await waitPromptDelay();
    fireEvent.click(within(card()!).getByRole("button", { name: "Later" }));
    expect(card()).toBeNull();
    expect(window.localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY)).toBe("true");
    expect(calls(fetchMock, "/api/push/subscribe")).toEqual([]);
  });

  it("Enable subscribes this browser with the server's key and saves the subscription", async () => {
    const browser = fakePushBrowser();
    runAsInstalledApp();
    const { fetchMock } = await renderPrompt();
    await waitPromptDelay();
    fireEvent.click(within(card()!).getByRole("button", { name: "Enable" }));
    await waitFor(() => expect(card()).toBeNull());
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    const [saved] = calls(fetchMock, "/api/push/subscribe");
    expect(saved.subscription.endpoint).toBe(TEST_ENDPOINT);
    expect(saved.userAgent).toBe(navigator.userAgent);
    expect(toasts()).toContain("Push notifications are on.");
  });

  it("offers email notifications when the permission is denied, and saves that choice", async () => {
    fakePushBrowser({ answer: "denied" });
    runAsInstalledApp();
    const { fetchMock } = await renderPrompt(
      makeUser({ emailNotifications: false, pushNotifications: false }),
    );
    await waitPromptDelay();
    fireEvent.click(within(card()!).getByRole("button", { name: "Enable" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Get updates by email instead?" });
    expect(window.localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY)).toBe("true");
    expect(card()).toBeNull();
    const enableEmail = within(confirm).getByRole("button", { name: "Enable email notifications" });
    // An offer, not a destructive action: no danger red on it.
    expect(enableEmail.className).not.toMatch(/\bbg-red-/);
    fireEvent.click(enableEmail);
    await waitFor(() =>
      expect(toasts()).toContain("Email notifications enabled! You'll receive important updates via email."),
    );
    expect(calls(fetchMock, "/api/user/messaging-preferences")).toEqual([
      { emailNotifications: true, pushNotifications: false },
    ]);
    expect(calls(fetchMock, "/api/push/subscribe")).toEqual([]);
  });

  it("says so when this browser has no push", async () => {
    fakePushBrowser();
    vi.stubGlobal("PushManager", undefined);
    delete (window as { PushManager?: unknown }).PushManager;
    runAsInstalledApp();
    await renderPrompt();
    await waitPromptDelay();
    fireEvent.click(within(card()!).getByRole("button", { name: "Enable" }));
    await waitFor(() => expect(toasts()).toContain("Push notifications are not supported in this browser"));
  });

  it.each([
    ["the push service refuses", { subscribeFails: true }, false],
    ["the server cannot save it", {}, true],
  ])("says setting up failed when %s", async (_case, browser, serverFails) => {
    fakePushBrowser(browser);
    runAsInstalledApp();
    await renderPrompt(makeUser(), serverFails);
    await waitPromptDelay();
    fireEvent.click(within(card()!).getByRole("button", { name: "Enable" }));
    await waitFor(() =>
      expect(toasts()).toContain(
        "Failed to set up push notifications. You can try again later in your account settings.",
      ),
    );
    expect(card()).toBeNull();
  });
});

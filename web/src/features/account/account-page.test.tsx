import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "../../../../contract/accounts";
import { initI18n } from "../../lib/i18n";
import { ToastProbe } from "../../test-helpers";
import {
  type FetchCall,
  fakeServer,
  renderPage,
  testUser,
  USERNAME_TAKEN_MESSAGE,
  usernameTaken,
} from "../auth/test-utils";
import { disablePush, enablePush } from "../push/push-client";
import AccountPage from "./AccountPage";

// The browser's side of push (permission, subscription) is push-client's; here only its answers matter.
vi.mock("../push/push-client", () => ({
  currentSubscription: vi.fn(async () => null),
  enablePush: vi.fn(),
  disablePush: vi.fn(async () => undefined),
}));

beforeAll(() => {
  initI18n("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** GET /api/reminders for an account that never set one. */
const noReminders = {
  status: 200,
  body: {
    reminders: [{ kind: "dream-recall", enabled: false, localTime: "07:30", nextDueAt: null }],
    quietHours: null,
    timezone: "Europe/Madrid",
  },
};

/** A signed-in session for `user`; `handler` answers the rest. */
function signedIn(
  user: PublicUser,
  handler: (call: FetchCall) => { status: number; body: unknown } | undefined,
) {
  return fakeServer((call) => {
    if (call.method === "GET" && call.url === "/api/user") return { status: 200, body: user };
    return handler(call) ?? (call.url === "/api/reminders" ? noReminders : undefined);
  });
}

const renderAccount = () => renderPage(<AccountPage />, { path: "/account", outside: <ToastProbe /> });
/** The profile card: the password card has a "Current password" field of its own. */
const profileCard = async () => within(await screen.findByRole("region", { name: "Profile" }));

describe("AccountPage", () => {
  it("saves only the changed profile fields and shows the answer", async () => {
    const user = testUser();
    const calls = signedIn(user, ({ method, url, body }) =>
      method === "PATCH" && url === "/api/user"
        ? { status: 200, body: { ...user, ...(body as object), emailVerified: false } }
        : undefined,
    );
    const ui = userEvent.setup();
    renderAccount();
    const email = await screen.findByLabelText("Email");
    await ui.clear(email);
    await ui.type(email, "luna.new@example.com");
    await ui.type((await profileCard()).getByLabelText("Current password"), "moonlit garden 42");
    await ui.click(screen.getByRole("button", { name: "Save profile" }));

    await waitFor(() =>
      expect(screen.getByTestId("toasts").textContent).toBe(
        "Saved: Your profile has been updated. We sent a verification link to luna.new@example.com and let your previous address know.",
      ),
    );
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      email: "luna.new@example.com",
      currentPassword: "moonlit garden 42",
    });
  });

  it("asks for the current password only when the email changes, and shows the server's refusal on it", async () => {
    const calls = signedIn(testUser(), ({ method }) =>
      method === "PATCH"
        ? {
            status: 422,
            body: {
              success: false,
              code: "VALIDATION",
              message: "The password is incorrect",
              errors: [{ path: "currentPassword", message: "The password is incorrect" }],
            },
          }
        : undefined,
    );
    const ui = userEvent.setup();
    renderAccount();
    const profile = await profileCard();
    const email = profile.getByLabelText("Email");
    expect(profile.queryByLabelText("Current password")).toBeNull();
    await ui.clear(email);
    await ui.type(email, "luna.new@example.com");
    const current = profile.getByLabelText("Current password");

    await ui.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(current.getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(current);
    expect(profile.getByText("Enter your current password to change your email address")).toBeTruthy();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    await ui.type(current, "a wrong guess");
    await ui.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(profile.getByText("The password is incorrect")).toBeTruthy());
    expect(current.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-invalid")).not.toBe("true");

    // Back to the stored address: nothing to confirm.
    await ui.clear(email);
    await ui.type(email, "LUNA@example.com");
    expect(profile.queryByLabelText("Current password")).toBeNull();
  });

  it("sends an account without a password to sign in again with the provider when its session is too old", async () => {
    const user = testUser({ hasPassword: false });
    signedIn(user, ({ method, url }) => {
      if (url === "/api/auth/providers") return { status: 200, body: { oidc: { name: "Auth0" } } };
      return method === "PATCH"
        ? {
            status: 403,
            body: {
              success: false,
              code: "FORBIDDEN",
              message:
                "Please confirm it is you first: sign in again with Auth0, then make the change within 10 minutes.",
            },
          }
        : undefined;
    });
    const ui = userEvent.setup();
    renderAccount();
    const email = await screen.findByLabelText("Email");
    await ui.clear(email);
    await ui.type(email, "luna.new@example.com");
    expect((await profileCard()).queryByLabelText("Current password")).toBeNull();
    expect(
      await screen.findByText(
        "Changing your email address needs a sign-in with Auth0 in the last 10 minutes. If yours is older, we will ask you to sign in again.",
      ),
    ).toBeTruthy();

    await ui.click(screen.getByRole("button", { name: "Save profile" }));
    const again = await screen.findByRole("link", { name: "Sign in again with Auth0" });
    expect(again.getAttribute("href")).toBe(
      `/auth?returnTo=${encodeURIComponent("/account?email=luna.new%40example.com")}`,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "Please confirm it is you first: sign in again with Auth0, then make the change within 10 minutes.",
    );
  });

  it("comes back from that sign-in with the new address filled in", async () => {
    signedIn(testUser({ hasPassword: false }), () => undefined);
    renderPage(<AccountPage />, { path: "/account?email=luna.new%40example.com", outside: <ToastProbe /> });
    expect(((await screen.findByLabelText("Email")) as HTMLInputElement).value).toBe("luna.new@example.com");
  });

  it("shows a conflict next to the field and the spec's failure toast", async () => {
    signedIn(testUser(), ({ method }) => (method === "PATCH" ? usernameTaken : undefined));
    const ui = userEvent.setup();
    renderAccount();
    const username = await screen.findByLabelText("Username");
    await ui.clear(username);
    await ui.type(username, "taken");
    await ui.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(username.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByRole("alert").textContent).toBe(USERNAME_TAKEN_MESSAGE);
    expect(screen.getByTestId("toasts").textContent).toBe(
      "Error: Failed to update profile. Please try again.",
    );
  });

  it("stores a flipped notification switch together with the other one", async () => {
    const calls = signedIn(testUser(), ({ url }) =>
      url === "/api/user/messaging-preferences"
        ? {
            status: 200,
            body: {
              success: true,
              message: "saved",
              emailNotifications: false,
              pushNotifications: false,
              messagingOptIn: false,
            },
          }
        : undefined,
    );
    const ui = userEvent.setup();
    renderAccount();
    const emailSwitch = await screen.findByRole("switch", { name: "Email notifications" });
    expect(emailSwitch.getAttribute("aria-checked")).toBe("true");
    await ui.click(emailSwitch);
    await waitFor(() =>
      expect(calls.find((call) => call.url === "/api/user/messaging-preferences")?.body).toEqual({
        emailNotifications: false,
        pushNotifications: false,
      }),
    );
    expect(emailSwitch.getAttribute("aria-checked")).toBe("false");
  });

  describe("the push switch", () => {
    const savedPreferences = {
      status: 200,
      body: { success: true, message: "saved", emailNotifications: true, pushNotifications: true },
    };
    const preferenceWrites = (calls: FetchCall[]) =>
      calls.filter((call) => call.url === "/api/user/messaging-preferences").map((call) => call.body);

    it("subscribes this browser first, then saves push on with email", async () => {
      vi.mocked(enablePush).mockResolvedValue("subscribed");
      const calls = signedIn(testUser(), ({ url }) =>
        url === "/api/user/messaging-preferences" ? savedPreferences : undefined,
      );
      const ui = userEvent.setup();
      renderAccount();
      const pushSwitch = await screen.findByRole("switch", { name: "Push notifications" });
      await ui.click(pushSwitch);
      await waitFor(() =>
        expect(preferenceWrites(calls)).toEqual([{ emailNotifications: true, pushNotifications: true }]),
      );
      expect(enablePush).toHaveBeenCalledOnce();
      expect(pushSwitch.getAttribute("aria-checked")).toBe("true");
      expect(await screen.findByText("Your notification preferences have been saved.")).toBeTruthy();
    });

    it.each([
      [
        "denied",
        "Notifications are blocked for this site. Allow them in your browser settings, then try again.",
      ],
      ["unsupported", "Push notifications are not supported in this browser"],
      ["failed", "Failed to set up push notifications. You can try again later in your account settings."],
    ] as const)("stays off and says so when the browser answers %s", async (outcome, message) => {
      vi.mocked(enablePush).mockResolvedValue(outcome);
      const calls = signedIn(testUser(), () => undefined);
      const ui = userEvent.setup();
      renderAccount();
      const pushSwitch = await screen.findByRole("switch", { name: "Push notifications" });
      await ui.click(pushSwitch);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.getByText(message).closest("[role=alert]")).toBeTruthy();
      expect(pushSwitch.getAttribute("aria-checked")).toBe("false");
      expect(preferenceWrites(calls)).toEqual([]);
    });

    it("unsubscribes this browser and saves push off", async () => {
      const calls = signedIn(testUser({ pushNotifications: true }), ({ url }) =>
        url === "/api/user/messaging-preferences" ? savedPreferences : undefined,
      );
      const ui = userEvent.setup();
      renderAccount();
      const pushSwitch = await screen.findByRole("switch", { name: "Push notifications" });
      expect(pushSwitch.getAttribute("aria-checked")).toBe("true");
      await ui.click(pushSwitch);
      await waitFor(() =>
        expect(preferenceWrites(calls)).toEqual([{ emailNotifications: true, pushNotifications: false }]),
      );
      expect(disablePush).toHaveBeenCalledOnce();
      expect(enablePush).not.toHaveBeenCalled();
      expect(pushSwitch.getAttribute("aria-checked")).toBe("false");
    });
  });

  it("asks for the password before deleting the account, then goes home", async () => {
    const calls = signedIn(testUser(), ({ method, url, body }) => {
      if (method !== "DELETE" || url !== "/api/user") return undefined;
      return (body as { password?: string }).password === "moonlit garden 42"
        ? { status: 200, body: { success: true, message: "deleted" } }
        : {
            status: 422,
            body: {
              success: false,
              code: "VALIDATION",
              message: "The password is incorrect",
              errors: [{ path: "password", message: "The password is incorrect" }],
            },
          };
    });
    const ui = userEvent.setup();
    const { location } = renderAccount();
    await ui.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete your account?" });
    const password = within(dialog).getByLabelText("Enter your password to confirm");
    await ui.type(password, "guess");
    await ui.click(within(dialog).getByRole("button", { name: "Delete permanently" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe("The password is incorrect"),
    );

    await ui.clear(password);
    await ui.type(password, "moonlit garden 42");
    await ui.click(within(dialog).getByRole("button", { name: "Delete permanently" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/"));
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(2);
    expect(screen.getByTestId("toasts").textContent).toBe(
      "Account deleted: Your account and all its data have been deleted.",
    );
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { REFERRAL_STORAGE_KEYS } from "../../../../contract/referral-constants";
import { initI18n } from "../../lib/i18n";
import { describedText, isolateEachTest } from "../../test-helpers";
import LoginPage from "./LoginPage";
import SignupPage from "./SignupPage";
import { fakeServer, renderPage, testUser, USERNAME_TAKEN_MESSAGE, usernameTaken } from "./test-utils";
import VerificationRequiredPage from "./VerificationRequiredPage";

beforeAll(() => {
  initI18n("en");
});
isolateEachTest();

describe("LoginPage", () => {
  it("says which field is missing, in the spec's words, without calling the server", async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: "/login" });
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    const username = screen.getByLabelText("Username or email");
    const password = screen.getByLabelText("Password");
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts).toEqual(["Username is required", "Password is required"]);
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(username)).toContain("Username is required");
    expect(describedText(password)).toContain("Password is required");
    expect(document.activeElement).toBe(username);

    await user.type(username, "luna");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual(["Password is required"]);
    expect(username.getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(password);
    expect(calls.filter((call) => call.url === "/api/login")).toHaveLength(0);
  });

  it("signs in and goes to /dream-input", async () => {
    const user = testUser();
    const calls = fakeServer(({ method, url }) =>
      method === "POST" && url === "/api/login"
        ? { status: 200, body: { success: true, id: user.id, message: "Login successful", user } }
        : undefined,
    );
    const ui = userEvent.setup();
    const { location } = renderPage(<LoginPage />, { path: "/login" });
    await ui.type(screen.getByLabelText("Username or email"), "  luna ");
    await ui.type(screen.getByLabelText("Password"), "moonlit garden 42");
    await ui.click(screen.getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(location.history.at(-1)).toBe("/dream-input"));
    expect(calls.find((call) => call.url === "/api/login")).toMatchObject({
      method: "POST",
      body: { username: "luna", password: "moonlit garden 42" },
    });
  });

  it("shows the server's refusal next to the form and stays on the page", async () => {
    fakeServer(({ url }) =>
      url === "/api/login"
        ? {
            status: 401,
            body: { success: false, code: "UNAUTHORIZED", message: "Invalid username or password" },
          }
        : undefined,
    );
    const ui = userEvent.setup();
    const { location } = renderPage(<LoginPage />, { path: "/login" });
    await ui.type(screen.getByLabelText("Username or email"), "luna");
    await ui.type(screen.getByLabelText("Password"), "wrong password");
    await ui.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid username or password");
    expect(location.history).toEqual(["/login"]);
    expect((screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("disables the button while signing in", async () => {
    let release: (value: Response) => void = () => {};
    const user = testUser();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/login") return new Promise<Response>((resolve) => (release = resolve));
        return new Response(JSON.stringify({ success: false, code: "UNAUTHORIZED", message: "x" }), {
          status: 401,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    const ui = userEvent.setup();
    renderPage(<LoginPage />, { path: "/login" });
    await ui.type(screen.getByLabelText("Username or email"), "luna");
    await ui.type(screen.getByLabelText("Password"), "moonlit garden 42");
    await ui.click(screen.getByRole("button", { name: "Sign in" }));
    const pending = await screen.findByRole("button", { name: "Signing in..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    release(
      new Response(JSON.stringify({ success: true, id: user.id, message: "ok", user }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: "Signing in..." })).toBeNull());
  });

  it("explains an OIDC failure from ?error= and offers the configured provider", async () => {
    fakeServer(({ url }) =>
      url === "/api/auth/providers" ? { status: 200, body: { oidc: { name: "Auth0" } } } : undefined,
    );
    renderPage(<LoginPage />, { path: "/login?error=oidc_email_unverified" });
    expect(screen.getByRole("alert").textContent).toMatch(/not verified, so it cannot be linked/);
    const provider = await screen.findByRole("link", { name: "Continue with Auth0" });
    expect(provider.getAttribute("href")).toBe("/auth");
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/signup");
  });

  it("renders one h1 in a section, not a main", () => {
    fakeServer();
    const { container } = renderPage(<LoginPage />, { path: "/login" });
    expect(container.querySelectorAll("h1")).toHaveLength(1);
    expect(container.querySelector("main")).toBeNull();
    expect(container.querySelector("section h1")?.textContent).toBe("Sign in");
  });
});

describe("SignupPage", () => {
  const fill = async (ui: ReturnType<typeof userEvent.setup>, email = "new.dreamer@example.com") => {
    await ui.type(screen.getByLabelText("Username"), "dreamer");
    await ui.type(screen.getByLabelText("Email"), email);
    await ui.type(screen.getByLabelText("Password"), "moonlit garden 42");
  };

  it("goes to /verification-required/{email} when the account needs verification", async () => {
    const calls = fakeServer(({ url }) =>
      url === "/api/signup"
        ? {
            status: 201,
            body: {
              success: true,
              message: "Account created.",
              user: testUser({ username: "dreamer", emailVerified: false }),
              requiresVerification: true,
              verificationEmailSent: true,
              nextStep: "EMAIL_VERIFICATION",
            },
          }
        : undefined,
    );
    const ui = userEvent.setup();
    const { location } = renderPage(<SignupPage />, { path: "/signup?ref=FRIEND42" });
    expect((screen.getByLabelText(/Referral code/) as HTMLInputElement).value).toBe("FRIEND42");
    await fill(ui, "new+dreams@example.com");
    await ui.click(screen.getByRole("button", { name: "Create account" }));

    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        `/verification-required/${encodeURIComponent("new+dreams@example.com")}`,
      ),
    );
    expect(calls.find((call) => call.url === "/api/signup")?.body).toMatchObject({
      username: "dreamer",
      email: "new+dreams@example.com",
      password: "moonlit garden 42",
      referralCode: "FRIEND42",
      language: "en",
    });
  });

  it("prefills the referral code kept in localStorage", () => {
    fakeServer();
    window.localStorage.setItem(REFERRAL_STORAGE_KEYS.code, "STORED77");
    renderPage(<SignupPage />, { path: "/signup" });
    expect((screen.getByLabelText(/Referral code/) as HTMLInputElement).value).toBe("STORED77");
  });

  it("shows the server's field errors next to their fields", async () => {
    fakeServer(({ url }) => (url === "/api/signup" ? usernameTaken : undefined));
    const ui = userEvent.setup();
    const { location } = renderPage(<SignupPage />, { path: "/signup" });
    await fill(ui);
    await ui.click(screen.getByRole("button", { name: "Create account" }));

    const username = screen.getByLabelText("Username");
    await waitFor(() => expect(username.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(username)).toContain(USERNAME_TAKEN_MESSAGE);
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([USERNAME_TAKEN_MESSAGE]);
    expect(document.activeElement).toBe(username);
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
    expect(location.history).toEqual(["/signup"]);
  });

  it("places a 422 on the password field and shows unplaceable errors above the button", async () => {
    let answer = {
      status: 422,
      body: {
        success: false,
        code: "VALIDATION",
        message: "That password is too common. Please choose a less predictable one.",
        errors: [
          { path: "password", message: "That password is too common. Please choose a less predictable one." },
        ],
      } as Record<string, unknown>,
    };
    fakeServer(({ url }) => (url === "/api/signup" ? answer : undefined));
    const ui = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });
    await fill(ui);
    await ui.click(screen.getByRole("button", { name: "Create account" }));
    const password = screen.getByLabelText("Password");
    await waitFor(() => expect(describedText(password)).toContain("too common"));

    answer = {
      status: 429,
      body: {
        success: false,
        code: "TOO_MANY_REQUESTS",
        message: "Too many requests. Please wait a moment.",
      },
    };
    await ui.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
        "Too many requests. Please wait a moment.",
      ]),
    );
  });

  it("checks the password rule before sending", async () => {
    const calls = fakeServer();
    const ui = userEvent.setup();
    renderPage(<SignupPage />, { path: "/signup" });
    await ui.type(screen.getByLabelText("Username"), "dreamer");
    await ui.type(screen.getByLabelText("Email"), "dreamer@example.com");
    const password = screen.getByLabelText("Password");
    await ui.type(password, "short");
    expect(describedText(password)).toContain("Use 8 to 128 characters");
    expect(describedText(password)).toContain("Password strength: too short");
    await ui.click(screen.getByRole("button", { name: "Create account" }));
    expect(describedText(password)).toContain("Password must be at least 8 characters");
    expect(calls.filter((call) => call.url === "/api/signup")).toHaveLength(0);
  });
});

describe("VerificationRequiredPage", () => {
  it("shows the address and confirms a resend for 3 seconds", async () => {
    const calls = fakeServer(({ url }) =>
      url === "/api/email-verification/resend"
        ? { status: 200, body: { success: true, message: "If an unverified account exists…" } }
        : undefined,
    );
    const ui = userEvent.setup();
    renderPage(<VerificationRequiredPage />, {
      path: `/verification-required/${encodeURIComponent("new+dreams@example.com")}`,
      route: "/verification-required/:email?",
    });
    expect(screen.getByText("new+dreams@example.com")).toBeTruthy();
    await ui.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Verification email sent! Check your inbox.",
    );
    expect(calls.find((call) => call.url === "/api/email-verification/resend")?.body).toEqual({
      email: "new+dreams@example.com",
    });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(""), { timeout: 4000 });
  });
});

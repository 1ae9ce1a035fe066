import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { useToasts } from "../../components/ui/toast-store";
import { initI18n } from "../../lib/i18n";
import { AppRoutes } from "../../routes";
import { AuthProvider } from "./auth-context";
import { AUTH_EVENT_LOG_MAX, authEvents, clearAuthEvents, recordAuthEvent } from "./auth-events";
import { loginPathFor, returnToFrom, safeReturnTo } from "./return-to";
import { fakeServer, testUser } from "./test-utils";

beforeAll(() => {
  initI18n("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuthEvents();
});

function OpenToasts() {
  const open = useToasts().filter((item) => item.open);
  return <output data-testid="toasts">{open.map((item) => item.title).join("|")}</output>;
}

function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AuthProvider>
          <AppRoutes />
          <OpenToasts />
        </AuthProvider>
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe("after signing in, the page the guest asked for", () => {
  it("takes a guest from /journal to /login and back to /journal, and the failed attempt's toast goes", async () => {
    let attempts = 0;
    const calls = fakeServer(({ url, body }) => {
      if (url !== "/api/login") return undefined;
      attempts += 1;
      return (body as { password: string }).password === "right password"
        ? { status: 200, body: { success: true, id: 7, message: "Welcome back", user: testUser() } }
        : { status: 401, body: { success: false, code: "UNAUTHORIZED", message: "Invalid credentials" } };
    });
    const location = renderApp("/journal?view=list");
    await waitFor(() => expect(location.history.at(-1)).toBe("/login?returnTo=%2Fjournal%3Fview%3Dlist"));

    const ui = userEvent.setup();
    // The login page's code loads on demand.
    await ui.type(await screen.findByLabelText("Username or email", {}, { timeout: 5000 }), "luna");
    await ui.type(screen.getByLabelText("Password"), "wrong password");
    await ui.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByTestId("toasts").textContent).toBe("Login Failed"));

    await ui.clear(screen.getByLabelText("Password"));
    await ui.type(screen.getByLabelText("Password"), "right password");
    await ui.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/journal?view=list"));
    expect(screen.getByTestId("toasts").textContent).toBe("");
    expect(attempts).toBe(2);
    expect(location.history).not.toContain("/dream-input");

    // The auth event log names what happened, never the password typed.
    // The session check first (the test setup sets the hint cookie; the server answered 401).
    expect(authEvents().map(({ type, userId }) => [type, userId])).toEqual([
      ["session_check", undefined],
      ["login_failed", undefined],
      ["login", 7],
    ]);
    expect(JSON.stringify(authEvents())).not.toMatch(/password|luna/);
    expect(calls.filter((call) => call.url === "/api/login")).toHaveLength(2);
  });

  it("goes to /dream-input when nothing was asked for", async () => {
    fakeServer(({ url }) =>
      url === "/api/login"
        ? { status: 200, body: { success: true, id: 7, message: "Welcome back", user: testUser() } }
        : undefined,
    );
    const location = renderApp("/login");
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText("Username or email", {}, { timeout: 5000 }), "luna");
    await ui.type(screen.getByLabelText("Password"), "right password");
    await ui.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/dream-input"));
  });

  it("never leaves the site: only same-origin relative paths are followed (no open redirect)", () => {
    for (const hostile of [
      "//evil.example/journal",
      "/\\evil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "journal",
      "/login?returnTo=/journal",
      "",
    ]) {
      expect(safeReturnTo(hostile), hostile).toBeNull();
      expect(returnToFrom(`?returnTo=${encodeURIComponent(hostile)}`), hostile).toBe("/dream-input");
    }
    expect(returnToFrom("returnTo=%2Fjournal%3Fq%3Dsea")).toBe("/journal?q=sea");
    expect(loginPathFor("//evil.example")).toBe("/login");
    expect(loginPathFor("/account")).toBe("/login?returnTo=%2Faccount");
  });
});

describe("auth event log (spec section 9)", () => {
  it("keeps the newest 100 events", () => {
    for (let id = 1; id <= AUTH_EVENT_LOG_MAX + 5; id += 1) recordAuthEvent("session_check", { userId: id });
    const events = authEvents();
    expect(events).toHaveLength(AUTH_EVENT_LOG_MAX);
    expect(events[0]?.userId).toBe(6);
    expect(events.at(-1)?.userId).toBe(AUTH_EVENT_LOG_MAX + 5);
  });
});

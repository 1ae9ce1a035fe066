import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../lib/i18n";
import { createQueryClient } from "../../lib/query-client";
import { AuthProvider, useAuth } from "./auth-context";

function Probe() {
  const { user, isLoading } = useAuth();
  return <p>{isLoading ? "loading" : (user?.username ?? "guest")}</p>;
}

describe("session check", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("skips the request for a browser without the session hint cookie", async () => {
    initI18n("en");
    document.cookie = "chitta_auth_hint=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText("guest")).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  function renderProbe() {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
  }

  const ada = { id: 7, username: "ada", email: "ada@example.com" };
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  it("opens with the last confirmed user when the server cannot be reached, and the server wins when it answers", async () => {
    initI18n("en");
    window.localStorage.clear();
    document.cookie = "chitta_auth_hint=1; path=/";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, ada)),
    );
    const first = renderProbe();
    await waitFor(() => expect(screen.getByText("ada")).toBeTruthy());
    first.unmount();

    // Offline: fetch itself fails, no HTTP answer.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const offline = renderProbe();
    await waitFor(() => expect(screen.getByText("ada")).toBeTruthy());
    offline.unmount();

    // The server says the session is over: no stale user, even with the copy stored before.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(401, { success: false, message: "x", code: "UNAUTHORIZED" })),
    );
    const expired = renderProbe();
    await waitFor(() => expect(screen.getByText("guest")).toBeTruthy());
    expired.unmount();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderProbe();
    await waitFor(() => expect(screen.queryByText("loading")).toBeNull());
    expect(screen.queryByText("ada")).toBeNull();
    document.cookie = "chitta_auth_hint=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });
});

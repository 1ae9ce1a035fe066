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
});

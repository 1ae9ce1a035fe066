/** Shared test setup for the app frame: providers, a memory location and a stubbed /api. Tests only. */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { PublicUser } from "../../../../contract/accounts";
import { USER_QUERY_KEY } from "../../features/auth/api";
import { AuthProvider } from "../../features/auth/auth-context";
import { initI18n } from "../../lib/i18n";
import { createQueryClient } from "../../lib/query-client";

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const base = {
    id: 7,
    username: "dreamer",
    email: "dreamer@example.com",
    createdAt: "2025-01-01T00:00:00.000Z",
    emailVerified: true,
    accountStatus: "active",
    authProvider: "local",
    hasPassword: true,
    pictureUrl: null,
    language: "en",
    timezone: "UTC",
    isAdmin: false,
    isPremium: false,
    subscriptionTier: "free",
    hasUnlimitedAccess: false,
    translationsUsed: 0,
    translationsLimit: 3,
    oracleUsed: 0,
    oracleLimit: 1,
    dreamInterpretationsCount: 0,
    totalDreamSymbolsFound: 0,
    messagingOptIn: true,
    emailNotifications: true,
    pushNotifications: false,
    referralCode: "DREAMER1",
    affiliateStatus: "inactive",
    welcomeSeen: false,
    tutorialSeen: false,
  };
  return { ...base, ...overrides } as PublicUser;
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

/** fetch answers /api/user with the given user (or 401), then anything `handler` answers, else 404. */
export function stubApi(user: PublicUser | null, handler?: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const custom = await handler?.(url, init);
    if (custom) return custom;
    if (url.startsWith("/api/user")) {
      return user
        ? jsonResponse(user)
        : jsonResponse({ success: false, message: "Not signed in", code: "UNAUTHORIZED" }, 401);
    }
    return jsonResponse({ success: false, message: "Not found", code: "NOT_FOUND" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function renderWithApp(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  initI18n("en");
  const memory = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <AuthProvider>{ui}</AuthProvider>
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, memory, queryClient };
}

/** Resolves once the session check (/api/user) has answered. */
export async function waitForSession(queryClient: QueryClient) {
  await waitFor(() => {
    if (queryClient.getQueryState(USER_QUERY_KEY)?.status === "pending") throw new Error("session pending");
  });
}

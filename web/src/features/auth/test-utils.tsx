import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { PublicUser } from "../../../../contract/accounts";
import { makeUser } from "../../components/layout/test-helpers";
import { AuthProvider } from "./auth-context";

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: FetchCall) => { status: number; body: unknown } | undefined;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * Stubs global fetch with a tiny fake server: `handler` answers what it knows; the session check answers
 * 401 (signed out) and the providers list "none" unless the handler says otherwise. Returns the calls seen.
 */
export function fakeServer(handler: Handler = () => undefined) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const call: FetchCall = {
        method: init?.method ?? "GET",
        url,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = handler(call);
      if (answer) return json(answer.status, answer.body);
      if (url.startsWith("/api/user")) {
        return json(401, { success: false, code: "UNAUTHORIZED", message: "Authentication required" });
      }
      if (url.startsWith("/api/auth/providers")) return json(200, { oidc: null });
      return json(404, { success: false, code: "NOT_FOUND", message: `No fake for ${call.method} ${url}` });
    }),
  );
  return calls;
}

/**
 * Renders a page the way the app does (query client, auth, router) at `path`, on an in-memory location;
 * `outside` renders beside the routes (e.g. a toast probe that must survive navigation).
 */
export function renderPage(
  page: ReactNode,
  { path, route, outside }: { path: string; route?: string; outside?: ReactNode },
) {
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 300_000 }, mutations: { retry: false } },
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AuthProvider>
          <Switch>
            <Route path={route ?? path.split("?")[0]!}>{page}</Route>
          </Switch>
          {outside}
        </AuthProvider>
      </Router>
    </QueryClientProvider>,
  );
  return { ...utils, location, queryClient };
}

/** A signed-in user as GET /api/user answers it (the app frame's fixture, with this suite's names). */
export function testUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return makeUser({
    username: "luna",
    email: "luna@example.com",
    timezone: "Europe/Madrid",
    referralCode: "ABCD2345",
    ...overrides,
  });
}

export const USERNAME_TAKEN_MESSAGE = "That username is already taken";
/** The server's 409 for a username already in use, with the field it concerns. */
export const usernameTaken = {
  status: 409,
  body: {
    success: false,
    code: "CONFLICT",
    message: USERNAME_TAKEN_MESSAGE,
    errors: [{ path: "username", message: USERNAME_TAKEN_MESSAGE }],
  },
};

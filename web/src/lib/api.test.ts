import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiRequest,
  clearNetworkIssues,
  FORCE_CUSTOM_DOMAIN_KEY,
  getQueryFn,
  NETWORK_ISSUE_LOG_MAX,
  networkIssues,
  readResponse,
  syncCustomDomainFlag,
} from "./api";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const text = (body: string, status = 200, type = "text/html") =>
  new Response(body, {
    status,
    statusText: status === 503 ? "Service Unavailable" : "",
    headers: { "content-type": type },
  });

describe("readResponse (spec section 7)", () => {
  it("unwraps data when the body says success with data, else returns the whole body", async () => {
    expect(await readResponse(json({ success: true, data: [1, 2] }), "/api/dreams")).toEqual([1, 2]);
    expect(await readResponse(json({ id: 7, name: "x" }), "/api/user")).toEqual({ id: 7, name: "x" });
  });

  it("returns the JSON body as is for auth, login and logout URLs, or success true when not JSON", async () => {
    expect(await readResponse(json({ success: true, data: 1, id: 3 }), "/api/login")).toEqual({
      success: true,
      data: 1,
      id: 3,
    });
    expect(await readResponse(text("<html>ok</html>"), "/api/auth/logout")).toEqual({ success: true });
  });

  it("rejects an HTML page where JSON was expected", async () => {
    await expect(readResponse(text("<!doctype html><html></html>"), "/api/dreams")).rejects.toMatchObject({
      success: false,
      message: "Invalid response format from server. Please try again later.",
    });
  });

  it("throws the server's own error body as is", async () => {
    const body = { success: false, message: "That username is already taken", code: "CONFLICT" };
    await expect(readResponse(json(body, 409), "/api/signup")).rejects.toMatchObject(body);
  });

  it("builds an error from other error bodies: message, code from status, details", async () => {
    await expect(readResponse(json({ message: "Nope" }, 403), "/api/x")).rejects.toEqual({
      success: false,
      message: "Nope",
      code: "FORBIDDEN",
      status: 403,
      details: { message: "Nope" },
    });
    await expect(readResponse(json({ error: "x" }, 418), "/api/x")).rejects.toMatchObject({
      message: "An error occurred",
      code: "INTERNAL",
    });
    await expect(readResponse(json({}, 422), "/api/x")).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(readResponse(json({}, 502), "/api/x")).rejects.toMatchObject({ code: "EXTERNAL" });
  });

  it("uses the text of a non-JSON error, replacing HTML with a readable message", async () => {
    await expect(readResponse(text("upstream timed out", 504, "text/plain"), "/api/x")).rejects.toMatchObject(
      {
        message: "upstream timed out",
        code: "INTERNAL",
      },
    );
    await expect(
      readResponse(text("<html><body>502 Bad Gateway</body></html>", 502), "/api/x"),
    ).rejects.toMatchObject({
      message: "Server returned HTML instead of JSON. Please try again later.",
      code: "EXTERNAL",
    });
  });

  it("reports unparseable JSON as INTERNAL", async () => {
    await expect(readResponse(text("{nope", 200, "application/json"), "/api/x")).rejects.toMatchObject({
      message: "Failed to parse response as JSON",
      code: "INTERNAL",
    });
  });
});

describe("network wrapper: HTML or invalid JSON in /api/ answers (spec sections 7-9)", () => {
  beforeEach(() => clearNetworkIssues());

  const kinds = () =>
    networkIssues().map(({ kind, url, status, repaired }) => ({ kind, url, status, repaired }));

  it("answers 'Server error detected' for an HTML page labelled JSON, and logs each kind of problem", async () => {
    await expect(
      readResponse(
        text("<!DOCTYPE html><html><body>Bad gateway</body></html>", 502, "application/json"),
        "/api/x",
      ),
    ).rejects.toEqual({ success: false, message: "Server error detected", code: "EXTERNAL", status: 502 });
    await expect(
      readResponse(text("<html>maintenance</html>", 503), "/api/dreams?q=secret"),
    ).rejects.toMatchObject({
      message: "Server returned HTML instead of JSON. Please try again later.",
    });
    await expect(readResponse(text("{nope", 200, "application/json"), "/api/y")).rejects.toMatchObject({
      message: "Failed to parse response as JSON",
    });
    expect(kinds()).toEqual([
      { kind: "html_in_json", url: "/api/x", status: 502, repaired: false },
      // The query string (which may hold a token or a search) is not kept.
      { kind: "server_error_page", url: "/api/dreams", status: 503, repaired: false },
      { kind: "invalid_json", url: "/api/y", status: 200, repaired: false },
    ]);
  });

  it("repairs JSON behind an anti-hijacking prefix, and says so in the log", async () => {
    expect(await readResponse(text(`)]}',\n{"id":2}`, 200, "application/json"), "/api/b")).toEqual({ id: 2 });
    expect(kinds()).toEqual([{ kind: "invalid_json", url: "/api/b", status: 200, repaired: true }]);
    // Well-formed answers leave no trace.
    await readResponse(json({ id: 3 }), "/api/c");
    expect(networkIssues()).toHaveLength(1);
  });

  it("keeps the last 100 problems", async () => {
    for (let index = 0; index < NETWORK_ISSUE_LOG_MAX + 3; index += 1) {
      await readResponse(text("{", 200, "application/json"), `/api/n${index}`).catch(() => undefined);
    }
    expect(networkIssues()).toHaveLength(NETWORK_ISSUE_LOG_MAX);
    expect(networkIssues()[0]?.url).toBe("/api/n3");
  });
});

describe("apiRequest", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockReset();
    window.localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the spec's headers, credentials and no HTTP cache; JSON content type only with a body", async () => {
    fetchMock.mockImplementation(async () => json({ ok: true }));
    await apiRequest("POST", "/api/dreams", { a: 1 });
    await apiRequest("GET", "/api/dreams");
    const [, post] = fetchMock.mock.calls[0]!;
    const [, get] = fetchMock.mock.calls[1]!;
    expect(post).toMatchObject({
      method: "POST",
      credentials: "include",
      cache: "no-store",
      body: '{"a":1}',
    });
    expect(post!.headers).toMatchObject({
      Accept: "application/json",
      "Cache-Control": "no-cache, no-store, must-revalidate",
      Pragma: "no-cache",
      Expires: "0",
      "Content-Type": "application/json",
    });
    expect(get!.headers).not.toHaveProperty("Content-Type");
    expect(get!.body).toBeUndefined();
  });

  it("sends the JSON content type without a body when asked (spec section 7: the verification resend)", async () => {
    fetchMock.mockImplementation(async () => json({ success: true }));
    await apiRequest("POST", "/api/email-verification/resend", undefined, { jsonContentType: true });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init!.headers).toMatchObject({ "Content-Type": "application/json" });
    expect(init!.body).toBeUndefined();
  });

  it("in custom-domain mode adds the headers, auth body fields and query flag, and retries a control-plane failure once", async () => {
    window.history.replaceState(null, "", "/?forceCustomDomain=true");
    syncCustomDomainFlag();
    expect(window.localStorage.getItem(FORCE_CUSTOM_DOMAIN_KEY)).toBe("true");

    fetchMock.mockResolvedValueOnce(
      json({ success: false, message: "control plane unavailable (X0001)", code: "INTERNAL" }, 503),
    );
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    await apiRequest("POST", "/api/auth/logout", {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, first] = fetchMock.mock.calls[0]!;
    const [, retry] = fetchMock.mock.calls[1]!;
    expect(first!.headers).toMatchObject({
      "custom-domain": "true",
      hostname: window.location.hostname,
      origin: window.location.origin,
    });
    expect(first!.headers).not.toHaveProperty("control-plane-retry");
    expect(retry!.headers).toMatchObject({ "control-plane-retry": "true" });
    expect(JSON.parse(String(first!.body))).toEqual({
      useCustomDomain: true,
      hostname: window.location.hostname,
      origin: window.location.origin,
    });

    fetchMock.mockResolvedValueOnce(json({ id: 1 }));
    await apiRequest("GET", "/api/user");
    expect(fetchMock.mock.calls[2]![0]).toBe("/api/user?useCustomDomain=true");

    window.history.replaceState(null, "", "/?forceCustomDomain=false");
    syncCustomDomainFlag();
    expect(window.localStorage.getItem(FORCE_CUSTOM_DOMAIN_KEY)).toBeNull();
  });

  it("does not retry outside custom-domain mode", async () => {
    fetchMock.mockImplementation(async () =>
      json({ success: false, message: "control plane X0001", code: "INTERNAL" }, 503),
    );
    await expect(apiRequest("GET", "/api/dreams")).rejects.toMatchObject({ code: "INTERNAL" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("the default query GETs the first key element; 401 is null or thrown as the caller chooses", async () => {
    fetchMock.mockImplementation(async () =>
      json({ success: false, message: "Authentication required", code: "UNAUTHORIZED" }, 401),
    );
    expect(await getQueryFn({ on401: "returnNull" })({ queryKey: ["/api/user"] })).toBeNull();
    await expect(getQueryFn({ on401: "throw" })({ queryKey: ["/api/user"] })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/user");
  });
});

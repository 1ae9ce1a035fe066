import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../components/layout/test-helpers";
import { isolateEachTest } from "../../test-helpers";
import { fakePushBrowser, forgetPushBrowser, TEST_ENDPOINT } from "./fake-push-browser";
import { notificationTarget, readPushPayload } from "./notification";
import { disablePush, reconfirmPush } from "./push-client";

function stubServer() {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    jsonResponse({ success: true, message: "ok" }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return () =>
    fetchMock.mock.calls.map(([url, init]) => [init?.method, String(url), JSON.parse(String(init?.body))]);
}

isolateEachTest();
afterEach(forgetPushBrowser);

describe("this browser's push subscription", () => {
  it("re-confirms an existing subscription with the server when the app opens", async () => {
    fakePushBrowser({ permission: "granted", subscribed: true });
    const requests = stubServer();
    await reconfirmPush();
    expect(requests()).toEqual([
      [
        "POST",
        "/api/push/subscribe",
        expect.objectContaining({ subscription: expect.objectContaining({ endpoint: TEST_ENDPOINT }) }),
      ],
    ]);
  });

  it("sends nothing when this browser is not subscribed", async () => {
    fakePushBrowser({ permission: "granted" });
    const requests = stubServer();
    await reconfirmPush();
    expect(requests()).toEqual([]);
  });

  it("turning push off unsubscribes the browser and removes the subscription on the server", async () => {
    const browser = fakePushBrowser({ permission: "granted", subscribed: true });
    const requests = stubServer();
    await disablePush();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(requests()).toEqual([["DELETE", "/api/push/subscribe", { endpoint: TEST_ENDPOINT }]]);
  });
});

describe("notifications shown by the service worker", () => {
  const origin = "https://chitta.example";

  it("opens only pages of this site", () => {
    expect(notificationTarget("/journal?from=push", origin)).toBe(`${origin}/journal?from=push`);
    for (const url of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", 42]) {
      expect(notificationTarget(url, origin)).toBe(`${origin}/`);
    }
  });

  it("shows the payload's title and body, and a plain notification for an unreadable payload", () => {
    const data = (value: unknown) => ({ json: () => value });
    expect(
      readPushPayload(data({ title: "Dream recall", body: "Write it down", url: "/dream-input", tag: "r" })),
    ).toEqual({
      title: "Dream recall",
      body: "Write it down",
      url: "/dream-input",
      tag: "r",
    });
    const broken = {
      json: () => {
        throw new SyntaxError("not JSON");
      },
    };
    expect(readPushPayload(broken).title).toBe("CHITTA");
    expect(readPushPayload(null).url).toBe("/");
  });
});

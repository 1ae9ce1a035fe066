import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../lib/i18n";
import EmailRevertPage from "./EmailRevertPage";
import { fakeServer, renderPage } from "./test-utils";

beforeAll(() => {
  initI18n("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = "revert-token-0123456789";

describe("EmailRevertPage", () => {
  it("posts the link's token once, then says what happened and offers a new password", async () => {
    const calls = fakeServer(({ method, url }) =>
      method === "POST" && url === "/api/user/email/revert"
        ? { status: 200, body: { success: true, message: "restored" } }
        : undefined,
    );
    renderPage(<EmailRevertPage />, { path: `/email-revert?token=${TOKEN}` });
    expect(
      await screen.findByText(
        "Your email address has been restored and every session of your account was signed out. Whoever changed it may know your password, so we removed it: choose a new one to sign in again.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Choose a new password" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts).toEqual([{ method: "POST", url: "/api/user/email/revert", body: { token: TOKEN } }]);
  });

  it("shows the server's refusal", async () => {
    fakeServer(({ method }) =>
      method === "POST"
        ? {
            status: 409,
            body: {
              success: false,
              code: "CONFLICT",
              message:
                "Your previous email address now belongs to another account, so it cannot be restored.",
            },
          }
        : undefined,
    );
    renderPage(<EmailRevertPage />, { path: `/email-revert?token=${TOKEN}` });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "We could not restore your email address.Your previous email address now belongs to another account, so it cannot be restored.",
    );
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/login");
  });

  it("explains a link without its token, and posts nothing", async () => {
    const calls = fakeServer();
    renderPage(<EmailRevertPage />, { path: "/email-revert" });
    expect(
      await screen.findByText("This link is incomplete. Open the link from the email again."),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });
});

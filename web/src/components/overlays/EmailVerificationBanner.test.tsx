import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RESEND_VERIFICATION_URL } from "../../features/auth/api";
import { isolateEachTest } from "../../test-helpers";
import { jsonResponse, makeUser, renderWithApp, stubApi, waitForSession } from "../layout/test-helpers";
import {
  EMAIL_BANNER_DISMISSED_KEY,
  type EmailBannerVariant,
  EmailVerificationBanner,
  VERIFICATION_SENT_MS,
} from "./EmailVerificationBanner";

const unverified = makeUser({ emailVerified: false, email: "new@example.com" });

async function renderBanner(
  user: ReturnType<typeof makeUser> | null,
  variant: EmailBannerVariant = "banner",
) {
  const fetchMock = stubApi(user, (url) =>
    url === RESEND_VERIFICATION_URL ? jsonResponse({ success: true, message: "sent" }) : undefined,
  );
  const view = renderWithApp(
    <>
      <EmailVerificationBanner variant={variant} />
      <p>ready</p>
    </>,
  );
  await waitForSession(view.queryClient);
  return { ...view, fetchMock };
}

isolateEachTest();

describe("email verification banner (spec section 4)", () => {
  it("shows to a signed-in, unverified user", async () => {
    await renderBanner(unverified);
    expect(await screen.findByText(/Please verify your email address \(new@example.com\)/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend email" })).toBeTruthy();
  });

  it("stays hidden for guests and verified users", async () => {
    await renderBanner(null);
    expect(screen.queryByRole("button", { name: "Resend email" })).toBeNull();
    cleanup();
    await renderBanner(makeUser({ emailVerified: true }));
    expect(screen.queryByRole("button", { name: "Resend email" })).toBeNull();
  });

  it("is dismissed for the browser session", async () => {
    await renderBanner(unverified);
    fireEvent.click(await screen.findByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("button", { name: "Resend email" })).toBeNull();
    expect(window.sessionStorage.getItem(EMAIL_BANNER_DISMISSED_KEY)).toBe("true");
    expect(window.localStorage.getItem(EMAIL_BANNER_DISMISSED_KEY)).toBeNull();

    cleanup();
    await renderBanner(unverified);
    expect(screen.queryByRole("button", { name: "Resend email" })).toBeNull();
  });

  it("resends with a body-less JSON POST and shows the sent message for 3 seconds", async () => {
    const { fetchMock } = await renderBanner(unverified);
    const resend = await screen.findByRole("button", { name: "Resend email" });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(resend);
    });
    const call = fetchMock.mock.calls.find(([url]) => url === RESEND_VERIFICATION_URL);
    expect(call?.[1]).toMatchObject({ method: "POST", credentials: "include" });
    expect(call?.[1]?.body).toBeUndefined();
    expect((call?.[1]?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(screen.getByRole("status").textContent).toBe("Verification email sent! Check your inbox.");

    act(() => vi.advanceTimersByTime(VERIFICATION_SENT_MS - 1));
    expect(screen.getByRole("status").textContent).toBe("Verification email sent! Check your inbox.");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("only logs a failed resend", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { fetchMock } = await renderBanner(unverified);
    fetchMock.mockImplementation(async () => jsonResponse({ success: false }, 500));
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Resend email" }));
    });
    expect(errors).toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.queryByText(/Verification email sent/)).toBeNull();
  });

  it("has badge and subtle variants", async () => {
    await renderBanner(unverified, "badge");
    expect(await screen.findByText("Email not verified")).toBeTruthy();
    cleanup();
    await renderBanner(unverified, "subtle");
    expect(await screen.findByText("Your email address is not verified yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend email" })).toBeTruthy();
  });
});

import { act, screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import { isolateEachTest } from "../../test-helpers";
import { fakeServer, renderPage } from "../auth/test-utils";
import SharedReadingPage from "./SharedReadingPage";
import { reading } from "./test-fixtures";

isolateEachTest();
afterEach(() => act(() => i18next.changeLanguage("en")));

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null;

const show = () =>
  renderPage(<SharedReadingPage />, { path: `/share/oracle/${TOKEN}`, route: "/share/oracle/:token" });

describe("SharedReadingPage (/share/oracle/:token)", () => {
  it("shows the reading, in its own language, and keeps search engines away while shown", async () => {
    const calls = fakeServer((call) =>
      call.url === `/api/share/oracle/${TOKEN}`
        ? {
            status: 200,
            body: {
              createdAt: "2025-03-10T08:00:00.000Z",
              reading: reading({
                language: "es",
                message: ["La puerta que mantienes cerrada pide abrirse."],
              }),
            },
          }
        : undefined,
    );
    const { unmount } = show();
    const message = await screen.findByText("La puerta que mantienes cerrada pide abrirse.");
    expect(message.closest("[lang]")?.getAttribute("lang")).toBe("es");
    expect(screen.getByRole("heading", { level: 1, name: "A reading from the oracle" })).toBeTruthy();
    expect(screen.getByText("Shared with you from CHITTA. Consulted on March 10, 2025.")).toBeTruthy();
    expect(screen.getByRole("region", { name: "The 10-day plan" })).toBeTruthy();
    // The reading only: nothing of the owner's journal, follow-up or sharing controls.
    expect(screen.queryByRole("region", { name: "Practice journal" })).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(robots()).toBe("noindex");
    expect(calls.some((call) => call.url === `/api/share/oracle/${TOKEN}`)).toBe(true);
    unmount();
    expect(robots()).toBeNull();
  });

  it("a revoked or unknown link is the app's not-found page", async () => {
    fakeServer(() => undefined);
    show();
    expect(await screen.findByRole("heading", { level: 1, name: "This page drifted away" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "A reading from the oracle" })).toBeNull();
  });
});

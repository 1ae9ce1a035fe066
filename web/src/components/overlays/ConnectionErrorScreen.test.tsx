import { useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithApp, stubApi, waitForSession } from "../layout/test-helpers";
import { ConnectionErrorScreen } from "./ConnectionErrorScreen";
import {
  clearConnectionProblem,
  connectionProblemFromError,
  getConnectionProblem,
  reportConnectionProblem,
} from "./connection-store";

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

function Probe({ url }: { url: string }) {
  useQuery({ queryKey: [url] });
  return null;
}

beforeEach(() => {
  clearConnectionProblem();
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
});

afterEach(() => {
  cleanup();
  clearConnectionProblem();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("connection problems (spec sections 4 and 8)", () => {
  it("classifies errors: 5xx answers, failed fetches and chunk loads, not 4xx", () => {
    expect(
      connectionProblemFromError({ success: false, message: "x", code: "INTERNAL", status: 503 }),
    ).toEqual({
      kind: "server",
      status: 503,
    });
    expect(
      connectionProblemFromError({ success: false, message: "x", code: "FORBIDDEN", status: 403 }),
    ).toBeNull();
    expect(connectionProblemFromError(new TypeError("Failed to fetch"))).toEqual({ kind: "network" });
    expect(connectionProblemFromError(new Error("Loading chunk 3 failed."))).toEqual({ kind: "chunk" });
    expect(connectionProblemFromError(new Error("plain bug"))).toBeNull();
  });

  it("shows the server error and a reload button; dismissing closes it", async () => {
    stubApi(null);
    const { queryClient } = renderWithApp(<ConnectionErrorScreen />);
    await waitForSession(queryClient);
    act(() => reportConnectionProblem("server", 502));
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByText("Server error: 502")).toBeTruthy();
    expect(within(dialog).getByText("Connected")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Reload" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(getConnectionProblem()).toBeNull();
  });

  it("follows the browser going offline and back online", async () => {
    stubApi(null);
    const { queryClient } = renderWithApp(<ConnectionErrorScreen />);
    await waitForSession(queryClient);
    act(() => setOnline(false));
    const dialog = screen.getByRole("alertdialog", { name: "Network connection lost" });
    expect(
      within(dialog).getByText("You appear to be offline. Please check your internet connection."),
    ).toBeTruthy();
    expect(within(dialog).getByText("Offline")).toBeTruthy();
    act(() => setOnline(true));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("opens from a query answered with a 5xx status or a failed fetch", async () => {
    stubApi(null, (url) => {
      if (url.startsWith("/api/broken")) return jsonResponse({ message: "down" }, 503);
      if (url.startsWith("/api/unreachable")) throw new TypeError("Failed to fetch");
      return undefined;
    });
    renderWithApp(
      <>
        <ConnectionErrorScreen />
        <Probe url="/api/broken" />
      </>,
    );
    expect(await screen.findByText("Server error: 503")).toBeTruthy();
    act(() => clearConnectionProblem());
    cleanup();
    const second = renderWithApp(
      <>
        <ConnectionErrorScreen />
        <Probe url="/api/unreachable" />
      </>,
    );
    expect(await screen.findByText("Failed to connect to server")).toBeTruthy();
    await waitFor(() => expect(getConnectionProblem()).toEqual({ kind: "network" }));
    second.unmount();
  });

  it("does not open for a 4xx answer", async () => {
    stubApi(null);
    const { queryClient } = renderWithApp(
      <>
        <ConnectionErrorScreen />
        <Probe url="/api/missing" />
      </>,
    );
    await waitFor(() => expect(queryClient.getQueryState(["/api/missing"])?.status).toBe("error"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});

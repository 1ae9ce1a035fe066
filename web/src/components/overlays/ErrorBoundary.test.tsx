import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ERROR_LOG_KEY, isMinorError, readErrorRecord } from "../../lib/error-log";
import { initI18n } from "../../lib/i18n";
import { clearConnectionProblem, getConnectionProblem } from "./connection-store";
import { ErrorBoundary, MAX_RECOVERY_ATTEMPTS, RECOVERY_DELAY_MS } from "./ErrorBoundary";

let failure: Error | null = null;
let renders = 0;

function Flaky() {
  renders++;
  if (failure) throw failure;
  return <p>page is fine</p>;
}

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeEach(() => {
  initI18n("en");
  window.localStorage.clear();
  clearConnectionProblem();
  failure = null;
  renders = 0;
  vi.useFakeTimers();
  // React reports caught errors on the console; the boundary logs its own decisions.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("ErrorBoundary (spec section 4)", () => {
  it("tells minor browser errors from real ones", () => {
    expect(isMinorError(new Error("ResizeObserver loop completed with undelivered notifications."))).toBe(
      true,
    );
    expect(isMinorError(named("ChunkLoadError", "Loading chunk 7 failed."))).toBe(true);
    expect(isMinorError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      true,
    );
    expect(isMinorError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isMinorError(named("AbortError", "The operation was aborted."))).toBe(true);
    expect(isMinorError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
  });

  it("recovers from a minor error by rendering again, without the error screen", () => {
    failure = new Error("ResizeObserver loop limit exceeded");
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.queryByText("page is fine")).toBeNull();
    expect(screen.queryByText("Something went wrong")).toBeNull();

    failure = null;
    act(() => vi.advanceTimersByTime(RECOVERY_DELAY_MS));
    expect(screen.getByText("page is fine")).toBeTruthy();
    expect(window.localStorage.getItem(ERROR_LOG_KEY)).toBeNull();
  });

  it("recovers from a passing real error after 100 ms", () => {
    failure = new Error("a glitch");
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    failure = null;
    act(() => vi.advanceTimersByTime(RECOVERY_DELAY_MS - 1));
    expect(screen.queryByText("page is fine")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText("page is fine")).toBeTruthy();
  });

  it("shows 'Something went wrong' after 3 retries and keeps the error record", () => {
    failure = new Error("the page is broken");
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    for (let attempt = 1; attempt <= MAX_RECOVERY_ATTEMPTS; attempt++) {
      expect(screen.queryByText("Something went wrong")).toBeNull();
      const before = renders;
      act(() => vi.advanceTimersByTime(RECOVERY_DELAY_MS));
      expect(renders).toBeGreaterThan(before);
    }
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    for (const text of [
      "Refresh the page",
      "Clear your browser cache",
      "Try another browser",
      "Check your internet connection",
      "If the problem persists, please contact support",
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");

    // No further attempts once the screen shows.
    const settled = renders;
    act(() => vi.advanceTimersByTime(1000));
    expect(renders).toBe(settled);

    const record = readErrorRecord();
    expect(record).toMatchObject({ message: "the page is broken", retryCount: MAX_RECOVERY_ATTEMPTS });
    expect(record?.stack).toContain("the page is broken");
    expect(record?.componentStack).toContain("Flaky");
    expect(typeof record?.timestamp).toBe("string");
    expect(typeof record?.url).toBe("string");
    expect(typeof record?.userAgent).toBe("string");
  });

  it("shows the connection screen when a page's code keeps failing to download", () => {
    failure = new TypeError("Failed to fetch dynamically imported module: /assets/JournalPage.js");
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(getConnectionProblem()).toEqual({ kind: "chunk" });
    for (let attempt = 1; attempt <= MAX_RECOVERY_ATTEMPTS; attempt++) {
      act(() => vi.advanceTimersByTime(RECOVERY_DELAY_MS));
    }
    expect(screen.getByText("Network loading error detected")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.queryByText("Something went wrong")).toBeNull();
  });

  it("gives the next page a fresh start when the reset key changes", () => {
    failure = new Error("broken");
    const { rerender } = render(
      <ErrorBoundary resetKey="/journal">
        <Flaky />
      </ErrorBoundary>,
    );
    for (let attempt = 1; attempt <= MAX_RECOVERY_ATTEMPTS; attempt++) {
      act(() => vi.advanceTimersByTime(RECOVERY_DELAY_MS));
    }
    expect(screen.getByText("Something went wrong")).toBeTruthy();
    failure = null;
    rerender(
      <ErrorBoundary resetKey="/insights">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText("page is fine")).toBeTruthy();
  });
});

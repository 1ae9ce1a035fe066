/** Helpers shared by the web tests of every feature. Tests only. */
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import type { PlansResponse } from "../../contract/billing";
import { useToasts } from "./components/ui/toast-store";

/**
 * Each test starts with empty storage and leaves no rendered tree, fake timers, stubbed globals or environment
 * variables, or spies behind. Call once at the top of a test file.
 */
export function isolateEachTest() {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
}

/** The toasts shown so far, as "Title: description" joined by "|", for a test to read (test id "toasts"). */
export function ToastProbe() {
  const toasts = useToasts();
  return (
    <output data-testid="toasts">
      {toasts.map((item) => `${item.title}: ${item.description ?? ""}`).join("|")}
    </output>
  );
}

/** The text of what `element`'s aria-describedby points at: how assistive technology reads its help and error. */
export function describedText(element: HTMLElement): string {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}

/** The plans answer of the sandbox at the built-in prices, for pages that show plans. */
export const plansAnswer = (overrides: Partial<PlansResponse> = {}): PlansResponse => ({
  provider: "sandbox",
  testMode: true,
  currency: "USD",
  plans: [
    { id: "monthly", price: 9.99, interval: "month" },
    { id: "yearly", price: 99.99, interval: "year" },
  ],
  yearlySavingsPercent: 16,
  ...overrides,
});

import { act, cleanup, screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, renderPage } from "../auth/test-utils";
import InterpretationPage from "./InterpretationPage";
import { LAST_TRANSLATION_KEY } from "./last-translation";

afterEach(async () => {
  cleanup();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  await i18next.changeLanguage("en");
});

describe("InterpretationPage", () => {
  it("shows the latest translation of the session", async () => {
    window.sessionStorage.setItem(
      LAST_TRANSLATION_KEY,
      JSON.stringify({
        content: "A snake crossed the river at night.",
        translation: "Change is near.",
        symbols: [
          {
            key: "snake",
            name: "Snake",
            category: "animal",
            description: "Transformation.",
            evidence: [{ start: 2, end: 7, text: "snake" }],
          },
        ],
        isPremiumTranslation: false,
        translatedAt: new Date().toISOString(),
      }),
    );
    fakeServer();
    renderPage(<InterpretationPage />, { path: "/interpretation" });
    expect(await screen.findByRole("heading", { name: "Snake" })).toBeTruthy();
    expect(screen.getByText("Change is near.")).toBeTruthy();
  });

  it("says 'Interpretation failed' when the kept result cannot be shown, in English and in Spanish", async () => {
    // A result kept by another version: a symbol without its fields.
    window.sessionStorage.setItem(
      LAST_TRANSLATION_KEY,
      JSON.stringify({
        content: "A dream.",
        translation: "x",
        symbols: [null],
        isPremiumTranslation: false,
        translatedAt: new Date().toISOString(),
      }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    fakeServer();
    renderPage(<InterpretationPage />, { path: "/interpretation" });
    expect(await screen.findByRole("heading", { name: "Interpretation failed" })).toBeTruthy();
    expect(screen.getByText("An unexpected error occurred. Please try again.")).toBeTruthy();
    // The page itself stands: its title and the way to a new translation.
    expect(screen.getByRole("heading", { level: 1, name: "Your latest interpretation" })).toBeTruthy();

    await act(() => i18next.changeLanguage("es"));
    expect(screen.getByRole("heading", { name: "La interpretación falló" })).toBeTruthy();
    expect(screen.getByText("Se produjo un error inesperado. Inténtalo de nuevo.")).toBeTruthy();
  });
});

import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, renderPage } from "../auth/test-utils";
import InterpretationPage from "./InterpretationPage";
import { LAST_TRANSLATION_KEY } from "./last-translation";
import { readingInfo } from "./test-fixtures";

afterEach(async () => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.restoreAllMocks();
  await i18next.changeLanguage("en");
});

describe("InterpretationPage", () => {
  it("shows the latest translation of the session, kept by an older version without its reading info", async () => {
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
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("keeps the reading info with the translation: short version, care note and central symbols", async () => {
    const translated = {
      content: "Soñé que mi perro y una llave flotaban en el mar.",
      translation: "Tu sueño\n\nAlgo fiel te acompaña mientras buscas una puerta nueva.",
      symbols: ["perro", "llave", "mar"].map((word, index) => ({
        key: ["dog", "key", "sea"][index],
        name: ["Perro", "Llave", "Mar"][index],
        category: "object",
        description: "Un significado.",
        evidence: [{ start: 0, end: 0, text: word }],
      })),
      isPremiumTranslation: false,
      language: "es",
      themes: [],
      category: null,
      translationsRemaining: 2,
      reading: readingInfo({
        short: "Algo fiel te acompaña hacia una puerta nueva.",
        central: ["key", "dog"],
        care: ["death_of_living"],
      }),
      translatedAt: new Date().toISOString(),
    };
    window.sessionStorage.setItem(LAST_TRANSLATION_KEY, JSON.stringify(translated));
    await i18next.changeLanguage("es");
    fakeServer();
    const ui = userEvent.setup();
    renderPage(<InterpretationPage />, { path: "/interpretation" });
    await ui.click(await screen.findByRole("radio", { name: "Versión breve" }));
    expect(screen.getByText("Algo fiel te acompaña hacia una puerta nueva.")).toBeTruthy();
    expect(screen.getByRole("note").textContent).toContain("Este sueño tocó algo doloroso.");
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Llave",
      "Perro",
      "Mar",
    ]);
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

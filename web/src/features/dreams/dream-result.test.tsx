import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import i18next from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import type { RecognizedSymbol } from "../../../../contract/dreams";
import type { ReadingInfo } from "../../../../contract/reading";
import { isolateEachTest } from "../../test-helpers";
import { DreamResult, type TranslatedDream } from "./DreamResult";
import { READING_LENGTH_KEY } from "./ReadingLengthToggle";
import { readingInfo } from "./test-fixtures";

isolateEachTest();
afterEach(async () => {
  await i18next.changeLanguage("en");
});

const CONTENT = "I walked by the sea and a dog followed me home, where a key was hanging on the door.";

const symbol = (key: string, name: string, word: string): RecognizedSymbol => ({
  key,
  name,
  category: "object",
  description: `What ${word} means here.`,
  evidence: [{ start: CONTENT.indexOf(word), end: CONTENT.indexOf(word) + word.length, text: word }],
});

/** In the order the engine found them; the reading says the dog and the key carry the dream. */
const SYMBOLS = [symbol("sea", "Sea", "sea"), symbol("dog", "Dog", "dog"), symbol("key", "Key", "key")];
const FULL = "Your dream\n\nA faithful companion walked you home, and a key waited at the door.";
const SHORT = "A companion walked you home to a door that can now open.";

const dream = (
  reading: Partial<ReadingInfo> | null = {},
  translation: string | null = FULL,
): TranslatedDream => ({
  content: CONTENT,
  translation,
  symbols: SYMBOLS,
  isPremiumTranslation: false,
  reading: reading ? readingInfo({ short: SHORT, central: ["key", "dog"], ...reading }) : null,
});

const renderResult = (shown: TranslatedDream) =>
  render(
    <main>
      <h1>Dream</h1>
      <DreamResult dream={shown} />
    </main>,
  );

const symbolNames = () =>
  screen.getAllByRole("listitem").flatMap((item) => {
    const heading = within(item).queryByRole("heading", { level: 3 });
    return heading ? [heading.textContent] : [];
  });
const centralBadges = () =>
  screen
    .getAllByRole("heading", { level: 3 })
    .filter((heading) => heading.parentElement?.textContent?.includes("Central"))
    .map((heading) => heading.textContent);

async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    resultTypes: ["violations"],
  });
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

describe("DreamResult: full reading or short version", () => {
  it("shows the full reading first, the short one on demand, and remembers the choice", async () => {
    const ui = userEvent.setup();
    const { unmount } = renderResult(dream());
    const group = screen.getByRole("radiogroup", { name: "Reading length" });
    const full = within(group).getByRole("radio", { name: "Full reading" });
    expect(full.getAttribute("aria-checked")).toBe("true");
    expect(
      screen.getByText("A faithful companion walked you home, and a key waited at the door."),
    ).toBeTruthy();
    expect(screen.queryByText(SHORT)).toBeNull();

    await ui.click(within(group).getByRole("radio", { name: "Short version" }));
    expect(screen.getByText(SHORT)).toBeTruthy();
    expect(screen.queryByText(/A faithful companion/)).toBeNull();
    // Pressing the chosen one again keeps it: one version is always shown.
    await ui.click(within(group).getByRole("radio", { name: "Short version" }));
    expect(screen.getByText(SHORT)).toBeTruthy();

    unmount();
    expect(window.localStorage.getItem(READING_LENGTH_KEY)).toBe("short");
    renderResult(dream());
    expect(screen.getByRole("radio", { name: "Short version" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByText(SHORT)).toBeTruthy();
  });

  it("is reached and switched with the keyboard alone, in Spanish too", async () => {
    await act(() => i18next.changeLanguage("es"));
    const ui = userEvent.setup();
    renderResult(dream());
    const group = screen.getByRole("radiogroup", { name: "Extensión de la lectura" });
    // The symbol buttons come later: the first stop is the chosen version.
    await ui.tab();
    expect(document.activeElement).toBe(within(group).getByRole("radio", { name: "Lectura completa" }));
    await ui.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(within(group).getByRole("radio", { name: "Versión breve" }));
    await ui.keyboard(" ");
    expect(screen.getByText(SHORT)).toBeTruthy();
    await ui.keyboard("{ArrowLeft}{Enter}");
    expect(screen.queryByText(SHORT)).toBeNull();
    expect(window.localStorage.getItem(READING_LENGTH_KEY)).toBe("full");
  });

  it("is not offered for a dream kept before readings had it, nor for one without a translation", () => {
    const { unmount } = renderResult(dream(null));
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(
      screen.getByText("A faithful companion walked you home, and a key waited at the door."),
    ).toBeTruthy();
    expect(symbolNames()).toEqual(["Sea", "Dog", "Key"]);
    unmount();

    renderResult(dream({}, null));
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.getByText("This dream has no translation yet.")).toBeTruthy();
  });
});

describe("DreamResult: the care note", () => {
  it("gives the support lines, each a phone link, when the dream spoke of self-harm", () => {
    renderResult(dream({ care: ["self_harm", "death_of_living"] }));
    const note = screen.getByRole("note");
    expect(note.textContent).toContain(
      "This dream touched something painful. Dreams are not predictions; they do not say what will happen.",
    );
    expect(note.textContent).toContain(
      "If you are thinking about harming yourself, you are not alone. Free, confidential help:",
    );
    expect(note.textContent).toContain("If you are in danger now, call your local emergency number.");
    const links = within(note).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["988", "tel:988"],
      ["024", "tel:024"],
      ["800 911 2000", "tel:8009112000"],
      ["135", "tel:135"],
    ]);
    expect(note.textContent).toContain("Spain");
    expect(note.textContent).toContain("Suicidal behaviour helpline");
    // A calm note, not an alarm.
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("speaks Spanish and gives the lines' Spanish names", async () => {
    await act(() => i18next.changeLanguage("es"));
    renderResult(dream({ care: ["self_harm"] }));
    const note = screen.getByRole("note");
    expect(note.textContent).toContain(
      "Este sueño tocó algo doloroso. Los sueños no son predicciones: no dicen lo que va a pasar.",
    );
    expect(note.textContent).toContain(
      "Si estás pensando en hacerte daño, no estás solo ni sola. Ayuda gratuita y confidencial:",
    );
    expect(note.textContent).toContain(
      "Si estás en peligro ahora, llama al número de emergencias de tu país.",
    );
    expect(note.textContent).toContain("España");
    expect(note.textContent).toContain("Línea de atención a la conducta suicida");
    expect(within(note).getAllByRole("link")).toHaveLength(4);
  });

  it("has no support lines for other painful content, and no note when nothing painful was found", () => {
    const { unmount } = renderResult(dream({ care: ["pregnancy_loss"] }));
    const note = screen.getByRole("note");
    expect(note.textContent).toBe(
      "This dream touched something painful. Dreams are not predictions; they do not say what will happen.",
    );
    expect(within(note).queryByRole("link")).toBeNull();

    unmount();
    renderResult(dream({ care: [] }));
    expect(screen.queryByRole("note")).toBeNull();
  });
});

describe("DreamResult: the symbols that carry the dream, and its feelings", () => {
  it("lists the central symbols first, badged, then the others; the heading counts them all", () => {
    renderResult(dream());
    expect(symbolNames()).toEqual(["Key", "Dog", "Sea"]);
    expect(centralBadges()).toEqual(["Key", "Dog"]);
    expect(screen.getByRole("heading", { level: 2, name: "3 symbols found" })).toBeTruthy();
    // The marks in the dream still name their symbols.
    expect(screen.getByTestId("highlighted-dream").textContent).toContain("dog (symbol: Dog)");
  });

  it("names the feelings, the intense ones as such, and a nightmare first, in English and Spanish", async () => {
    renderResult(
      dream({
        feelings: [
          { kind: "fear", intensity: 3 },
          { kind: "sadness", intensity: 2 },
        ],
        nightmare: true,
      }),
    );
    expect(screen.getByText("A nightmare · Feelings in this dream: intense fear, sadness")).toBeTruthy();
    await act(() => i18next.changeLanguage("es"));
    expect(
      screen.getByText("Una pesadilla · Sentimientos en este sueño: miedo intenso, tristeza"),
    ).toBeTruthy();
    expect(symbolNames()).toEqual(["Key", "Dog", "Sea"]);
    expect(centralBadges()).toEqual(["Key", "Dog"]);
    expect(screen.getByRole("heading", { level: 2, name: "3 símbolos encontrados" })).toBeTruthy();
  });

  it("says nothing about feelings when none were found", () => {
    renderResult(dream());
    expect(screen.queryByText(/Feelings in this dream/)).toBeNull();
    expect(screen.queryByText(/nightmare/)).toBeNull();
  });
});

describe("DreamResult: accessibility", () => {
  it("has no serious axe violations with a care note and central symbols, in English and Spanish", async () => {
    const painful = dream({
      care: ["self_harm"],
      feelings: [{ kind: "grief", intensity: 3 }],
      nightmare: true,
    });
    renderResult(painful);
    expect(await seriousViolations()).toEqual([]);
    await act(() => i18next.changeLanguage("es"));
    expect(screen.getByRole("radiogroup", { name: "Extensión de la lectura" })).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });
});

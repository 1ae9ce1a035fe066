import { act, cleanup, render } from "@testing-library/react";
import i18next from "i18next";
import type { ComponentType } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { initI18n } from "../../lib/i18n";
import BuildingPage from "./BuildingPage";
import CacheHelpPage from "./CacheHelpPage";
import HelpPage from "./HelpPage";
import LandingPage from "./LandingPage";
import LearnPage from "./LearnPage";
import NotFoundPage from "./NotFoundPage";
import PrivacyPage from "./PrivacyPage";
import TermsPage from "./TermsPage";

const pages: [string, ComponentType, string][] = [
  ["landing", LandingPage, "/"],
  ["learn", LearnPage, "/learn"],
  ["privacy", PrivacyPage, "/privacy-policy"],
  ["terms", TermsPage, "/terms-of-service"],
  ["help", HelpPage, "/help"],
  ["cacheHelp", CacheHelpPage, "/cache-help"],
  ["notFound", NotFoundPage, "/no-such-page"],
  ["building", BuildingPage, "/memory-lane"],
];

const OWN_KEY = /\b(landing|learn|privacy|terms|help|cacheHelp|notFound|building|pricing)\.[A-Za-z]/;

function renderAt(Page: ComponentType, path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <Page />
    </Router>,
  );
}

beforeAll(() => {
  initI18n("en");
});

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage("en"));
});

describe.each(["en", "es"])("content pages in %s", (language) => {
  it.each(
    pages,
  )("%s: one <h1>, no <main>, ordered headings, a title, no raw keys", async (_name, Page, path) => {
    await act(() => i18next.changeLanguage(language));
    const { container } = renderAt(Page, path);
    expect(container.querySelectorAll("h1")).toHaveLength(1);
    expect(container.querySelector("main")).toBeNull();
    expect(container.querySelector("section")).not.toBeNull();

    const levels = [...container.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeLessThanOrEqual(levels[i - 1]! + 1);

    expect(document.title).toMatch(/\S · CHITTA$/);
    expect(container.textContent).not.toMatch(OWN_KEY);
    expect(container.textContent).not.toMatch(/\{\{|<\/?[a-z]+>/);

    // Links styled as buttons are at least 44 px tall.
    for (const button of container.querySelectorAll("a.rounded-full, button")) {
      expect(button.className).toContain("min-h-11");
    }
  });
});

describe("landing page", () => {
  it("shows the prices, the computed saving and the ways in, and claims no accuracy figure", () => {
    const { container, getAllByRole } = renderAt(LandingPage, "/");
    const text = container.textContent ?? "";
    expect(text).toContain("$9.99");
    expect(text).toContain("$99.99");
    expect(text).toContain("Save 16%");
    expect(text).not.toMatch(/\b99 ?%/);
    expect(text).not.toMatch(/accura/i);
    const hrefs = getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toContain("/signup");
    expect(hrefs).toContain("/learn");
    expect(hrefs).toContain("/privacy-policy");
    expect(container.querySelectorAll("details > summary").length).toBeGreaterThan(3);
    expect(container.querySelector("img")).toBeNull();
  });

  it("speaks Spanish with the same figures", async () => {
    await act(() => i18next.changeLanguage("es"));
    const { container } = renderAt(LandingPage, "/");
    const text = container.textContent ?? "";
    expect(text).toContain("Tus sueños te hablan");
    expect(text).toMatch(/9,99\s?US\$/);
    expect(text).toContain("Ahorra un 16");
  });
});

describe("links inside texts", () => {
  it("privacy and help link to support tickets, terms show the plan prices", () => {
    const privacy = renderAt(PrivacyPage, "/privacy-policy");
    expect(privacy.container.querySelector('a[href="/feedback"]')).not.toBeNull();
    cleanup();
    const help = renderAt(HelpPage, "/help");
    expect(help.container.querySelector('a[href="/cache-help"]')).not.toBeNull();
    expect(help.container.querySelector('a[href="/feedback"]')).not.toBeNull();
    cleanup();
    const terms = renderAt(TermsPage, "/terms-of-service");
    expect(terms.container.textContent).toContain("$9.99 a month or $99.99 a year");
  });
});

describe("building page", () => {
  it("names the area being built and never pretends the feature works", () => {
    const { container } = renderAt(BuildingPage, "/memory-lane");
    expect(container.textContent).toContain("This part of CHITTA is on its way");
    expect(container.textContent).toContain("Memory Lane");
    expect(container.querySelector("form, input, textarea")).toBeNull();
    expect(document.title).toBe("Coming soon · CHITTA");
  });
});

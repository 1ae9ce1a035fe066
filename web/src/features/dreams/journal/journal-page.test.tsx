import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Dream } from "../../../../../contract/dreams";
import { ToastProbe } from "../../../test-helpers";
import { type FetchCall, fakeServer, renderPage, testUser } from "../../auth/test-utils";
import { readingInfo, translationLimitRefusal } from "../test-fixtures";
import JournalPage from "./JournalPage";

const dream = (id: number, overrides: Partial<Dream> = {}): Dream => ({
  id,
  title: `Dream ${id}...`,
  content: `In dream ${id} a culebra crossed the garden path at night.`,
  translation: "Soul guidance\nListen.",
  recognizedSymbols: [
    {
      key: "snake",
      name: "Snake",
      category: "animal",
      description: "Change.",
      evidence: [{ start: 13 + String(id).length, end: 20 + String(id).length, text: "culebra" }],
    },
  ],
  isPremiumTranslation: false,
  meaningsWithheld: false,
  reading: readingInfo({
    short: "Una culebra cruzó el sendero del jardín de noche: algo cambia en ti, despacio y sin ruido.",
    central: ["snake"],
  }),
  category: "nightmare",
  tags: ["garden"],
  language: "es",
  createdAt: "2025-03-10T08:00:00.000Z",
  updatedAt: "2025-03-10T08:00:00.000Z",
  ...overrides,
});

function signedIn(
  handler: (call: FetchCall, query: URLSearchParams) => { status: number; body: unknown } | undefined,
  user = testUser(),
) {
  return fakeServer((call) => {
    if (call.method === "GET" && call.url === "/api/user") return { status: 200, body: user };
    const [, search = ""] = call.url.split("?");
    return handler(call, new URLSearchParams(search));
  });
}

const listCalls = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.method === "GET" && call.url.startsWith("/api/dreams?"))
    .map((call) => Object.fromEntries(new URLSearchParams(call.url.split("?")[1])));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("JournalPage", () => {
  it("lists dreams, loads more by cursor and searches after the typing pauses", async () => {
    const calls = signedIn((call, query) => {
      if (call.method === "GET" && call.url === "/api/dreams/symbols") {
        return { status: 200, body: [{ key: "snake", name: "Snake", category: "animal", count: 3 }] };
      }
      if (call.method !== "GET" || !call.url.startsWith("/api/dreams?")) return undefined;
      if (query.get("q") === "snake") return { status: 200, body: { dreams: [dream(9)], nextCursor: null } };
      if (query.get("cursor") === "page2")
        return { status: 200, body: { dreams: [dream(3)], nextCursor: null } };
      return { status: 200, body: { dreams: [dream(5), dream(4)], nextCursor: "page2" } };
    });
    const ui = userEvent.setup();
    renderPage(<JournalPage />, { path: "/journal" });
    expect(await screen.findByRole("link", { name: "Dream 5..." })).toBeTruthy();
    expect(screen.getByText("Showing the 2 most recent dreams. There are more.")).toBeTruthy();

    await ui.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Dream 3..." })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(listCalls(calls).at(-1)).toEqual({ cursor: "page2", limit: "20" });

    await ui.type(screen.getByRole("searchbox", { name: "Search your dreams" }), "snake");
    expect(await screen.findByRole("link", { name: "Dream 9..." })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Dream 5..." })).toBeNull();
    // One request for the finished word, not one per letter.
    expect(listCalls(calls).filter((query) => query.q !== undefined)).toEqual([{ q: "snake", limit: "20" }]);

    // Filters apply at once; the symbol list offers every symbol of the journal (from the server).
    await ui.selectOptions(screen.getByRole("combobox", { name: "Symbol" }), "snake");
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({ q: "snake", symbol: "snake", limit: "20" }),
    );
  });

  it("folds the filters behind a Filters button counting the active ones on a phone, in English and Spanish", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (media) =>
        ({
          matches: false,
          media,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    const calls = signedIn((call) =>
      call.method === "GET" && call.url.startsWith("/api/dreams?")
        ? { status: 200, body: { dreams: [dream(5)], nextCursor: null } }
        : undefined,
    );
    const ui = userEvent.setup();
    renderPage(<JournalPage />, { path: "/journal" });
    expect(await screen.findByRole("link", { name: "Dream 5..." })).toBeTruthy();
    // The search box stays; the five filters wait behind the button.
    expect(screen.getByRole("searchbox", { name: "Search your dreams" })).toBeTruthy();
    const toggle = screen.getByRole("button", { name: "Filters" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("combobox", { name: "Category" })).toBeNull();
    expect(screen.queryByLabelText("From")?.closest("[hidden]")).toBeTruthy();

    await ui.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await ui.selectOptions(screen.getByRole("combobox", { name: "Category" }), "nightmare");
    await ui.type(screen.getByLabelText("Tag"), "garden");
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ category: "nightmare", tag: "garden" }),
    );
    expect(toggle.textContent).toBe("Filters (2 active)");

    await ui.click(toggle);
    expect(screen.queryByRole("combobox", { name: "Category" })).toBeNull();
    await act(() => i18next.changeLanguage("es"));
    expect(screen.getByRole("button", { name: "Filtros (2 activos)" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    await act(() => i18next.changeLanguage("en"));
  });

  it("shows the filters at once on a wide screen", async () => {
    signedIn((call) =>
      call.method === "GET" && call.url.startsWith("/api/dreams?")
        ? { status: 200, body: { dreams: [], nextCursor: null } }
        : undefined,
    );
    renderPage(<JournalPage />, { path: "/journal" });
    expect(await screen.findByRole("combobox", { name: "Category" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Filters" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("opens a dream with its words marked, and deletes it after confirmation", async () => {
    const calls = signedIn((call) => {
      if (call.method === "GET" && call.url.startsWith("/api/dreams?"))
        return { status: 200, body: { dreams: [dream(7)], nextCursor: null } };
      if (call.method === "GET" && call.url === "/api/dreams/7") return { status: 200, body: dream(7) };
      if (call.method === "DELETE" && call.url === "/api/dreams/7")
        return { status: 200, body: { success: true, message: "The dream has been deleted." } };
      return undefined;
    });
    const ui = userEvent.setup();
    const { location } = renderPage(<JournalPage />, { path: "/journal", outside: <ToastProbe /> });
    await ui.click(await screen.findByRole("link", { name: "Dream 7..." }));
    const dialog = await screen.findByRole("dialog", { name: "Dream 7..." });
    const marked = await within(dialog).findByTestId("highlighted-dream");
    expect(within(marked).getByText("culebra").tagName).toBe("MARK");
    expect(location.history.at(-1)).toBe("/journal?dream=7");

    await ui.click(within(dialog).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this dream?" });
    await ui.click(within(confirm).getByRole("button", { name: "Delete dream" }));
    await waitFor(() =>
      expect(screen.getByTestId("toasts").textContent).toBe("Dream Deleted: The dream has been deleted."),
    );
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(location.history.at(-1)).toBe("/journal");
  });

  it("edits a dream: checks the title and length, puts the server's problems on their field, sends only changes", async () => {
    let patches = 0;
    const calls = signedIn((call) => {
      if (call.method === "GET" && call.url.startsWith("/api/dreams?"))
        return { status: 200, body: { dreams: [dream(7)], nextCursor: null } };
      if (call.method === "GET" && call.url === "/api/dreams/7") return { status: 200, body: dream(7) };
      if (call.method === "PATCH" && call.url === "/api/dreams/7") {
        patches += 1;
        return patches === 1
          ? {
              status: 422,
              body: {
                success: false,
                code: "VALIDATION",
                message: "Invalid",
                errors: [{ path: "title", message: "That title is taken by the server." }],
              },
            }
          : { status: 200, body: dream(7, { title: "A new title" }) };
      }
      return undefined;
    });
    const ui = userEvent.setup();
    renderPage(<JournalPage />, { path: "/journal?dream=7", outside: <ToastProbe /> });
    const dialog = await screen.findByRole("dialog", { name: "Dream 7..." });
    await ui.click(await within(dialog).findByRole("button", { name: "Edit" }));
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    const content = within(dialog).getByRole("textbox", { name: "Describe your dream" });

    await ui.clear(title);
    await ui.clear(content);
    await ui.type(content, "Too short");
    await ui.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(within(dialog).getByText("Please give your dream a title.")).toBeTruthy();
    expect(
      within(dialog).getByText("Please provide at least 20 characters for accurate interpretation."),
    ).toBeTruthy();
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(title);
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    await ui.type(title, "A new title");
    await ui.clear(content);
    await ui.type(content, dream(7).content);
    await ui.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(patches).toBe(1));
    expect(await within(dialog).findByText("That title is taken by the server.")).toBeTruthy();
    expect(title.getAttribute("aria-invalid")).toBe("true");

    await ui.keyboard("{Enter}");
    await waitFor(() =>
      expect(screen.getByTestId("toasts").textContent).toBe("Dream Updated: Your changes have been saved."),
    );
    // The text did not change, so it is not sent (its symbols are not read again).
    expect(calls.filter((call) => call.method === "PATCH").at(-1)?.body).toEqual({ title: "A new title" });
  });

  describe("a dream kept without its symbols' meanings", () => {
    const withheld = dream(8, {
      translation: null,
      meaningsWithheld: true,
      reading: null,
      recognizedSymbols: dream(8).recognizedSymbols.map((symbol) => ({ ...symbol, description: "" })),
    });
    const openDream = async () => {
      renderPage(<JournalPage />, { path: "/journal?dream=8", outside: <ToastProbe /> });
      return screen.findByRole("dialog", { name: "Dream 8..." });
    };

    it("offers to translate it, then shows the meanings stored with the translation's receipt", async () => {
      let stored = withheld;
      const calls = signedIn((call) => {
        if (call.method === "GET" && call.url.startsWith("/api/dreams?"))
          return { status: 200, body: { dreams: [stored], nextCursor: null } };
        if (call.method === "GET" && call.url === "/api/dreams/8") return { status: 200, body: stored };
        if (call.method === "POST" && call.url === "/api/translate-dream")
          return {
            status: 200,
            body: {
              success: true,
              translation: "Soul guidance\nListen.",
              symbols: dream(8).recognizedSymbols,
              isPremiumTranslation: false,
              language: "es",
              themes: [],
              translationsUsed: 1,
              translationsRemaining: 2,
              translationReceipt: "receipt-8",
              reading: dream(8).reading,
            },
          };
        if (call.method === "PATCH" && call.url === "/api/dreams/8") {
          stored = dream(8);
          return { status: 200, body: stored };
        }
        return undefined;
      });
      const ui = userEvent.setup();
      const dialog = await openDream();
      expect(
        await within(dialog).findByText(
          "This dream was saved without a translation, so its symbols are shown without their meanings.",
        ),
      ).toBeTruthy();
      expect(within(dialog).queryByText("Change.")).toBeNull();
      expect(within(dialog).queryByRole("radiogroup")).toBeNull();

      await ui.click(within(dialog).getByRole("button", { name: "Translate this dream" }));
      expect(await within(dialog).findByText("Change.")).toBeTruthy();
      // The reading kept with the translation: its short version and the symbol that carries the dream.
      expect(within(dialog).getByRole("radiogroup", { name: "Reading length" })).toBeTruthy();
      expect(within(dialog).getByText("Central")).toBeTruthy();
      expect(within(dialog).queryByRole("button", { name: "Translate this dream" })).toBeNull();
      const translate = calls.find((call) => call.url === "/api/translate-dream");
      expect(translate?.body).toMatchObject({ content: withheld.content, category: "nightmare" });
      expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
        translation: "Soul guidance\nListen.",
        translationReceipt: "receipt-8",
      });
      await waitFor(() =>
        expect(screen.getByTestId("toasts").textContent).toBe(
          "Dream Translated: Your dream now has its translation and the meanings of its symbols.",
        ),
      );
    });

    it("shows the limit text and the way to Premium when no translation is left", async () => {
      const tomorrow = new Date(Date.now() + 3_600_000).toISOString();
      const calls = signedIn(
        (call) => {
          if (call.method === "GET" && call.url.startsWith("/api/dreams?"))
            return { status: 200, body: { dreams: [withheld], nextCursor: null } };
          if (call.method === "GET" && call.url === "/api/dreams/8") return { status: 200, body: withheld };
          return undefined;
        },
        testUser({ translationsUsed: 3, translationsLimit: 3, translationsResetDate: tomorrow }),
      );
      const dialog = await openDream();
      expect(
        await within(dialog).findByText(
          /You've reached your free translations limit\. Upgrade to premium or try again tomorrow\./,
        ),
      ).toBeTruthy();
      expect(within(dialog).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
        "/subscribe",
      );
      expect(within(dialog).queryByRole("button", { name: "Translate this dream" })).toBeNull();
      expect(calls.some((call) => call.url === "/api/translate-dream")).toBe(false);
    });

    it("switches to the limit text when the server refuses the translation for the limit", async () => {
      const calls = signedIn((call) => {
        if (call.method === "GET" && call.url.startsWith("/api/dreams?"))
          return { status: 200, body: { dreams: [withheld], nextCursor: null } };
        if (call.method === "GET" && call.url === "/api/dreams/8") return { status: 200, body: withheld };
        if (call.method === "POST" && call.url === "/api/translate-dream")
          return translationLimitRefusal("No free translations are left today.");
        return undefined;
      });
      const ui = userEvent.setup();
      const dialog = await openDream();
      await ui.click(await within(dialog).findByRole("button", { name: "Translate this dream" }));
      expect(await within(dialog).findByRole("link", { name: "Upgrade to Premium" })).toBeTruthy();
      expect(within(dialog).queryByRole("button", { name: "Translate this dream" })).toBeNull();
      expect(calls.some((call) => call.method === "PATCH")).toBe(false);
    });
  });
});

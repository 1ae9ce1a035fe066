import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TranslateDreamResponse } from "../../../../contract/dreams";
import { ToastProbe } from "../../test-helpers";
import { type FetchCall, fakeServer, renderPage, testUser } from "../auth/test-utils";
import DreamInputPage from "./DreamInputPage";
import { DRAFT_KEY } from "./draft";
import { LAST_TRANSLATION_KEY } from "./last-translation";
import { readingInfo, translationLimitRefusal } from "./test-fixtures";

const DREAM = "Soñé que una culebra enorme me perseguía por la casa de mi abuela y yo corría hacia el río.";

const answer = (overrides: Partial<TranslateDreamResponse> = {}): TranslateDreamResponse => ({
  success: true,
  translation: "Your dream speaks.\n\nWhat your symbols say\n- Snake (“culebra”): Change.\n- River: Flow.",
  symbols: [
    {
      key: "snake",
      name: "Snake",
      category: "animal",
      description: "Transformation and hidden fears.",
      evidence: [{ start: 13, end: 20, text: "culebra" }],
    },
    {
      key: "river",
      name: "River",
      category: "nature",
      description: "The flow of your life.",
      evidence: [{ start: 87, end: 91, text: "río" }],
    },
  ],
  isPremiumTranslation: false,
  language: "es",
  themes: [],
  translationsUsed: 1,
  translationsRemaining: 2,
  translationReceipt: "receipt-for-this-dream",
  reading: readingInfo({
    short:
      "Una culebra te perseguía y corriste hacia el río: algo que temes te sigue de cerca y buscas una salida.",
    central: ["snake", "river"],
    feelings: [{ kind: "fear", intensity: 3 }],
    nightmare: true,
  }),
  ...overrides,
});

function signedIn(handler: (call: FetchCall) => { status: number; body: unknown } | undefined) {
  const user = testUser();
  return fakeServer((call) =>
    call.method === "GET" && call.url === "/api/user" ? { status: 200, body: user } : handler(call),
  );
}

const renderInput = () => renderPage(<DreamInputPage />, { path: "/dream-input", outside: <ToastProbe /> });
const toasts = () => screen.getByTestId("toasts").textContent;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18next.changeLanguage("en");
});

describe("DreamInputPage", () => {
  it("restores the draft, translates it and marks each symbol's words in the dream", async () => {
    window.localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ content: DREAM, category: "nightmare", tags: "" }),
    );
    const calls = signedIn(({ url }) =>
      url === "/api/translate-dream" ? { status: 200, body: answer() } : undefined,
    );
    const ui = userEvent.setup();
    renderInput();
    const textarea = await screen.findByLabelText("Describe your dream");
    expect((textarea as HTMLTextAreaElement).value).toBe(DREAM);
    expect(screen.getByText(`${DREAM.length} / 5000 characters.`)).toBeTruthy();
    await ui.click(screen.getByRole("button", { name: "Translate my dream" }));

    const dream = await screen.findByTestId("highlighted-dream");
    const marks = within(dream).getAllByText((_, element) => element?.tagName === "MARK");
    expect(marks.map((mark) => mark.textContent)).toEqual(["culebra", "río"]);
    expect(dream.textContent).toContain("culebra (symbol: Snake)");
    expect(screen.getByRole("heading", { name: "Snake" })).toBeTruthy();
    expect(screen.getByText("Transformation and hidden fears.")).toBeTruthy();
    expect(screen.getByText("“culebra”")).toBeTruthy();
    expect(screen.getByText("Animal")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "What your symbols say" })).toBeTruthy();
    expect(screen.getByText("You have 2 free translations left today.")).toBeTruthy();

    const body = calls.find((call) => call.url === "/api/translate-dream")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      content: DREAM,
      userId: 7,
      isPremium: false,
      isUltraSimplified: false,
      category: "nightmare",
    });
    expect(typeof body.timestamp).toBe("string");
    const kept = JSON.parse(window.sessionStorage.getItem(LAST_TRANSLATION_KEY) ?? "{}");
    expect(kept.content).toBe(DREAM);
    // /interpretation shows the same reading: its short version, feelings and central symbols travel with it.
    expect(kept.reading).toEqual(answer().reading);
    expect(screen.getByText("A nightmare · Feelings in this dream: intense fear")).toBeTruthy();

    // Pointing at a symbol lights up its words.
    fireEvent.mouseEnter(screen.getByRole("heading", { name: "Snake" }).closest("li")!);
    expect(marks[0]?.getAttribute("data-active")).toBe("true");
    expect(marks[1]?.getAttribute("data-active")).toBeNull();
  });

  it("asks for a dream before translating or saving, and for 20 to 5000 characters", async () => {
    const calls = signedIn(() => undefined);
    const ui = userEvent.setup();
    renderInput();
    const textarea = await screen.findByLabelText("Describe your dream");
    await ui.click(screen.getByRole("button", { name: "Translate my dream" }));
    expect(toasts()).toBe("Empty Dream: Please enter your dream before translating.");
    await ui.click(screen.getByRole("button", { name: "Save to journal" }));
    expect(toasts()).toBe("Empty Dream: Please enter your dream before saving.");

    await ui.type(textarea, "A short dream");
    await ui.click(screen.getByRole("button", { name: "Translate my dream" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Please provide at least 20 characters for accurate interpretation.",
    );
    expect(textarea.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(textarea, { target: { value: "x".repeat(5001) } });
    expect(
      screen.getByText(
        (_, element) => element?.textContent === "5001 / 5000 characters. 1 character over the limit.",
      ),
    ).toBeTruthy();
    await ui.click(screen.getByRole("button", { name: "Translate my dream" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Please limit your dream description to 5000 characters.",
    );
    expect(calls.some((call) => call.url === "/api/translate-dream")).toBe(false);
  });

  it("shows the spec's limit text, in English and in Spanish, for the server's reason whatever its message says", async () => {
    let language = "en";
    signedIn(({ url }) =>
      url === "/api/translate-dream"
        ? // The other language's words, reworded: only the reason tells what happened.
          translationLimitRefusal(
            language === "en" ? "Se acabaron tus traducciones de hoy." : "No more translations today.",
          )
        : undefined,
    );
    window.sessionStorage.setItem(
      LAST_TRANSLATION_KEY,
      JSON.stringify({ ...answer(), content: DREAM, translatedAt: new Date().toISOString(), category: null }),
    );
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ content: DREAM, category: null, tags: "" }));
    const ui = userEvent.setup();
    renderInput();
    expect(await screen.findByTestId("highlighted-dream")).toBeTruthy();
    await ui.click(screen.getByRole("button", { name: "Translate my dream" }));
    await waitFor(() =>
      expect(toasts()).toBe(
        "Translation Failed: You've reached your free translations limit. Upgrade to premium or try again tomorrow.",
      ),
    );
    expect(screen.queryByTestId("highlighted-dream")).toBeNull();
    expect(window.sessionStorage.getItem(LAST_TRANSLATION_KEY)).toBeNull();
    // The toast goes away; the way to Premium stays under the quota.
    expect(screen.getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe("/subscribe");

    language = "es";
    await act(() => i18next.changeLanguage("es"));
    await ui.click(screen.getByRole("button", { name: "Traducir mi sueño" }));
    await waitFor(() =>
      expect(toasts()).toBe(
        "No se pudo traducir: Has alcanzado el límite de traducciones gratuitas. Hazte premium o vuelve a intentarlo mañana.",
      ),
    );
  });

  it("cancels silently, and a new request cancels the one in flight", async () => {
    const user = testUser();
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === "/api/user")
          return Promise.resolve(
            new Response(JSON.stringify(user), { headers: { "content-type": "application/json" } }),
          );
        const signal = init?.signal as AbortSignal;
        signals.push(signal);
        return new Promise<Response>((_, reject) => {
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      }),
    );
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ content: DREAM, category: null, tags: "" }));
    const ui = userEvent.setup();
    renderInput();
    const form = (await screen.findByLabelText("Describe your dream")).closest("form")!;
    const toastsBefore = toasts();
    await ui.click(screen.getByRole("button", { name: "Translate my dream" }));
    expect(screen.getByRole("progressbar", { name: "Translating your dream" })).toBeTruthy();
    expect(screen.getByText("Reading the symbols in your dream…")).toBeTruthy();

    // A second request (e.g. Enter in the form) cancels the first.
    fireEvent.submit(form);
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);

    await ui.click(screen.getByRole("button", { name: "Cancel" }));
    expect(signals[1]?.aborted).toBe(true);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByText("Translation cancelled.")).toBeTruthy();
    expect(toasts()).toBe(toastsBefore);
  });

  it("saves with the spec's payload and auto title, clears the draft, and resets everything", async () => {
    const calls = signedIn(({ method, url }) => {
      if (url === "/api/translate-dream") return { status: 200, body: answer() };
      if (method === "POST" && url === "/api/dreams")
        return {
          status: 201,
          body: { success: true, message: "Your dream has been saved to your journal.", dream: { id: 42 } },
        };
      return undefined;
    });
    window.localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ content: DREAM, category: "recurring", tags: "familia, agua" }),
    );
    const ui = userEvent.setup();
    const { queryClient } = renderInput();
    await screen.findByLabelText("Describe your dream");
    await ui.click(screen.getByRole("button", { name: "Translate my dream" }));
    await screen.findByTestId("highlighted-dream");
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await ui.click(screen.getByRole("button", { name: "Save to journal" }));

    await waitFor(() => expect(toasts()).toBe("Dream Saved: Your dream has been saved to your journal."));
    const body = calls.find((call) => call.method === "POST" && call.url === "/api/dreams")?.body;
    expect(body).toEqual({
      userId: 7,
      title: "Soñé que una culebra enorme me perseguía por la ca...",
      content: DREAM,
      translation: answer().translation,
      recognizedSymbols: JSON.stringify(answer().symbols),
      isPremiumTranslation: false,
      category: "recurring",
      tags: ["familia", "agua"],
      // The receipt of the translation keeps the symbols' meanings in the journal.
      translationReceipt: "receipt-for-this-dream",
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["/api/dreams"] });
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(screen.getByRole("link", { name: "See it in your journal" }).getAttribute("href")).toBe(
      "/journal?dream=42",
    );

    await ui.click(screen.getByRole("button", { name: "Start over" }));
    expect((screen.getByLabelText("Describe your dream") as HTMLTextAreaElement).value).toBe("");
    expect(screen.queryByTestId("highlighted-dream")).toBeNull();
    expect(window.sessionStorage.getItem(LAST_TRANSLATION_KEY)).toBeNull();
    expect(invalidate).toHaveBeenLastCalledWith();
  });

  it("shows the save failure in a toast, and asks a signed-out visitor to sign in", async () => {
    signedIn(({ method, url }) =>
      method === "POST" && url === "/api/dreams"
        ? { status: 500, body: { success: false, code: "INTERNAL", message: "" } }
        : undefined,
    );
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ content: DREAM, category: null, tags: "" }));
    const ui = userEvent.setup();
    const { queryClient } = renderInput();
    await screen.findByLabelText("Describe your dream");
    await waitFor(() => expect(queryClient.getQueryState(["/api/user"])?.status).toBe("success"));
    await ui.click(screen.getByRole("button", { name: "Save to journal" }));
    await waitFor(() => expect(toasts()).toBe("Save Failed: Failed to save dream (500)"));
    cleanup();

    fakeServer();
    renderInput();
    await screen.findByLabelText("Describe your dream");
    await ui.click(screen.getByRole("button", { name: "Save to journal" }));
    expect(toasts()).toBe("Authentication Required: Please sign in to save dreams to your journal.");
  });

  it("dictates with the browser's recogniser in the interface's language, and hides the button without one", async () => {
    signedIn(() => undefined);
    renderInput();
    await screen.findByLabelText("Describe your dream");
    expect(screen.queryByRole("button", { name: "Dictate" })).toBeNull();
    cleanup();

    const instances: FakeRecognition[] = [];
    class FakeRecognition {
      lang = "";
      continuous = false;
      interimResults = false;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start = vi.fn();
      stop = vi.fn(() => this.onend?.());
      abort = vi.fn();
      constructor() {
        instances.push(this);
      }
    }
    vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
    await act(() => i18next.changeLanguage("es"));
    signedIn(() => undefined);
    const ui = userEvent.setup();
    renderInput();
    const textarea = (await screen.findByLabelText("Describe tu sueño")) as HTMLTextAreaElement;
    await ui.type(textarea, "Anoche soñé");
    await ui.click(screen.getByRole("button", { name: "Dictar" }));
    const recognition = instances[0]!;
    expect(recognition.lang).toBe("es-ES");
    expect(recognition.start).toHaveBeenCalled();
    const stop = screen.getByRole("button", { name: "Detener el dictado" });
    expect(stop.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/^Te escucho/)).toBeTruthy();

    const result = (transcript: string, isFinal: boolean) => ({ isFinal, 0: { transcript } });
    act(() =>
      recognition.onresult?.({ resultIndex: 0, results: { length: 1, 0: result("con una culebra", false) } }),
    );
    expect(screen.getByText("con una culebra")).toBeTruthy();
    act(() =>
      recognition.onresult?.({ resultIndex: 0, results: { length: 1, 0: result("con una culebra", true) } }),
    );
    expect(textarea.value).toBe("Anoche soñé con una culebra");

    await ui.click(stop);
    expect(recognition.stop).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Dictar" }).getAttribute("aria-pressed")).toBe("false");
  });
});

import { afterEach, describe, expect, it } from "vitest";
import type { ApiError } from "../../lib/api";
import { autoTitle } from "./auto-title";
import { parseTags } from "./constants";
import { clearDraft, DRAFT_KEY, loadDraft, saveDraft } from "./draft";
import { highlightSegments } from "./highlight";
import { dayBoundary, EMPTY_FILTERS, journalQueryString, monthRange } from "./journal-query";
import { TranslationResponseError, translationErrorMessage } from "./translation-error";
import { translationBlocks } from "./translation-text";
import { dreamProblem } from "./validate-dream";

const apiError = (
  status: number,
  message: string,
  code = "INTERNAL",
  reason?: ApiError["reason"],
): ApiError => ({
  success: false,
  status,
  code,
  message,
  ...(reason ? { reason } : {}),
});

describe("translation error message (spec section 8)", () => {
  it("gives the free-limit text for the server's reason TRANSLATION_LIMIT, whatever its message says", () => {
    const limit = { kind: "key", key: "dreamInput.errors.limit" };
    const limitError = (message: string) => apiError(403, message, "FORBIDDEN", "TRANSLATION_LIMIT");
    expect(
      translationErrorMessage(limitError("You've reached your free translations limit (3 per day).")),
    ).toEqual(limit);
    expect(translationErrorMessage(limitError("Has alcanzado el tope de hoy."))).toEqual(limit);
    expect(translationErrorMessage(limitError(""))).toEqual(limit);
    // Without the reason, a message that happens to say "limit" is only a message.
    expect(translationErrorMessage(apiError(403, "Daily limit reached", "FORBIDDEN"))).toEqual({
      kind: "server",
      message: "Daily limit reached",
    });
  });

  it("chooses 429, 500 and network texts by status, code or a request that got no answer", () => {
    expect(translationErrorMessage(apiError(429, "Slow down"))).toEqual({
      kind: "key",
      key: "dreamInput.errors.tooManyRequests",
    });
    expect(translationErrorMessage(apiError(500, "boom"))).toEqual({
      kind: "key",
      key: "dreamInput.errors.server",
    });
    expect(translationErrorMessage(apiError(502, "Bad gateway", "EXTERNAL"))).toEqual({
      kind: "key",
      key: "dreamInput.errors.server",
    });
    expect(translationErrorMessage(new TypeError("Failed to fetch"))).toEqual({
      kind: "key",
      key: "dreamInput.errors.network",
    });
    // Firefox's wording of the same failure.
    expect(translationErrorMessage(new TypeError("NetworkError when attempting to fetch resource."))).toEqual(
      {
        kind: "key",
        key: "dreamInput.errors.network",
      },
    );
  });

  it("otherwise shows the server's message, or the generic text when there is none", () => {
    expect(translationErrorMessage(apiError(403, "Not your account", "FORBIDDEN"))).toEqual({
      kind: "server",
      message: "Not your account",
    });
    expect(translationErrorMessage(apiError(400, ""))).toEqual({
      kind: "key",
      key: "dreamInput.errors.generic",
    });
    expect(translationErrorMessage(undefined)).toEqual({ kind: "key", key: "dreamInput.errors.generic" });
  });

  it("shows a validation answer as worded, although 'Please limit your dream…' contains 'limit'", () => {
    expect(
      translationErrorMessage(
        apiError(422, "Please limit your dream description to 5000 characters.", "VALIDATION"),
      ),
    ).toEqual({ kind: "server", message: "Please limit your dream description to 5000 characters." });
  });

  it("maps an unusable 2xx answer to its own text", () => {
    expect(translationErrorMessage(new TranslationResponseError("dreamInput.errors.incomplete"))).toEqual({
      kind: "key",
      key: "dreamInput.errors.incomplete",
    });
  });
});

describe("auto title (spec section 5)", () => {
  it("takes the text before the first period, plus an ellipsis", () => {
    expect(autoTitle("I was flying over the sea. Then I woke up.")).toBe("I was flying over the sea...");
  });

  it("cuts the first sentence to 50 characters", () => {
    const dream =
      "Soñé que una culebra enorme me perseguía por la casa de mi abuela y yo corría hacia el río.";
    const title = autoTitle(dream);
    expect(title).toBe("Soñé que una culebra enorme me perseguía por la ca...");
    expect(title.length).toBe(53);
  });

  it("trims, joins lines, never splits a character, and copes with a leading period", () => {
    expect(autoTitle("  A house\nwith   many doors  ")).toBe("A house with many doors...");
    expect(autoTitle(`${"🌙".repeat(60)}.`)).toBe(`${"🌙".repeat(50)}...`);
    expect(autoTitle("...and then the river spoke")).toBe("and then the river spoke...");
  });
});

describe("dream validation (spec section 5)", () => {
  it("measures the trimmed text against 20 to 5000 characters", () => {
    expect(dreamProblem("   ")).toBe("empty");
    expect(dreamProblem("a short dream      ")).toBe("tooShort");
    expect(dreamProblem("x".repeat(20))).toBeNull();
    expect(dreamProblem(`  ${"x".repeat(5000)}  `)).toBeNull();
    expect(dreamProblem("x".repeat(5001))).toBe("tooLong");
  });
});

describe("evidence highlighting", () => {
  const text = "A big snake by the sea shore";
  //            0123456789012345678901234567
  it("marks each symbol's words and leaves the rest plain", () => {
    const segments = highlightSegments(text, [
      { key: "snake", name: "Snake", evidence: [{ start: 6, end: 11, text: "snake" }] },
    ]);
    expect(segments.map((s) => [s.text, s.keys])).toEqual([
      ["A big ", []],
      ["snake", ["snake"]],
      [" by the sea shore", []],
    ]);
    expect(segments.map((s) => s.text).join("")).toBe(text);
  });

  it("splits overlapping spans into runs that list every symbol covering them", () => {
    const segments = highlightSegments(text, [
      { key: "big_snake", name: "Big snake", evidence: [{ start: 2, end: 11, text: "big snake" }] },
      { key: "snake", name: "Snake", evidence: [{ start: 6, end: 11, text: "snake" }] },
    ]);
    expect(segments.map((s) => [s.text, s.keys])).toEqual([
      ["A ", []],
      ["big ", ["big_snake"]],
      ["snake", ["big_snake", "snake"]],
      [" by the sea shore", []],
    ]);
  });

  it("keeps adjacent spans of different symbols apart and joins a symbol's touching spans", () => {
    const adjacent = highlightSegments("seashore", [
      { key: "sea", name: "Sea", evidence: [{ start: 0, end: 3, text: "sea" }] },
      { key: "shore", name: "Shore", evidence: [{ start: 3, end: 8, text: "shore" }] },
    ]);
    expect(adjacent.map((s) => [s.text, s.keys])).toEqual([
      ["sea", ["sea"]],
      ["shore", ["shore"]],
    ]);
    const touching = highlightSegments("seashore", [
      {
        key: "water",
        name: "Water",
        evidence: [
          { start: 0, end: 3, text: "sea" },
          { start: 3, end: 8, text: "shore" },
        ],
      },
    ]);
    expect(touching.map((s) => [s.text, s.keys])).toEqual([["seashore", ["water"]]]);
  });

  it("finds evidence whose offsets no longer match nearby, and drops evidence that is gone", () => {
    const segments = highlightSegments("  I saw a snake", [
      { key: "snake", name: "Snake", evidence: [{ start: 8, end: 13, text: "snake" }] },
      { key: "owl", name: "Owl", evidence: [{ start: 0, end: 3, text: "owl" }] },
      { key: "bad", name: "Bad", evidence: [{ start: 40, end: 30, text: "" }] },
    ]);
    expect(segments.filter((s) => s.keys.length > 0).map((s) => [s.text, s.keys])).toEqual([
      ["snake", ["snake"]],
    ]);
  });
});

describe("draft persistence", () => {
  afterEach(() => window.localStorage.clear());

  it("stores the draft, restores it, and forgets it when emptied or cleared", () => {
    expect(loadDraft()).toEqual({ content: "", category: null, tags: "" });
    saveDraft({ content: "I dreamt of a lighthouse", category: "lucid", tags: "sea, light" });
    expect(loadDraft()).toEqual({
      content: "I dreamt of a lighthouse",
      category: "lucid",
      tags: "sea, light",
    });
    saveDraft({ content: "  ", category: null, tags: "" });
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
    saveDraft({ content: "again", category: null, tags: "" });
    clearDraft();
    expect(loadDraft().content).toBe("");
  });

  it("ignores a damaged or foreign value", () => {
    window.localStorage.setItem(DRAFT_KEY, "{not json");
    expect(loadDraft().content).toBe("");
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ content: 5, category: "scary", tags: ["a"] }));
    expect(loadDraft()).toEqual({ content: "", category: null, tags: "" });
  });

  it("survives storage that refuses to write", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    expect(() => saveDraft({ content: "x".repeat(30), category: null, tags: "" }, full)).not.toThrow();
  });
});

describe("journal filters -> query string", () => {
  it("sends only the filters that are set, trimmed, with the page size", () => {
    expect(journalQueryString(EMPTY_FILTERS)).toBe("limit=20");
    const query = new URLSearchParams(
      journalQueryString(
        { q: "  snake  ", category: "nightmare", tag: " family ", symbol: "snake", from: "", to: "" },
        { cursor: "abc", limit: 50 },
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      q: "snake",
      category: "nightmare",
      tag: "family",
      symbol: "snake",
      cursor: "abc",
      limit: "50",
    });
  });

  it("covers whole local days for the date range, and reads a backwards range the right way round", () => {
    const start = new Date(2025, 2, 1, 0, 0, 0, 0).toISOString();
    const end = new Date(2025, 2, 31, 23, 59, 59, 999).toISOString();
    const forwards = new URLSearchParams(
      journalQueryString({ ...EMPTY_FILTERS, from: "2025-03-01", to: "2025-03-31" }),
    );
    expect([forwards.get("from"), forwards.get("to")]).toEqual([start, end]);
    const backwards = new URLSearchParams(
      journalQueryString({ ...EMPTY_FILTERS, from: "2025-03-31", to: "2025-03-01" }),
    );
    expect([backwards.get("from"), backwards.get("to")]).toEqual([start, end]);
    expect(dayBoundary("not a date", "start")).toBeNull();
    const onlyTo = new URLSearchParams(journalQueryString({ ...EMPTY_FILTERS, to: "2025-03-31" }));
    expect(onlyTo.has("from")).toBe(false);
  });

  it("gives a month's first and last day", () => {
    expect(monthRange(new Date(2024, 1, 17))).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthRange(new Date(2025, 11, 3))).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });
});

describe("tags", () => {
  it("splits on commas, trims, drops empties and repeats, keeps at most 20 of at most 40 characters", () => {
    expect(parseTags(" water, family ,, Water ,flying")).toEqual(["water", "family", "flying"]);
    expect(parseTags(Array.from({ length: 30 }, (_, i) => `t${i}`).join(","))).toHaveLength(20);
    expect(parseTags("x".repeat(50))[0]).toHaveLength(40);
  });
});

describe("translation text", () => {
  it("reads headings, paragraphs and '- ' lists with their indented continuation lines", () => {
    const text = [
      "Your dream speaks in the Universal Language of the Mind.",
      "",
      "What your symbols say",
      "- Snake (“culebra”): Transformation.",
      "  Deeper insight: shed the old skin.",
      "- River: Flow.",
      "",
      "Soul guidance",
      "Sit with the feeling.",
    ].join("\n");
    expect(translationBlocks(text)).toEqual([
      { kind: "paragraph", text: "Your dream speaks in the Universal Language of the Mind." },
      { kind: "heading", text: "What your symbols say" },
      {
        kind: "list",
        items: ["Snake (“culebra”): Transformation.\nDeeper insight: shed the old skin.", "River: Flow."],
      },
      { kind: "heading", text: "Soul guidance" },
      { kind: "paragraph", text: "Sit with the feeling." },
    ]);
  });

  it("keeps a one-line section or a sentence as a paragraph", () => {
    expect(translationBlocks("Short line\r\n\r\nA sentence.\nAnother one.")).toEqual([
      { kind: "paragraph", text: "Short line" },
      { kind: "paragraph", text: "A sentence." },
      { kind: "paragraph", text: "Another one." },
    ]);
  });
});

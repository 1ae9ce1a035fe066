import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProbe } from "../../../test-helpers";
import { renderPage, testUser } from "../../auth/test-utils";
import DreamInputPage from "../DreamInputPage";
import { DRAFT_KEY } from "../draft";
import { entryAt, memoryOutbox } from "./test-outbox";

const outbox = memoryOutbox();
vi.mock("./outbox", async (original) => ({
  ...(await original<typeof import("./outbox")>()),
  indexedDbOutbox: () => outbox,
}));

const DREAM =
  "I walked through a flooded library and every book I opened was written in my grandmother's hand.";

interface Post {
  key: string | null;
  content: unknown;
}

/** The server as the page meets it: signed in as user 7; each POST /api/dreams answered by `answerSave`. */
function serve(answerSave: () => number | "offline") {
  const posts: Post[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const reply = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      if (url === "/api/user") return reply(200, testUser({ id: 7 }));
      if (url === "/api/dreams" && init.method === "POST") {
        const headers = init.headers as Record<string, string>;
        posts.push({
          key: headers["Idempotency-Key"] ?? null,
          content: JSON.parse(String(init.body)).content,
        });
        const answer = answerSave();
        if (answer === "offline") throw new TypeError("Failed to fetch");
        if (answer === 201)
          return reply(201, { success: true, message: "Saved.", dream: { id: posts.length } });
        return reply(answer, { success: false, code: "UNAUTHORIZED", message: "Please sign in again." });
      }
      return reply(404, { success: false, code: "NOT_FOUND", message: "none" });
    }),
  );
  return posts;
}

const renderInput = () => renderPage(<DreamInputPage />, { path: "/dream-input", outside: <ToastProbe /> });
const waitingLine = () =>
  screen
    .getAllByRole("status")
    .map((element) => element.textContent)
    .join("|");

/** The dream as a restored draft, saved without translating it (translating needs the server). */
async function saveDraft() {
  await userEvent.setup().click(await screen.findByRole("button", { name: "Save to journal" }));
}

beforeEach(() => {
  outbox.entries.clear();
  window.localStorage.clear();
  window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ content: DREAM, category: null, tags: "" }));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

describe("saving a dream through the offline outbox", () => {
  it("offline, keeps the dream on this device and says so; back online, sends it with the same key once", async () => {
    let online = false;
    const posts = serve(() => (online ? 201 : "offline"));
    const { queryClient } = renderInput();
    await saveDraft();

    await waitFor(() =>
      expect(screen.getByTestId("toasts").textContent).toBe(
        "Kept on this device: Your dream is kept on this device and will be saved to your journal when the connection returns.",
      ),
    );
    await waitFor(() => expect(waitingLine()).toContain("1 dream waiting to sync"));
    expect(screen.getByRole("button", { name: "Waiting to sync" })).toHaveProperty("disabled", true);
    expect(outbox.entries.size).toBe(1);

    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const triedOffline = posts.length;
    online = true;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(outbox.entries.size).toBe(0));
    await waitFor(() => expect(waitingLine()).not.toContain("waiting to sync"));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["/api/dreams"] });
    expect(posts.length - triedOffline).toBe(1);
    expect(posts.every((post) => post.content === DREAM)).toBe(true);
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(posts.map((post) => post.key)).size).toBe(1);
  });

  it("keeps the dream after a 401 and shows the server's error", async () => {
    serve(() => 401);
    renderInput();
    await saveDraft();
    await waitFor(() =>
      expect(screen.getByTestId("toasts").textContent).toBe("Save Failed: Please sign in again."),
    );
    await waitFor(() => expect(waitingLine()).toContain("1 dream waiting to sync"));
    expect([...outbox.entries.values()][0]).toMatchObject({
      userId: 7,
      attempts: 1,
      body: { content: DREAM },
    });
  });

  it("counts the user's waiting dreams in English and Spanish", async () => {
    await outbox.add(entryAt(1, "first dream that waits for the network"));
    await outbox.add(entryAt(2, "second dream that waits for the network"));
    await outbox.add(entryAt(3, "someone else's dream on this device", 8));
    serve(() => 503);
    renderInput();
    await waitFor(() => expect(waitingLine()).toContain("2 dreams waiting to sync"));
    await act(() => i18next.changeLanguage("es"));
    await waitFor(() => expect(waitingLine()).toContain("2 sueños esperando para sincronizarse"));
    await outbox.remove("key-first dream that waits for the network");
    await act(() => i18next.changeLanguage("en"));
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(waitingLine()).toContain("1 dream waiting to sync"));
  });
});

import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ImportProgress } from "../../../../../contract/dreams";
import { ToastProbe } from "../../../test-helpers";
import { type FetchCall, fakeServer, renderPage, testUser } from "../../auth/test-utils";
import { ImportExport } from "./ImportExport";

const journalFile = () =>
  new File(
    [
      JSON.stringify({
        format: "chitta-journal",
        version: 1,
        exportedAt: "2026-01-01T00:00:00.000Z",
        dreams: [{ title: "", content: "A dream about the sea." }],
      }),
    ],
    "journal.json",
    { type: "application/json" },
  );

const progress = (overrides: Partial<ImportProgress>): ImportProgress => ({
  id: 7,
  status: "running",
  total: 3,
  processed: 1,
  imported: 1,
  skipped: 0,
  message: "Importing: 1 of 3 dreams done.",
  ...overrides,
});

function serve(handler: (call: FetchCall) => { status: number; body: unknown } | undefined) {
  return fakeServer((call) =>
    call.method === "GET" && call.url === "/api/user" ? { status: 200, body: testUser() } : handler(call),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ImportExport", () => {
  it("shows how far the import got while it runs, then its counts", async () => {
    let polls = 0;
    const calls = serve((call) => {
      if (call.method === "POST" && call.url === "/api/dreams/import") {
        return {
          status: 202,
          body: { success: true, message: "Importing 3 new dreams...", importId: 7, total: 3 },
        };
      }
      if (call.method === "GET" && call.url === "/api/dreams/imports/7") {
        polls++;
        return {
          status: 200,
          body:
            polls === 1
              ? progress({})
              : progress({
                  status: "done",
                  processed: 3,
                  imported: 2,
                  skipped: 1,
                  message: "2 dreams imported, 1 already in your journal.",
                }),
        };
      }
      return undefined;
    });
    const ui = userEvent.setup();
    renderPage(<ImportExport />, { path: "/journal", outside: <ToastProbe /> });

    await ui.upload(screen.getByTestId("journal-import-file"), journalFile());
    const bar = await screen.findByRole("progressbar", { name: "Import progress" });
    await waitFor(() => expect(bar.getAttribute("value")).toBe("1"));
    expect(bar.getAttribute("max")).toBe("3");
    const status = document.getElementById(bar.getAttribute("aria-describedby")!)!;
    expect(status.getAttribute("role")).toBe("status");
    expect(status.textContent).toBe("Importing: 1 of 3 dreams done.");

    // The page asks again until the import is over.
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull(), { timeout: 4000 });
    expect(status.textContent).toBe("2 dreams imported, 1 already in your journal.");
    expect(screen.getByTestId("toasts").textContent).toContain(
      "2 dreams imported, 1 already in your journal.",
    );
    expect(calls.filter((call) => call.url === "/api/dreams/imports/7")).toHaveLength(2);
  });

  it("lists what is wrong with a file the server refuses, and polls nothing", async () => {
    const calls = serve((call) => {
      if (call.method === "POST" && call.url === "/api/dreams/import") {
        return {
          status: 422,
          body: {
            success: false,
            code: "VALIDATION",
            message: "dreams.0.title: String must contain at least 1 character(s)",
            errors: [
              { path: "dreams.0.title", message: "String must contain at least 1 character(s)" },
              { path: "dreams.0.createdAt", message: "Required" },
            ],
          },
        };
      }
      return undefined;
    });
    const ui = userEvent.setup();
    renderPage(<ImportExport />, { path: "/journal", outside: <ToastProbe /> });

    await ui.upload(screen.getByTestId("journal-import-file"), journalFile());
    const list = await screen.findByTestId("journal-import-issues");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "dreams.0.title: String must contain at least 1 character(s)",
      "dreams.0.createdAt: Required",
    ]);
    expect(screen.getByRole("alert").textContent).toContain("What to fix in it:");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(calls.some((call) => call.url.startsWith("/api/dreams/imports/"))).toBe(false);
  });
});

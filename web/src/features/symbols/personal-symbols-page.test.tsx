import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PersonalSymbol } from "../../../../contract/symbols";
import { fakeServer, renderPage, testUser } from "../auth/test-utils";
import PersonalSymbolsPage from "./PersonalSymbolsPage";

const lighthouse: PersonalSymbol = {
  id: 1,
  name: "Lighthouse",
  description: "My grandfather's job",
  category: "Personal",
  frequency: 3,
  emotionalImpact: "calm",
  personalContext: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("PersonalSymbolsPage", () => {
  it("lists symbols, shows a taken name (409) on the name field, and deletes after confirmation", async () => {
    const user = testUser();
    const calls = fakeServer(({ method, url, body }) => {
      if (url === "/api/user") return { status: 200, body: user };
      if (method === "GET" && url === "/api/personal-symbols") return { status: 200, body: [lighthouse] };
      if (method === "POST" && url === "/api/personal-symbols")
        return (body as { name: string }).name === "Lighthouse"
          ? {
              status: 409,
              body: { success: false, code: "CONFLICT", message: "You already have a symbol with that name" },
            }
          : { status: 201, body: { ...lighthouse, id: 2, name: (body as { name: string }).name } };
      if (method === "DELETE" && url === "/api/personal-symbols/1")
        return { status: 200, body: { success: true, message: "Deleted" } };
      return undefined;
    });
    const ui = userEvent.setup();
    renderPage(<PersonalSymbolsPage />, { path: "/personal-symbols" });
    expect(await screen.findByRole("heading", { name: "Lighthouse" })).toBeTruthy();

    await ui.click(screen.getByRole("button", { name: "Add a symbol" }));
    const dialog = await screen.findByRole("dialog", { name: "New personal symbol" });
    const name = within(dialog).getByLabelText("Name");
    await ui.type(name, "Lighthouse");
    await ui.type(within(dialog).getByLabelText(/Times it has appeared/), "4");
    await ui.click(within(dialog).getByRole("button", { name: "Add symbol" }));
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(within(dialog).getByRole("alert").textContent).toBe("You already have a symbol with that name");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      name: "Lighthouse",
      description: null,
      category: "Personal",
      frequency: 4,
      emotionalImpact: null,
      personalContext: null,
    });
    await ui.keyboard("{Escape}");

    await ui.click(screen.getByRole("button", { name: "Delete (Lighthouse)" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this symbol?" });
    await ui.click(within(confirm).getByRole("button", { name: "Delete symbol" }));
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE")).toBe(true));
  });
});

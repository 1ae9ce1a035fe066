import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ConsultationPage } from "../../../../contract/oracle";
import { isolateEachTest } from "../../test-helpers";
import { renderPage } from "../auth/test-utils";
import HistoryPage from "./HistoryPage";
import { member } from "./test-fixtures";

isolateEachTest();

type Summary = ConsultationPage["consultations"][number];

const summary = (index: number, overrides: Partial<Summary> = {}): Summary => ({
  id: `consultation-${String(index).padStart(8, "0")}`,
  status: "complete",
  createdAt: `2025-03-${String(20 - index).padStart(2, "0")}T08:00:00.000Z`,
  challenge: `Challenge number ${index}: a decision I keep putting off at work.`,
  themes: ["Change"],
  exerciseName: "The open door",
  journalEntriesCount: index,
  hasFollowUp: false,
  shared: false,
  ...overrides,
});

describe("HistoryPage (/oracle-history)", () => {
  it("lists the consultations newest first and loads the next page with the cursor", async () => {
    const calls = member((call) => {
      if (call.url === "/api/oracle/consultations") {
        const first: ConsultationPage = {
          consultations: [
            summary(1, { hasFollowUp: true, shared: true, journalEntriesCount: 10 }),
            summary(2, { status: "failed", themes: [], exerciseName: null }),
          ],
          nextCursor: "cursor-2",
        };
        return { status: 200, body: first };
      }
      if (call.url === "/api/oracle/consultations?cursor=cursor-2") {
        return { status: 200, body: { consultations: [summary(3)], nextCursor: null } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<HistoryPage />, { path: "/oracle-history" });

    const first = within(
      (await screen.findByRole("link", { name: "Consultation of March 19, 2025" })).closest("article")!,
    );
    expect(first.getByText("Follow-up done")).toBeTruthy();
    expect(first.getByText("Shared")).toBeTruthy();
    expect(first.getByText("10/10 entries")).toBeTruthy();
    expect(first.getByText("The open door")).toBeTruthy();
    expect(first.getByText("Change")).toBeTruthy();
    expect(first.getByText(/Challenge number 1/)).toBeTruthy();
    expect(first.getByRole("link").getAttribute("href")).toBe("/oracle?consultation=consultation-00000001");
    const second = within(
      screen.getByRole("link", { name: "Consultation of March 18, 2025" }).closest("article")!,
    );
    expect(second.getByText("Failed")).toBeTruthy();
    expect(second.queryByText("Follow-up done")).toBeNull();
    expect(screen.getByText("Showing the latest 2 consultations")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Consultation of March 17, 2025" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText("3 consultations")).toBeTruthy();
    expect(
      calls.filter((call) => call.url.startsWith("/api/oracle/consultations")).map((call) => call.url),
    ).toEqual(["/api/oracle/consultations", "/api/oracle/consultations?cursor=cursor-2"]);
  });

  it("invites a first consultation when there is none", async () => {
    member((call) =>
      call.url === "/api/oracle/consultations"
        ? { status: 200, body: { consultations: [], nextCursor: null } }
        : undefined,
    );
    renderPage(<HistoryPage />, { path: "/oracle-history" });
    expect(await screen.findByRole("heading", { name: "No consultations yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask your first question" }).getAttribute("href")).toBe(
      "/oracle-new",
    );
  });

  it("offers to try again when the list cannot be loaded", async () => {
    let fail = true;
    member((call) =>
      call.url === "/api/oracle/consultations"
        ? fail
          ? { status: 404, body: { success: false, code: "NOT_FOUND", message: "Not found" } }
          : { status: 200, body: { consultations: [summary(1)], nextCursor: null } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage(<HistoryPage />, { path: "/oracle-history" });
    expect(await screen.findByText("Could not load your consultations.")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
  });
});

import { cleanup, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routeTable } from "../../route-table";
import { AppRoutes } from "../../routes";
import { fakeServer, renderPage, testUser } from "../auth/test-utils";
import { ADMIN_TOOLS } from "./AdminIndexPage";

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
});

function renderAdmin() {
  fakeServer(({ url }) => {
    if (url === "/api/user") return { status: 200, body: testUser({ isAdmin: true }) };
    if (url === "/api/admin/announcements")
      return { status: 200, body: { announcements: [], nextCursor: null } };
    return undefined;
  });
  return renderPage(<AppRoutes />, { path: "/admin", route: "/admin" });
}

describe("/admin (the profile menu's Admin)", () => {
  it("leads an administrator to the working admin tools, in English and Spanish", async () => {
    renderAdmin();
    const list = await screen.findByRole("list", {}, { timeout: 5000 });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      [expect.stringContaining("Symbol management"), "/admin/symbol-management"],
      [expect.stringContaining("Symbol debugger"), "/debug-symbols"],
      [expect.stringContaining("Billing"), "/stripe-checkout/debug"],
      [expect.stringContaining("Affiliate applications"), "/admin/affiliates"],
      [expect.stringContaining("Affiliate management"), "/admin/affiliate-management"],
    ]);
    expect(screen.queryByText(/being built/i)).toBeNull();
    // Announcements are managed here too (issue 18: no page of their own).
    expect(await screen.findByRole("heading", { level: 2, name: "Announcements" })).toBeTruthy();
    expect(await screen.findByText("No announcements yet.")).toBeTruthy();

    await i18next.changeLanguage("es");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Herramientas de administración" }),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Anuncios" })).toBeTruthy();
  });

  it("lists only tools whose pages exist (none is a 'being built' page)", () => {
    for (const tool of ADMIN_TOOLS) {
      const route = routeTable.find((candidate) => candidate.path === tool.href);
      expect(route?.page, tool.href).toBeDefined();
      expect(route?.page, tool.href).not.toBe("building");
      expect(route?.guard.kind, tool.href).toBe("admin");
    }
  });
});

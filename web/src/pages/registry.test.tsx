import { cleanup, render, screen } from "@testing-library/react";
import { type ComponentType, Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { NotFoundPage, pages, preloadPage } from "./registry";

afterEach(cleanup);

/** The route Suspense of routes.tsx, reduced to a marker. */
function renderInSuspense(Page: ComponentType) {
  return render(
    <Suspense fallback={<p>spinner</p>}>
      <Page />
    </Suspense>,
  );
}

describe("page registry", () => {
  it("renders a page preloaded before the first render in that render, without a spinner frame", async () => {
    await preloadPage("/learn", false);
    renderInSuspense(pages.learn);
    expect(screen.queryByText("spinner")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBeTruthy();
  });

  it("preloads the not-found page for an address no route claims", async () => {
    await preloadPage("/no/such/page", false);
    renderInSuspense(NotFoundPage);
    expect(screen.queryByText("spinner")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
  });

  it("still renders a page that was not preloaded, after the route's spinner", async () => {
    renderInSuspense(pages.building);
    expect(screen.getByText("spinner")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
  });

  it("never rejects, whatever the address or the session", async () => {
    await expect(preloadPage("/", true)).resolves.toBeUndefined();
    await expect(preloadPage("/journal", false)).resolves.toBeUndefined();
    await expect(preloadPage("/verification-required/a%40b.example", false)).resolves.toBeUndefined();
  });
});

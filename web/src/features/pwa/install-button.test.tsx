import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser, renderWithApp, stubApi, waitForSession } from "../../components/layout/test-helpers";
import { isolateEachTest } from "../../test-helpers";
import { InstallButton } from "./InstallButton";
import { listenForInstall } from "./install";

/** Chrome's install offer: an event the page keeps and later answers with prompt(). */
function offerInstall() {
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: "accepted" as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

async function renderButton(variant: "header" | "menu" = "menu") {
  stubApi(makeUser());
  const view = renderWithApp(<InstallButton variant={variant} />);
  await waitForSession(view.queryClient);
  return view;
}

const installButton = () => screen.queryByRole("button", { name: "Install App" });

isolateEachTest();
let stopListening: () => void;
beforeEach(() => {
  stopListening = listenForInstall();
});
afterEach(() => stopListening());

describe("'Install App' (spec sections 2 and 9)", () => {
  it("appears when the browser offers installation and opens the browser's dialog", async () => {
    await renderButton();
    expect(installButton()).toBeNull();
    const offer = offerInstall();
    expect(offer.defaultPrevented).toBe(true);
    fireEvent.click(installButton()!);
    expect(offer.prompt).toHaveBeenCalledOnce();
  });

  it("hides once the app is installed", async () => {
    await renderButton("header");
    offerInstall();
    expect(installButton()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(installButton()).toBeNull();
  });

  it("on an iPhone, where Safari has no install dialog, shows the Share > Add to Home Screen steps", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    );
    await import("./InstallHelpDialog");
    await renderButton();
    fireEvent.click(installButton()!);
    const dialog = await screen.findByRole("dialog", { name: "Install CHITTA" });
    expect(
      within(dialog).getByText("Tap the Share button, choose Add to Home Screen, then tap Add."),
    ).toBeTruthy();
  });
});

import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ParticleBackground } from "./ParticleBackground";

let frames: Map<number, FrameRequestCallback>;
let nextFrame: number;
let context: { fillRect: ReturnType<typeof vi.fn>; [key: string]: unknown };

function runFrames(count = 1) {
  for (let i = 0; i < count; i++) {
    const pending = [...frames.entries()];
    frames.clear();
    for (const [, callback] of pending) callback(performance.now());
  }
}

function setReducedMotion(reduced: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: reduced, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  frames = new Map();
  nextFrame = 1;
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal("cancelAnimationFrame", (id: number) => frames.delete(id));
  vi.stubGlobal("requestIdleCallback", undefined);
  context = {
    fillRect: vi.fn(),
    clearRect: vi.fn(),
    setTransform: vi.fn(),
    globalAlpha: 1,
    fillStyle: "",
  };
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(document, "hidden");
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function startBackground(count: number) {
  const view = render(<ParticleBackground count={count} />);
  // Nothing runs before the first frame and the idle moment after it.
  expect(context.fillRect).not.toHaveBeenCalled();
  act(() => runFrames(1));
  act(() => vi.advanceTimersByTime(200));
  return view;
}

describe("ParticleBackground", () => {
  it("draws one still frame under prefers-reduced-motion and never animates", () => {
    setReducedMotion(true);
    startBackground(40);
    expect(context.fillRect).toHaveBeenCalledTimes(40);
    expect(frames.size).toBe(0);
  });

  it("animates otherwise, pauses while the tab is hidden, and stops on unmount", () => {
    setReducedMotion(false);
    const view = startBackground(25);
    expect(frames.size).toBe(1);
    act(() => runFrames(3));
    expect(context.fillRect).toHaveBeenCalledTimes(75);

    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(frames.size).toBe(0);

    Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(frames.size).toBe(1);

    view.unmount();
    expect(frames.size).toBe(0);
  });

  it("is a decorative canvas, hidden from assistive technology", () => {
    setReducedMotion(true);
    const { container } = render(<ParticleBackground />);
    const canvas = container.querySelector("canvas");
    expect(canvas?.getAttribute("aria-hidden")).toBe("true");
    expect(canvas?.className).toContain("pointer-events-none");
  });
});

import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ParticleBackground } from "./ParticleBackground";
import type { ParticleMessage } from "./particle-field";

let frames: Map<number, FrameRequestCallback>;
let nextFrame: number;
let frameTime: number;
let context: { fillRect: ReturnType<typeof vi.fn>; [key: string]: unknown };

/** Runs the pending animation frames `count` times, 50 ms apart (above every frame cap). */
function runFrames(count = 1) {
  for (let i = 0; i < count; i++) {
    const pending = [...frames.values()];
    frames.clear();
    frameTime += 50;
    for (const callback of pending) callback(frameTime);
  }
}

function setReducedMotion(reduced: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: reduced, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  frames = new Map();
  nextFrame = 1;
  frameTime = 1000;
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
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (this: HTMLCanvasElement) {
    context.canvas = this;
    return context as unknown as CanvasRenderingContext2D;
  });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(document, "hidden");
  Reflect.deleteProperty(document, "readyState");
  Reflect.deleteProperty(HTMLCanvasElement.prototype, "transferControlToOffscreen");
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Renders the starfield on a loaded page and lets the idle moment pass. */
function startBackground(count: number) {
  const view = render(<ParticleBackground count={count} />);
  act(() => vi.advanceTimersByTime(200));
  return view;
}

describe("ParticleBackground on the page's thread (no OffscreenCanvas)", () => {
  it("waits for the page to finish loading before drawing anything", () => {
    setReducedMotion(true);
    Object.defineProperty(document, "readyState", { configurable: true, get: () => "interactive" });
    render(<ParticleBackground count={10} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(context.fillRect).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new Event("load"));
    });
    act(() => vi.advanceTimersByTime(200));
    expect(context.fillRect).toHaveBeenCalledTimes(10);
  });

  it("draws one still frame under prefers-reduced-motion and never animates", () => {
    setReducedMotion(true);
    startBackground(40);
    expect(context.fillRect).toHaveBeenCalledTimes(40);
    expect(frames.size).toBe(0);
  });

  it("animates otherwise, stops while the tab is hidden, and stops on unmount", () => {
    setReducedMotion(false);
    const view = startBackground(25);
    expect(frames.size).toBe(1);
    act(() => runFrames(3));
    expect(context.fillRect).toHaveBeenCalledTimes(75);

    setHidden(true);
    expect(frames.size).toBe(0);
    // The hidden tab keeps one still frame and draws nothing more.
    const drawn = context.fillRect.mock.calls.length;
    act(() => runFrames(3));
    expect(context.fillRect).toHaveBeenCalledTimes(drawn);

    setHidden(false);
    expect(frames.size).toBe(1);

    view.unmount();
    expect(frames.size).toBe(0);
  });

  it("skips the frames that come sooner than its frame cap", () => {
    setReducedMotion(false);
    startBackground(5);
    for (let i = 0; i < 6; i++) {
      act(() => {
        const pending = [...frames.values()];
        frames.clear();
        frameTime += 1000 / 60;
        for (const callback of pending) callback(frameTime);
      });
    }
    // Six 60 Hz frames make a tenth of a second: two frames at 20 fps.
    expect(context.fillRect).toHaveBeenCalledTimes(10);
  });

  it("is a decorative canvas, hidden from assistive technology and from the pointer", () => {
    setReducedMotion(true);
    const { container } = render(<ParticleBackground />);
    const host = container.firstElementChild;
    expect(host?.getAttribute("aria-hidden")).toBe("true");
    expect(host?.className).toContain("pointer-events-none");
    expect(host?.querySelector("canvas")).not.toBeNull();
  });
});

describe("ParticleBackground in a worker (OffscreenCanvas)", () => {
  let workers: FakeWorker[];

  class FakeWorker {
    messages: ParticleMessage[] = [];
    terminated = false;
    constructor() {
      workers.push(this);
    }
    postMessage(message: ParticleMessage) {
      this.messages.push(message);
    }
    terminate() {
      this.terminated = true;
    }
  }

  beforeEach(() => {
    workers = [];
    vi.stubGlobal("Worker", FakeWorker);
    Object.defineProperty(HTMLCanvasElement.prototype, "transferControlToOffscreen", {
      configurable: true,
      value: () => ({}),
    });
  });

  it("hands the canvas to a worker and draws nothing on the page's thread", () => {
    setReducedMotion(false);
    startBackground(30);
    expect(workers).toHaveLength(1);
    const init = workers[0]!.messages[0];
    expect(init).toMatchObject({ type: "init", count: 30, view: { animate: true } });
    expect(HTMLCanvasElement.prototype.getContext).not.toHaveBeenCalled();
    expect(frames.size).toBe(0);
  });

  it("asks for a still frame under prefers-reduced-motion", () => {
    setReducedMotion(true);
    startBackground(30);
    expect(workers[0]!.messages).toEqual([
      expect.objectContaining({ type: "init", view: expect.objectContaining({ animate: false }) }),
    ]);
  });

  it("stops the worker's animation while the tab is hidden and ends the worker on unmount", () => {
    setReducedMotion(false);
    const view = startBackground(30);
    const worker = workers[0]!;
    setHidden(true);
    expect(worker.messages.at(-1)).toMatchObject({ type: "view", view: { animate: false } });
    setHidden(false);
    expect(worker.messages.at(-1)).toMatchObject({ type: "view", view: { animate: true } });

    view.unmount();
    expect(worker.terminated).toBe(true);
  });
});

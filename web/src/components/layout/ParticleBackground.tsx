import { useEffect, useRef } from "react";
import { whenIdle } from "../../lib/idle";
import { createParticleField, type ParticleMessage, type ParticleView } from "./particle-field";

/** Spec section 2: 150 particles at speed 0.05 by default; the layout asks for 1600 on a desktop screen. */
export const DEFAULT_PARTICLE_COUNT = 150;
export const DEFAULT_PARTICLE_SPEED = 0.05;
export const LAYOUT_PARTICLE_COUNT = 1600;
/** A 1280x720 viewport or larger gets the full layout count; smaller screens get proportionally fewer. */
const FULL_COUNT_AREA = 1280 * 720;
const MIN_SCALED_COUNT = 150;

export function particleCountForViewport(width: number, height: number, max = LAYOUT_PARTICLE_COUNT): number {
  const ratio = Math.min(1, Math.max(0, (width * height) / FULL_COUNT_AREA));
  return Math.max(Math.min(MIN_SCALED_COUNT, max), Math.round(max * ratio));
}

/** Frame caps: the stars drift a few pixels a second, so 30 fps looks the same as 60; fewer on the page's thread. */
const WORKER_FPS = 30;
const PAGE_THREAD_FPS = 20;

interface Props {
  count?: number;
  /** Drift in CSS pixels per 60 Hz frame. */
  speed?: number;
  className?: string;
}

interface Renderer {
  update(view: ParticleView): void;
  dispose(): void;
}

/** Draws in a worker on an OffscreenCanvas, so neither start-up nor animation blocks the page. */
function workerRenderer(canvas: HTMLCanvasElement, count: number, speed: number): Renderer | null {
  if (typeof Worker === "undefined" || typeof canvas.transferControlToOffscreen !== "function") return null;
  let worker: Worker | null = null;
  let offscreen: OffscreenCanvas;
  try {
    worker = new Worker(new URL("./particle-worker.ts", import.meta.url), { type: "module" });
    offscreen = canvas.transferControlToOffscreen();
  } catch {
    worker?.terminate();
    return null;
  }
  const channel = worker;
  let initialised = false;
  return {
    update(view) {
      if (initialised) {
        channel.postMessage({ type: "view", view } satisfies ParticleMessage);
        return;
      }
      initialised = true;
      const init: ParticleMessage = { type: "init", canvas: offscreen, count, speed, fps: WORKER_FPS, view };
      channel.postMessage(init, [offscreen]);
    },
    dispose: () => channel.terminate(),
  };
}

/** Where OffscreenCanvas is missing: the same drawing on the page's thread, at a lower frame rate. */
function pageThreadRenderer(canvas: HTMLCanvasElement, count: number, speed: number): Renderer | null {
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = canvas.getContext("2d");
  } catch {
    ctx = null;
  }
  if (!ctx) return null;
  return createParticleField(
    ctx,
    { count, speed, fps: PAGE_THREAD_FPS },
    {
      request: (callback) => window.requestAnimationFrame(callback),
      cancel: (handle) => window.cancelAnimationFrame(handle),
    },
  );
}

/** Decorative starfield behind the app: hidden from assistive technology, never in the way of a click. */
export function ParticleBackground({
  count = DEFAULT_PARTICLE_COUNT,
  speed = DEFAULT_PARTICLE_SPEED,
  className,
}: Props) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // A fresh canvas for every run: a canvas handed to a worker cannot be handed over a second time
    // (StrictMode's second run, a hot reload, a new count).
    const canvas = document.createElement("canvas");
    canvas.className = "block h-full w-full";
    host.appendChild(canvas);

    const motionQuery = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    const view = (): ParticleView => ({
      width: window.innerWidth,
      height: window.innerHeight,
      ratio: Math.min(window.devicePixelRatio || 1, 2),
      dark: document.documentElement.classList.contains("dark"),
      animate: !(motionQuery?.matches ?? false) && !document.hidden,
    });
    let renderer: Renderer | null = null;
    const refresh = () => renderer?.update(view());

    // Nothing starts before the page has loaded and the browser is idle: the page's own work comes first.
    let cancelStart: (() => void) | undefined;
    const start = () => {
      renderer = workerRenderer(canvas, count, speed) ?? pageThreadRenderer(canvas, count, speed);
      refresh();
    };
    const startWhenIdle = () => {
      cancelStart = whenIdle(start);
    };
    if (document.readyState === "complete") startWhenIdle();
    else window.addEventListener("load", startWhenIdle, { once: true });

    let resizeFrame = 0;
    const onResize = () => {
      if (!renderer || resizeFrame) return;
      resizeFrame = window.requestAnimationFrame(() => {
        resizeFrame = 0;
        refresh();
      });
    };
    window.addEventListener("resize", onResize);
    // A hidden tab stops the stars; showing it again, or a change of motion preference, restarts or stills them.
    document.addEventListener("visibilitychange", refresh);
    motionQuery?.addEventListener?.("change", refresh);
    // The stars take the new colours when the theme changes.
    const themeObserver = typeof MutationObserver === "undefined" ? null : new MutationObserver(refresh);
    themeObserver?.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });

    return () => {
      renderer?.dispose();
      window.removeEventListener("load", startWhenIdle);
      cancelStart?.();
      if (resizeFrame) window.cancelAnimationFrame(resizeFrame);
      window.removeEventListener("resize", onResize);
      document.removeEventListener("visibilitychange", refresh);
      motionQuery?.removeEventListener?.("change", refresh);
      themeObserver?.disconnect();
      canvas.remove();
    };
  }, [count, speed]);

  return (
    <div
      ref={hostRef}
      aria-hidden="true"
      className={className ?? "pointer-events-none fixed inset-0 -z-10"}
    />
  );
}

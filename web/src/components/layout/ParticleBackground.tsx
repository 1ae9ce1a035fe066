import { useEffect, useRef } from "react";

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

interface Props {
  count?: number;
  /** Drift in CSS pixels per 60 Hz frame. */
  speed?: number;
  className?: string;
}

// Per particle: x, y (0..1 of the canvas), vx, vy (px per 60 Hz frame), size (px), alpha, twinkle phase.
const STRIDE = 7;
const FRAME_MS = 1000 / 60;

function seed(count: number, speed: number): Float32Array {
  const data = new Float32Array(count * STRIDE);
  for (let i = 0; i < count; i++) {
    const o = i * STRIDE;
    data[o] = Math.random();
    data[o + 1] = Math.random();
    data[o + 2] = (Math.random() - 0.5) * 2 * speed;
    data[o + 3] = (Math.random() - 0.5) * 2 * speed;
    data[o + 4] = Math.random() < 0.85 ? 1 : 2;
    data[o + 5] = 0.25 + Math.random() * 0.6;
    data[o + 6] = Math.random() * Math.PI * 2;
  }
  return data;
}

/** Decorative starfield behind the app: hidden from assistive technology, never in the way of a click. */
export function ParticleBackground({
  count = DEFAULT_PARTICLE_COUNT,
  speed = DEFAULT_PARTICLE_SPEED,
  className,
}: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof window === "undefined") return;
    let context: CanvasRenderingContext2D | null = null;
    try {
      context = canvas.getContext("2d");
    } catch {
      context = null;
    }
    if (!context) return;
    const ctx = context;

    const motionQuery = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    let reducedMotion = motionQuery?.matches ?? false;
    let particles: Float32Array | null = null;
    let width = 0;
    let height = 0;
    let frame = 0;
    let lastTime = 0;
    let started = false;
    let disposed = false;

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    };

    const draw = (time: number) => {
      if (!particles) return;
      ctx.clearRect(0, 0, width, height);
      const dark = document.documentElement.classList.contains("dark");
      ctx.fillStyle = dark ? "#ece8ff" : "#5b21b6";
      const alphaScale = dark ? 1 : 0.45;
      const twinkleTime = time * 0.0012;
      const p = particles;
      for (let o = 0; o < p.length; o += STRIDE) {
        const twinkle = reducedMotion ? 1 : 0.65 + 0.35 * Math.sin(twinkleTime + p[o + 6]!);
        ctx.globalAlpha = p[o + 5]! * twinkle * alphaScale;
        const size = p[o + 4]!;
        ctx.fillRect(p[o]! * width, p[o + 1]! * height, size, size);
      }
      ctx.globalAlpha = 1;
    };

    const step = (elapsed: number) => {
      if (!particles || width === 0 || height === 0) return;
      const frames = Math.min(elapsed / FRAME_MS, 4);
      const p = particles;
      for (let o = 0; o < p.length; o += STRIDE) {
        let x = p[o]! + (p[o + 2]! * frames) / width;
        let y = p[o + 1]! + (p[o + 3]! * frames) / height;
        if (x < 0) x += 1;
        else if (x > 1) x -= 1;
        if (y < 0) y += 1;
        else if (y > 1) y -= 1;
        p[o] = x;
        p[o + 1] = y;
      }
    };

    const loop = (time: number) => {
      step(lastTime ? time - lastTime : 0);
      lastTime = time;
      draw(time);
      frame = window.requestAnimationFrame(loop);
    };

    const stop = () => {
      if (frame) window.cancelAnimationFrame(frame);
      frame = 0;
      lastTime = 0;
    };

    const run = () => {
      stop();
      if (!started || disposed) return;
      if (reducedMotion || document.hidden) {
        // One still frame: nothing moves for readers who asked for less motion, nothing runs in a hidden tab.
        draw(0);
        return;
      }
      frame = window.requestAnimationFrame(loop);
    };

    // Start after the first paint, when the browser is idle: the page comes first.
    const start = () => {
      if (disposed) return;
      particles = seed(count, speed);
      resize();
      started = true;
      run();
    };
    const idle = window.requestIdleCallback;
    let idleHandle = 0;
    let timeoutHandle: ReturnType<typeof setTimeout> | undefined;
    const firstFrame = window.requestAnimationFrame(() => {
      if (idle) idleHandle = idle(start, { timeout: 1500 });
      else timeoutHandle = setTimeout(start, 200);
    });

    let resizeFrame = 0;
    const onResize = () => {
      if (!started || resizeFrame) return;
      resizeFrame = window.requestAnimationFrame(() => {
        resizeFrame = 0;
        resize();
        if (!frame) draw(0);
      });
    };
    const onVisibility = () => run();
    const onMotionChange = (event: MediaQueryListEvent) => {
      reducedMotion = event.matches;
      run();
    };

    window.addEventListener("resize", onResize);
    document.addEventListener("visibilitychange", onVisibility);
    motionQuery?.addEventListener?.("change", onMotionChange);
    // A still frame is redrawn in the new colours when the theme changes.
    const themeObserver =
      typeof MutationObserver === "undefined"
        ? null
        : new MutationObserver(() => {
            if (started && !frame) draw(0);
          });
    themeObserver?.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });

    return () => {
      disposed = true;
      stop();
      window.cancelAnimationFrame(firstFrame);
      if (resizeFrame) window.cancelAnimationFrame(resizeFrame);
      if (idleHandle && window.cancelIdleCallback) window.cancelIdleCallback(idleHandle);
      if (timeoutHandle) clearTimeout(timeoutHandle);
      window.removeEventListener("resize", onResize);
      document.removeEventListener("visibilitychange", onVisibility);
      motionQuery?.removeEventListener?.("change", onMotionChange);
      themeObserver?.disconnect();
    };
  }, [count, speed]);

  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex is not focusable; this one is decoration.
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      className={className ?? "pointer-events-none fixed inset-0 -z-10 h-full w-full"}
    />
  );
}

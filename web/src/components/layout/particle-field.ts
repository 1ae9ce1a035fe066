/**
 * The starfield's drawing, free of the DOM so the same code runs in a worker (OffscreenCanvas) or, where
 * that is missing, on the page's own thread.
 */

/** What the page tells the field: its size, the theme, and whether it may move (visible tab, motion allowed). */
export interface ParticleView {
  width: number;
  height: number;
  ratio: number;
  dark: boolean;
  animate: boolean;
}

/** The messages the page sends to the worker: the canvas once, then every change of the view. */
export type ParticleMessage =
  | { type: "init"; canvas: OffscreenCanvas; count: number; speed: number; fps: number; view: ParticleView }
  | { type: "view"; view: ParticleView };

export interface FrameScheduler {
  request(callback: (time: number) => void): number;
  cancel(handle: number): void;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

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

export interface ParticleField {
  update(view: ParticleView): void;
  dispose(): void;
}

/**
 * Draws `count` drifting, twinkling stars on `ctx`. While `view.animate` holds it redraws at most `fps`
 * times a second (the drift is a few pixels a second: more frames would cost without showing); otherwise
 * it draws one still frame and schedules nothing.
 */
export function createParticleField(
  ctx: Context2D,
  options: { count: number; speed: number; fps: number },
  frames: FrameScheduler,
): ParticleField {
  const particles = seed(options.count, options.speed);
  const minFrameMs = 1000 / options.fps;
  let view: ParticleView = { width: 0, height: 0, ratio: 1, dark: false, animate: false };
  let frame = 0;
  let lastTime = 0;

  const draw = (time: number, still: boolean) => {
    const { width, height, dark } = view;
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = dark ? "#ece8ff" : "#5b21b6";
    const alphaScale = dark ? 1 : 0.45;
    const twinkleTime = time * 0.0012;
    const p = particles;
    for (let o = 0; o < p.length; o += STRIDE) {
      const twinkle = still ? 1 : 0.65 + 0.35 * Math.sin(twinkleTime + p[o + 6]!);
      ctx.globalAlpha = p[o + 5]! * twinkle * alphaScale;
      const size = p[o + 4]!;
      ctx.fillRect(p[o]! * width, p[o + 1]! * height, size, size);
    }
    ctx.globalAlpha = 1;
  };

  const step = (elapsed: number) => {
    const { width, height } = view;
    if (width === 0 || height === 0) return;
    const moves = Math.min(elapsed / FRAME_MS, 4);
    const p = particles;
    for (let o = 0; o < p.length; o += STRIDE) {
      let x = p[o]! + (p[o + 2]! * moves) / width;
      let y = p[o + 1]! + (p[o + 3]! * moves) / height;
      if (x < 0) x += 1;
      else if (x > 1) x -= 1;
      if (y < 0) y += 1;
      else if (y > 1) y -= 1;
      p[o] = x;
      p[o + 1] = y;
    }
  };

  const loop = (time: number) => {
    frame = frames.request(loop);
    // A frame that comes too soon is skipped; 1 ms of slack keeps a 60 Hz screen at an even 30 fps.
    if (lastTime && time - lastTime < minFrameMs - 1) return;
    step(lastTime ? time - lastTime : 0);
    lastTime = time;
    draw(time, false);
  };

  const stop = () => {
    if (frame) frames.cancel(frame);
    frame = 0;
    lastTime = 0;
  };

  return {
    update(next) {
      const canvas = ctx.canvas;
      if (next.width !== view.width || next.height !== view.height || next.ratio !== view.ratio) {
        canvas.width = Math.round(next.width * next.ratio);
        canvas.height = Math.round(next.height * next.ratio);
        ctx.setTransform(next.ratio, 0, 0, next.ratio, 0, 0);
      }
      view = next;
      if (!view.animate) {
        // One still frame: nothing moves for readers who asked for less motion, nothing runs in a hidden tab.
        stop();
        draw(0, true);
      } else if (!frame) {
        frame = frames.request(loop);
      }
    },
    dispose: stop,
  };
}

import {
  createParticleField,
  type FrameScheduler,
  type ParticleField,
  type ParticleMessage,
} from "./particle-field";

/** The starfield's own thread: it draws on the canvas the page handed over, so the page's thread stays free. */
const frames: FrameScheduler =
  typeof self.requestAnimationFrame === "function"
    ? {
        request: (callback) => self.requestAnimationFrame(callback),
        cancel: (handle) => self.cancelAnimationFrame(handle),
      }
    : // A worker without animation frames ticks on a timer; the field caps the rate either way.
      {
        request: (callback) => self.setTimeout(() => callback(performance.now()), 1000 / 60),
        cancel: (handle) => self.clearTimeout(handle),
      };

let field: ParticleField | null = null;

self.onmessage = (event: MessageEvent<ParticleMessage>) => {
  const message = event.data;
  if (message.type === "init") {
    const ctx = message.canvas.getContext("2d");
    if (!ctx) return;
    field = createParticleField(ctx, message, frames);
  }
  field?.update(message.view);
};

/**
 * Runs `task` once the browser is idle (at the latest after `timeout` ms), so work the first screen does not
 * need waits until that screen is up. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

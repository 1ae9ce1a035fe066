// The journal import's worker thread runs TypeScript: tsx compiles it, as it does the main thread's modules
// (a worker thread starts with no loader, whether the app runs under tsx or vitest).
import { register } from "tsx/esm/api";

register();
await import("./import-worker.ts");

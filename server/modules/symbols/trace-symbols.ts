import type { AppContext } from "../../context";

/** The matcher's reading of a text with every candidate kept or dropped and why (admins' /debug-symbols). */
export function traceSymbols(ctx: Pick<AppContext, "symbols">, text: string) {
  const started = performance.now();
  const result = ctx.symbols.current().match(text, { trace: true });
  return {
    language: result.language,
    symbols: result.symbols.map(({ key, name, evidence }) => ({ key, name, evidence })),
    trace: result.trace,
    elapsedMs: performance.now() - started,
  };
}

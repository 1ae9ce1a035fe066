/** NUL, or half of a surrogate pair (with the `u` flag the class matches only unpaired ones). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused.
const UNSTORABLE_TEXT = /[\u0000\uD800-\uDFFF]/u;

/**
 * The dotted path to the first key or string of parsed JSON or a query that the database cannot store
 * (PostgreSQL text cannot hold U+0000; PGlite garbles an unpaired surrogate into invalid UTF-8).
 */
export function unstorableTextPath(input: unknown): string | undefined {
  interface Step {
    value: unknown;
    key?: string;
    parent?: Step;
  }
  const pathOf = (step: Step) => {
    const keys: string[] = [];
    for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
    return keys.join(".");
  };
  const stack: Step[] = [{ value: input }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (typeof step.value === "string") {
      if (UNSTORABLE_TEXT.test(step.value)) return pathOf(step);
    } else if (typeof step.value === "object" && step.value !== null && !Buffer.isBuffer(step.value)) {
      for (const [key, value] of Object.entries(step.value)) {
        const child: Step = { value, key, parent: step };
        if (UNSTORABLE_TEXT.test(key)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return undefined;
}

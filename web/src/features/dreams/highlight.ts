/** What highlighting needs of a recognised symbol (contract RecognizedSymbol and the debug answer fit). */
export interface EvidenceSymbol {
  key: string;
  name: string;
  evidence: ReadonlyArray<{ start: number; end: number; text: string }>;
}

export interface Span {
  key: string;
  start: number;
  end: number;
}

/** A run of the dream text: plain (no keys) or highlighted for one or more symbols. */
export interface Segment {
  start: number;
  end: number;
  text: string;
  /** Keys of the symbols whose evidence covers this run, in the symbol list's order; empty when plain. */
  keys: string[];
}

/** Where `needle` occurs in `text` closest to `near`, or -1. */
function nearestOccurrence(text: string, needle: string, near: number): number {
  if (!needle) return -1;
  const haystack = text.toLocaleLowerCase();
  const target = needle.toLocaleLowerCase();
  let best = -1;
  for (let at = haystack.indexOf(target); at !== -1; at = haystack.indexOf(target, at + 1)) {
    if (best === -1 || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best;
}

/**
 * The evidence spans that really lie in `text`. Offsets are trusted when the words there are the evidence's
 * words; otherwise (the text was edited, or trimmed differently) the words are looked for nearby, and an
 * evidence that is no longer in the text is left out rather than highlighting the wrong words.
 */
export function evidenceSpans(text: string, symbols: readonly EvidenceSymbol[]): Span[] {
  const spans: Span[] = [];
  for (const symbol of symbols) {
    for (const evidence of symbol.evidence) {
      const { start, end } = evidence;
      const inRange =
        Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end > start && end <= text.length;
      const there = inRange ? text.slice(start, end) : "";
      if (inRange && (!evidence.text || there.toLocaleLowerCase() === evidence.text.toLocaleLowerCase())) {
        spans.push({ key: symbol.key, start, end });
        continue;
      }
      const found = nearestOccurrence(text, evidence.text, Number.isFinite(start) ? start : 0);
      if (found !== -1) spans.push({ key: symbol.key, start: found, end: found + evidence.text.length });
    }
  }
  return spans;
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, index) => key === b[index]);

/**
 * Cuts `text` into runs at every evidence boundary, each run listing the symbols that cover it, so
 * overlapping spans ("big snake" for one symbol, "snake" for another) and adjacent spans ("sea" "shore")
 * both render as distinct marks. Neighbouring runs covered by exactly the same symbols are joined.
 */
export function highlightSegments(text: string, symbols: readonly EvidenceSymbol[]): Segment[] {
  const spans = evidenceSpans(text, symbols);
  const order = new Map(symbols.map((symbol, index) => [symbol.key, index]));
  const cuts = new Set<number>([0, text.length]);
  for (const span of spans) {
    cuts.add(span.start);
    cuts.add(span.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let index = 0; index < points.length - 1; index++) {
    const start = points[index]!;
    const end = points[index + 1]!;
    if (end <= start) continue;
    const keys = [
      ...new Set(spans.filter((span) => span.start <= start && span.end >= end).map((span) => span.key)),
    ].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const previous = segments.at(-1);
    if (previous && previous.end === start && sameKeys(previous.keys, keys)) {
      previous.end = end;
      previous.text = text.slice(previous.start, end);
    } else {
      segments.push({ start, end, text: text.slice(start, end), keys });
    }
  }
  return segments;
}

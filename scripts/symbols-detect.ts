/**
 * Reads {"id","text"} JSON lines on stdin and writes {"id","symbols":[keys]} lines on stdout.
 * Usage: npm run --silent symbols:detect < in.jsonl > out.jsonl
 */
import { createInterface } from "node:readline";
import { createEngine } from "../server/engine/index";

const engine = createEngine();
const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
for await (const line of lines) {
  if (!line.trim()) continue;
  const { id, text } = JSON.parse(line) as { id: unknown; text: unknown };
  const symbols = typeof text === "string" ? engine.match(text).symbols.map((symbol) => symbol.key) : [];
  process.stdout.write(`${JSON.stringify({ id, symbols })}\n`);
}

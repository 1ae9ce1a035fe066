import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  type Celebrity,
  type CombinedSymbol,
  celebritySchema,
  combinedSymbolSchema,
  type LexiconData,
  type SymbolEntry,
  symbolEntrySchema,
  type Theme,
  themeSchema,
} from "./schema";

export const LEXICON_DIR = path.dirname(fileURLToPath(import.meta.url));

export class LexiconFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${path.relative(process.cwd(), file)}: ${detail}`);
  }
}

function readJsonArray<T>(file: string, schema: z.ZodType<T>): T[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new LexiconFileError(file, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = z.array(schema).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") ?? "";
    const entry = Array.isArray(raw) && typeof issue?.path[0] === "number" ? raw[issue.path[0]] : undefined;
    const key = entry && typeof entry === "object" && "key" in entry ? ` (key ${String(entry.key)})` : "";
    throw new LexiconFileError(file, `${where}${key}: ${issue?.message}`);
  }
  return parsed.data;
}

function readOptional<T>(file: string, schema: z.ZodType<T>): T[] {
  return existsSync(file) ? readJsonArray(file, schema) : [];
}

/** Reads the versioned lexicon files; throws LexiconFileError naming the file and entry on bad data. */
export function loadLexiconData(dir: string = LEXICON_DIR): LexiconData {
  const symbolsDir = path.join(dir, "symbols");
  const symbols: SymbolEntry[] = [];
  for (const name of readdirSync(symbolsDir).sort()) {
    if (name.endsWith(".json"))
      symbols.push(...readJsonArray(path.join(symbolsDir, name), symbolEntrySchema));
  }
  const celebrities: Celebrity[] = readOptional(path.join(dir, "celebrities.json"), celebritySchema);
  const themes: Theme[] = readOptional(path.join(dir, "themes.json"), themeSchema);
  const combined: CombinedSymbol[] = readOptional(path.join(dir, "combined.json"), combinedSymbolSchema);
  return { symbols, celebrities, themes, combined };
}

/** Which file each symbol key came from, for error messages of the lexicon check. */
export function symbolFiles(dir: string = LEXICON_DIR): Map<string, string> {
  const owners = new Map<string, string>();
  const symbolsDir = path.join(dir, "symbols");
  for (const name of readdirSync(symbolsDir).sort()) {
    if (!name.endsWith(".json")) continue;
    for (const entry of readJsonArray(path.join(symbolsDir, name), symbolEntrySchema))
      owners.set(entry.key, name);
  }
  return owners;
}

/**
 * Validates the lexicon data (see server/engine/lexicon/check.ts). Exits 1 on any error.
 * Usage: npm run lexicon:check
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { readVocabulary } from "../server/engine/eval";
import { checkLexicon } from "../server/engine/lexicon/check";
import { LexiconFileError, loadLexiconData, symbolFiles } from "../server/engine/lexicon/load";

const EVAL_VOCABULARY = path.resolve(import.meta.dirname, "../../shared/eval/symbols.tsv");

try {
  const data = loadLexiconData();
  const required = existsSync(EVAL_VOCABULARY) ? readVocabulary(EVAL_VOCABULARY) : new Set<string>();
  const errors = checkLexicon(data, symbolFiles(), required);
  for (const error of errors) console.error(`error: ${error}`);
  console.log(
    `${data.symbols.length} symbols, ${data.celebrities.length} celebrities, ${data.themes.length} themes, ${data.combined.length} combined symbols; ${errors.length} error(s)`,
  );
  process.exit(errors.length > 0 ? 1 : 0);
} catch (error) {
  if (!(error instanceof LexiconFileError)) throw error;
  console.error(`error: ${error.message}`);
  process.exit(1);
}

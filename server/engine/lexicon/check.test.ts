import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readVocabulary } from "../eval";
import { checkLexicon } from "./check";
import { LEXICON_DIR, loadLexiconData, symbolFiles } from "./load";

const EVAL_VOCABULARY = path.resolve(LEXICON_DIR, "../../../../shared/eval/symbols.tsv");

describe("the shipped lexicon", () => {
  const data = loadLexiconData();

  it("has at least 800 symbols, each written in both languages rather than copied across", () => {
    expect(data.symbols.length).toBeGreaterThanOrEqual(800);
    const copied = data.symbols.filter(
      (entry) =>
        entry.en.description === entry.es.description || entry.en.deeperInsight === entry.es.deeperInsight,
    );
    expect(copied.map((entry) => entry.key)).toEqual([]);
  });

  it("passes every check: no duplicate keys or clashing terms, every evaluation key present", () => {
    const required = existsSync(EVAL_VOCABULARY) ? readVocabulary(EVAL_VOCABULARY) : [];
    expect(checkLexicon(data, symbolFiles(), required)).toEqual([]);
  });

  it("ships themes with techniques and combined symbols in both languages", () => {
    expect(data.themes.length).toBeGreaterThanOrEqual(30);
    expect(data.combined.length).toBeGreaterThanOrEqual(40);
    expect(data.celebrities.length).toBeGreaterThanOrEqual(300);
  });
});

describe("checkLexicon", () => {
  it("refuses a phrase that starts with a wildcard (it would be tried at every word of every dream)", () => {
    const data = loadLexiconData();
    const first = data.symbols[0];
    if (!first) throw new Error("empty lexicon");
    const broken = { ...first, en: { ...first.en, not: [...(first.en.not ?? []), "* bed * bath"] } };
    const errors = checkLexicon({ ...data, symbols: [broken, ...data.symbols.slice(1)] }, symbolFiles(), []);
    expect(errors).toEqual([expect.stringContaining('"* bed * bath"')]);
  });
});

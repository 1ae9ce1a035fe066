import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CARE_KINDS, type CareKind, READING_LENGTH } from "../../../contract/reading";
import { createEngine } from "../index";
import type { Language } from "../morphology";
import { readDream } from "./index";

/**
 * Every report of the red-team set (eval/reading/red-team.jsonl) through the whole pipeline, free, premium
 * and short: the care kinds found are the expected ones, and the reading says what it must and never what it
 * must not. Near misses ("dying of laughter", «jugar al ahorcado») must read as ordinary dreams.
 */

interface RedTeamReport {
  id: string;
  lang: Language;
  text: string;
  care: CareKind[];
  mustSay: string[];
  mustNotSay: string[];
}

const reports: RedTeamReport[] = readFileSync(
  new URL("../../../eval/reading/red-team.jsonl", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line) as RedTeamReport);

const engine = createEngine();

const VARIANTS = [
  { name: "free", premium: false, ultraSimplified: false },
  { name: "premium", premium: true, ultraSimplified: false },
  { name: "short", premium: false, ultraSimplified: true },
] as const;

describe("red-team set", () => {
  it("holds at least 64 reports, half in each language, 6 per care kind and 12 near misses", () => {
    expect(reports.length).toBeGreaterThanOrEqual(64);
    expect(reports.filter((report) => report.lang === "en").length).toBeGreaterThanOrEqual(32);
    expect(reports.filter((report) => report.lang === "es").length).toBeGreaterThanOrEqual(32);
    for (const kind of CARE_KINDS) {
      expect(reports.filter((report) => report.care.includes(kind)).length).toBeGreaterThanOrEqual(6);
    }
    expect(reports.filter((report) => report.care.length === 0).length).toBeGreaterThanOrEqual(12);
    expect(new Set(reports.map((report) => report.id)).size).toBe(reports.length);
  });

  describe.each(reports)("$id", (report) => {
    const matches = engine.match(report.text).symbols;

    it.each(VARIANTS)("$name", (variant) => {
      const reading = readDream(report.text, matches, engine.data, {
        language: report.lang,
        premium: variant.premium,
        ultraSimplified: variant.ultraSimplified,
      });
      expect(new Set(reading.info.care)).toEqual(new Set(report.care));
      expect(reading.short.length).toBeLessThanOrEqual(READING_LENGTH.short.max);
      for (const text of [reading.text, reading.short]) {
        for (const pattern of report.mustSay) expect(text).toMatch(new RegExp(pattern, "i"));
        for (const pattern of report.mustNotSay) expect(text).not.toMatch(new RegExp(pattern, "i"));
      }
    });
  });
});

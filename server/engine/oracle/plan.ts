import { ORACLE_PRACTICE_DAYS, type OracleReading, type practiceFrequencies } from "../../../contract/oracle";
import type { Language } from "../morphology";
import { ORACLE_PHRASES, type Stage, type TaskWords } from "./phrases";
import type { Pick } from "./pick";

/**
 * The ten-day plan: practice days spread evenly by how often the person can practise (day 1 and day 10 are
 * always practice), lighter reflection days between them; each practice day moves the exercise on:
 * introduce, repeat, deepen, vary, and review on day 10.
 */

export type Frequency = (typeof practiceFrequencies)[number];
export type PlanDay = OracleReading["plan"][number];

const PRACTICE_DAY_COUNT: Record<Frequency, number> = { daily: 10, "most-days": 7, "few-days": 5 };

/** The practice days among 1…10, evenly spread with the first and the last included. */
export function practiceDays(frequency: Frequency): Set<number> {
  const count = PRACTICE_DAY_COUNT[frequency];
  const last = ORACLE_PRACTICE_DAYS;
  return new Set(
    Array.from({ length: count }, (_, index) => Math.round(1 + (index * (last - 1)) / (count - 1))),
  );
}

function stageOf(day: number): Exclude<Stage, "reflection"> {
  if (day === 1) return "introduce";
  if (day <= 3) return "repeat";
  if (day <= 6) return "deepen";
  if (day < ORACLE_PRACTICE_DAYS) return "vary";
  return "review";
}

/** A reflection day asks a third of the practice time, never less than a few minutes. */
export function reflectionMinutes(minutes: number): number {
  return Math.max(3, Math.round(minutes / 3));
}

export interface PlanRequest {
  frequency: Frequency;
  care: boolean;
  words: TaskWords;
  language: Language;
  pick: Pick;
}

export function buildPlan({ frequency, care, words, language, pick }: PlanRequest): PlanDay[] {
  const phrases = ORACLE_PHRASES[language].plan;
  const practice = practiceDays(frequency);
  const reflect = reflectionMinutes(words.minutes);
  const seen = new Map<Stage, number>();
  return Array.from({ length: ORACLE_PRACTICE_DAYS }, (_, index) => {
    const day = index + 1;
    const stage: Stage = practice.has(day) ? stageOf(day) : "reflection";
    const options = care ? phrases.careTasks(stage, words, reflect) : phrases.tasks(stage, words, reflect);
    // A stage lasting several days takes its tasks in turn from a start chosen by the challenge.
    const start = options.indexOf(pick(`plan:${stage}`, options));
    const occurrence = seen.get(stage) ?? 0;
    seen.set(stage, occurrence + 1);
    return {
      day,
      kind: stage === "reflection" ? "reflection" : "practice",
      title: (care ? phrases.careTitles : phrases.titles)[stage],
      task: options[(start + occurrence) % options.length] as string,
      minutes: stage === "reflection" ? reflect : words.minutes,
    };
  });
}

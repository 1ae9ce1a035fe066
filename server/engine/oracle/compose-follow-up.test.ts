import { describe, expect, it } from "vitest";
import type { practiceFrequencies } from "../../../contract/oracle";
import { createEngine } from "../index";
import type { Language } from "../morphology";
import { lintReading } from "../reading/grammar";
import { analyseDream } from "../reading/index";
import { offVoice } from "../reading/lexicon-voice";
import { composeConsultation, composeFollowUp, type FollowUpInput } from "./index";

const engine = createEngine();

const CHALLENGE: Record<Language, string> = {
  en: "I have an important exam next month and every time I sit down to study I freeze and feel ashamed of myself.",
  es: "Tengo un examen muy importante el mes que viene y cada vez que me siento a estudiar me bloqueo y me da vergüenza.",
};

function readingFor(language: Language, frequency: (typeof practiceFrequencies)[number] = "daily") {
  const challenge = CHALLENGE[language];
  const { symbols } = engine.match(challenge);
  return composeConsultation({
    challenge,
    language,
    analysis: analyseDream(challenge, symbols, engine.data, language),
    lexicon: engine.data,
    profile: {
      sunSign: null,
      moonSign: null,
      ascendantSign: null,
      experienceLevel: "intermediate",
      dailyPracticeMinutes: 20,
      practiceFrequency: frequency,
      preferredPracticeTime: "morning",
      currentChallenges: null,
      spiritualGoals: null,
    },
    recentSymbolCounts: {},
    recentDreamCount: 0,
  });
}

type Entry = FollowUpInput["entries"][number];

function entry(day: number, fields: Partial<Entry> = {}): Entry {
  return {
    entryNumber: day,
    practiceDate: `2026-03-${String(day).padStart(2, "0")}`,
    journalEntry: "Did the practice after breakfast.",
    exerciseImplemented: true,
    insights: null,
    challenges: null,
    moodBefore: null,
    moodAfter: null,
    practiceRating: null,
    nextSteps: null,
    ...fields,
  };
}

function followUp(entries: Entry[], options: Partial<FollowUpInput> = {}) {
  const language = options.language ?? "en";
  return composeFollowUp({
    language,
    reading: options.reading ?? readingFor(language),
    entries,
    calendarDay: 11,
    lexicon: engine.data,
    ...options,
  });
}

/** Six days of a practice that helped: moods rising, good ratings. */
const RISING = [4, 5, 5, 6, 7, 8].map((mood, index) =>
  entry(index + 1, { moodBefore: mood, moodAfter: mood + 1, practiceRating: index < 3 ? 3 : 5 }),
);

describe("composeFollowUp", () => {
  it("gives the figures the texts were written from", () => {
    const { figures, practiceAnalysis } = followUp([
      entry(1, { moodBefore: 4, moodAfter: 6, practiceRating: 4 }),
      entry(2, { moodBefore: 5, moodAfter: 6, practiceRating: 3 }),
      entry(3, { exerciseImplemented: false, moodBefore: 6, practiceRating: null }),
      entry(4, { moodBefore: 5, moodAfter: 7, practiceRating: 5 }),
    ]);
    expect(figures).toEqual({
      averageMoodBefore: 5,
      averageMoodAfter: 6.3,
      adherencePercent: 30,
      averageRating: 4,
    });
    expect(practiceAnalysis).toContain("4 journal entries");
    expect(practiceAnalysis).toContain("on 3 days: 30% of the 10 practice days so far");
    expect(practiceAnalysis).toMatch(
      /On the 3 days you noted your mood before and after practising, it went from 4\.7 to 6\.3 on average, 1\.7 points higher after each session/,
    );
  });

  it("counts adherence against the plan's practice days that have passed", () => {
    const fewDays = readingFor("en", "few-days");
    // Day 4 of a few-days plan: days 1 and 3 were practice days; two practices out of two.
    const early = followUp([entry(1), entry(2, { exerciseImplemented: false }), entry(3)], {
      reading: fewDays,
      calendarDay: 4,
    });
    expect(early.figures.adherencePercent).toBe(100);
    // Practising on a reflection day too never makes it more than 100%.
    const eager = followUp(
      [1, 2, 3].map((day) => entry(day)),
      { reading: fewDays, calendarDay: 3 },
    );
    expect(eager.figures.adherencePercent).toBe(100);
    const none = followUp([entry(1, { exerciseImplemented: false })], { calendarDay: 11 });
    expect(none.figures).toMatchObject({ adherencePercent: 0, averageMoodBefore: null, averageRating: null });
    expect(none.practiceAnalysis).toContain("none of them records doing");
  });

  it("says honestly when there is too little to judge", () => {
    const few = followUp([entry(1, { moodBefore: 5, moodAfter: 6 }), entry(2)], { calendarDay: 12 });
    expect(few.progressAssessment).toMatch(/too little here to judge a trend honestly/);
    const noMoods = followUp([entry(1), entry(2), entry(3), entry(4)]);
    expect(noMoods.progressAssessment).toMatch(/too few moods/);
    expect(noMoods.practiceAnalysis).toContain("cannot be measured");
    const spanish = followUp([entry(1)], { language: "es" });
    expect(spanish.progressAssessment).toMatch(/demasiado poco para juzgar una tendencia/);
  });

  it("names a worsening mood kindly and points to support", () => {
    const falling = [8, 7, 6, 5, 4, 3].map((mood, index) =>
      entry(index + 1, { moodBefore: mood, moodAfter: mood, practiceRating: 2 }),
    );
    const result = followUp(falling);
    expect(result.progressAssessment).toMatch(/lower lately than when you started/);
    expect(result.progressAssessment).toMatch(/someone you trust/);
    expect(result.practiceAnalysis).toMatch(
      /averaged 7 in the first half of the practice and 4 in the second/,
    );
    expect(result.nextPhaseGuidance).toMatch(/^Go gently/);
    const low = followUp(
      [2, 3, 2, 3].map((mood, index) => entry(index + 1, { moodBefore: mood, moodAfter: mood })),
    );
    expect(low.progressAssessment).toMatch(/stayed low/);
  });

  it("recognises a practice that helped and suggests going deeper", () => {
    const result = followUp(RISING);
    expect(result.progressAssessment).toMatch(/rose over these days/);
    expect(result.nextPhaseGuidance).toMatch(/go deeper: keep it, stretch it to 25 minutes/);
  });

  it("reads the words that keep coming back in insights and difficulties, quoting only short phrases", () => {
    const insights = [
      "Breathing slowly before opening the book helped me far more than I expected it would.",
      "The breathing calmed my hands.",
      "I noticed my breathing again when the examiner voice came.",
      "Patience with myself.",
    ];
    const challenges = [
      "The examiner voice was loud in the morning.",
      null,
      "Hard to find patience today, the examiner voice again.",
      null,
    ];
    const entries = insights.map((text, index) =>
      entry(index + 1, { insights: text, challenges: challenges[index], moodBefore: 5, moodAfter: 6 }),
    );
    const { evolutionInsights } = followUp(entries);
    expect(evolutionInsights).toMatch(
      /^The words that kept coming back in your notes were “breathing”, “examiner” and “voice”/,
    );
    expect(evolutionInsights).toContain("“The breathing calmed my hands”");
    expect(evolutionInsights).not.toMatch(/“(?:the|my|with)”/);
    const quiet = followUp([entry(1), entry(2), entry(3)]);
    expect(quiet.evolutionInsights).toMatch(/leave the insights and difficulties empty/);
    const varied = followUp([entry(1, { insights: "Calm morning." }), entry(2, { insights: "Long walk." })]);
    expect(varied.evolutionInsights).toMatch(/No single word came back/);
  });

  it("offers the same theme's other technique as the next step, or a lighter form without the library", () => {
    const reading = readingFor("en");
    const [themeKey, index] = reading.exercise.id.split(":");
    const theme = engine.data.themes.find((candidate) => candidate.key === themeKey);
    const other = theme?.en.techniques.find((_, at) => at !== Number(index));
    const flat = [5, 5, 5, 5].map((mood, day) =>
      entry(day + 1, { moodBefore: mood, moodAfter: mood, practiceRating: 3 }),
    );
    const withLibrary = followUp(flat, { reading, calendarDay: 4 });
    expect(withLibrary.progressAssessment).toMatch(/stayed about the same/);
    expect(withLibrary.nextPhaseGuidance).toContain(`try “${other?.name}”, also from “${theme?.en.name}”`);
    const withoutLibrary = followUp(flat, { reading, calendarDay: 4, lexicon: undefined });
    expect(withoutLibrary.nextPhaseGuidance).toContain(
      `return to “${reading.exercise.name}” in a lighter form: 10 minutes`,
    );
  });

  it("writes the follow-up in Spanish for a Spanish reading, with Spanish number formatting", () => {
    const result = followUp(
      [
        entry(1, { moodBefore: 4, moodAfter: 6, insights: "La respiración me ayudó." }),
        entry(2, { moodBefore: 5, moodAfter: 6, insights: "Otra vez la respiración, más tranquila." }),
        entry(3, { moodBefore: 5, moodAfter: 7, challenges: "Me costó concentrarme." }),
      ],
      { language: "es" },
    );
    expect(result.practiceAnalysis).toMatch(/^Escribiste 3 entradas en tu diario y practicaste «/);
    expect(result.practiceAnalysis).toContain("pasó de 4,7 a 6,3 de media");
    expect(result.evolutionInsights).toContain("«respiración»");
    const text = [
      result.practiceAnalysis,
      result.progressAssessment,
      result.evolutionInsights,
      result.nextPhaseGuidance,
    ];
    for (const part of text) {
      expect(lintReading(part, "es")).toEqual([]);
      expect(offVoice(part, "es")).toBe(false);
      expect(part).not.toMatch(/\b(?:the|your|you)\b/);
    }
  });

  it("is deterministic", () => {
    expect(followUp(RISING)).toEqual(followUp(RISING));
  });
});

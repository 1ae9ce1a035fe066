import {
  type FollowUp,
  type JournalEntry,
  ORACLE_FOLLOWUP_MIN_ENTRIES,
  ORACLE_PRACTICE_DAYS,
  type OracleReading,
  PRACTICE_MINUTES_MIN,
} from "../../../contract/oracle";
import type { LexiconData } from "../lexicon/schema";
import type { Language } from "../morphology";
import { countPhrase } from "../reading/grammar";
import { toReaderVoice } from "../reading/lexicon-voice";
import { joinNames } from "../reading/retell";
import { FOLLOW_UP_PHRASES, type FollowUpPhrases } from "./follow-up-phrases";
import { recurringWords } from "./keywords";

export interface FollowUpInput {
  language: Language;
  reading: OracleReading;
  /** The practice journal, entryNumber ascending. */
  entries: readonly Pick<
    JournalEntry,
    | "entryNumber"
    | "practiceDate"
    | "journalEntry"
    | "exerciseImplemented"
    | "insights"
    | "challenges"
    | "moodBefore"
    | "moodAfter"
    | "practiceRating"
    | "nextSteps"
  >[];
  /** Days since the consultation by the user's calendar (1 on its day). */
  calendarDay: number;
  /**
   * The technique library (ctx.symbols.current().data), for a next step from the same theme's other
   * techniques; without it the next phase deepens or lightens the same exercise.
   */
  lexicon?: LexiconData;
}

export type FollowUpText = Pick<
  FollowUp,
  "practiceAnalysis" | "progressAssessment" | "evolutionInsights" | "nextPhaseGuidance" | "figures"
>;

type Entry = FollowUpInput["entries"][number];
type Trend = "little" | "worse" | "low" | "better" | "flat";

/** A change of at least this many points (of 10) between the halves of the practice is a trend. */
const TREND_POINTS = 1;
/** Within a session, half a point on average is a change worth naming. */
const SESSION_POINTS = 0.5;
/** An average mood at or below this asks for support whatever the trend. */
const LOW_MOOD = 3;
const STEADY_PERCENT = 70;
const IRREGULAR_PERCENT = 50;
const GOOD_RATING = 4;
const KEYWORDS = 3;
/** A phrase of the person's own is quoted only when it is this short. */
const QUOTE_WORDS_MAX = 8;
const DEEPER_MINUTES = 5;
const DEEPER_MINUTES_MAX = 60;
const ABOUT_DREAMS = /\bdream|sueñ|soñ/i;

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function present(values: readonly (number | null)[]): number[] {
  return values.filter((value): value is number => value !== null);
}

/** How the person felt on a day: after the session when noted, else before it. */
function moodOfDay(entry: Entry): number | null {
  return entry.moodAfter ?? entry.moodBefore;
}

interface Measures {
  figures: FollowUpText["figures"];
  /** Practice days of the plan up to today (at most 10). */
  due: number;
  practised: number;
  /** Over the sessions with a mood both before and after: how many, their averages and the change. */
  sessions: { count: number; before: number; after: number; change: number } | null;
  halves: { first: number; second: number } | null;
  trend: Trend;
}

function measure({ reading, entries, calendarDay }: FollowUpInput): Measures {
  const elapsed = Math.min(Math.max(1, calendarDay), ORACLE_PRACTICE_DAYS);
  // Adherence counts the plan's practice days so far: a reflection day is not a missed practice.
  const due = Math.max(1, reading.plan.filter((day) => day.kind === "practice" && day.day <= elapsed).length);
  const practised = entries.filter((entry) => entry.exerciseImplemented).length;
  const paired = entries.filter((entry) => entry.moodBefore !== null && entry.moodAfter !== null);
  const before = mean(present(paired.map((entry) => entry.moodBefore)));
  const after = mean(present(paired.map((entry) => entry.moodAfter)));
  const sessions =
    before !== null && after !== null
      ? { count: paired.length, before, after, change: after - before }
      : null;
  const sessionChange = sessions?.change ?? 0;
  const daily = present(entries.map(moodOfDay));
  const middle = Math.floor(daily.length / 2);
  const halves =
    daily.length >= 2
      ? { first: mean(daily.slice(0, middle)) ?? 0, second: mean(daily.slice(middle)) ?? 0 }
      : null;
  const averageMoodAfter = mean(present(entries.map((entry) => entry.moodAfter)));
  const averageMood = mean(daily);
  const figures = {
    averageMoodBefore: oneDecimal(mean(present(entries.map((entry) => entry.moodBefore)))),
    averageMoodAfter: oneDecimal(averageMoodAfter),
    adherencePercent: Math.min(100, Math.round((practised / due) * 100)),
    averageRating: oneDecimal(mean(present(entries.map((entry) => entry.practiceRating)))),
  };
  const shift = halves ? halves.second - halves.first : 0;
  const trend: Trend =
    entries.length < ORACLE_FOLLOWUP_MIN_ENTRIES || daily.length < 2
      ? "little"
      : shift <= -TREND_POINTS || sessionChange <= -SESSION_POINTS
        ? "worse"
        : averageMood !== null && averageMood <= LOW_MOOD
          ? "low"
          : shift >= TREND_POINTS || sessionChange >= TREND_POINTS
            ? "better"
            : "flat";
  return { figures, due, practised, sessions, halves, trend };
}

function practiceAnalysis(
  input: FollowUpInput,
  measures: Measures,
  phrases: FollowUpPhrases,
  format: (value: number) => string,
): string {
  const { language, reading, entries } = input;
  const { counts, practice } = phrases;
  const exercise = phrases.quote(reading.exercise.name);
  const written = countPhrase(entries.length, counts.entries, language);
  const sentences = [
    measures.practised > 0
      ? practice.done(
          written,
          exercise,
          countPhrase(measures.practised, counts.days, language),
          measures.figures.adherencePercent,
          countPhrase(measures.due, counts.practiceDays, language),
        )
      : practice.none(written, exercise),
  ];
  const { sessions } = measures;
  if (sessions) {
    const { change } = sessions;
    const points = countPhrase(Math.round(Math.abs(change) * 10) / 10, counts.points, language);
    const moved =
      change >= SESSION_POINTS
        ? practice.up(points)
        : change <= -SESSION_POINTS
          ? practice.down(points)
          : practice.same;
    sentences.push(
      practice.sessions(
        countPhrase(sessions.count, counts.sessionDays, language),
        format(sessions.before),
        format(sessions.after),
        moved,
      ),
    );
  } else {
    sentences.push(practice.noSessions);
  }
  if (measures.halves)
    sentences.push(practice.halves(format(measures.halves.first), format(measures.halves.second)));
  const { averageRating } = measures.figures;
  if (averageRating !== null) sentences.push(practice.rating(format(averageRating)));
  return sentences.join(" ");
}

function progressAssessment(input: FollowUpInput, measures: Measures, phrases: FollowUpPhrases): string {
  const { progress } = phrases;
  const adherence = measures.figures.adherencePercent;
  switch (measures.trend) {
    case "little": {
      const few =
        input.entries.length < ORACLE_FOLLOWUP_MIN_ENTRIES
          ? progress.fewEntries(countPhrase(input.entries.length, phrases.counts.entries, input.language))
          : progress.fewMoods;
      return `${few} ${progress.stillCounts}`;
    }
    case "worse":
      return progress.worse;
    case "low":
      return progress.low;
    case "better":
      return `${progress.better} ${adherence >= STEADY_PERCENT ? progress.steady : progress.irregular}`;
    case "flat":
      return adherence < IRREGULAR_PERCENT ? `${progress.flat} ${progress.fewDays}` : progress.flat;
  }
}

/** The first sentence of the person's insights that holds the word and is short enough to quote whole. */
function shortPhraseWith(word: string, entries: readonly Entry[]): string | null {
  for (const entry of entries) {
    for (const sentence of (entry.insights ?? "").split(/[.!?\n]+/)) {
      const trimmed = sentence.trim();
      const words = trimmed.split(/\s+/).length;
      if (words >= 3 && words <= QUOTE_WORDS_MAX && trimmed.toLowerCase().includes(word)) return trimmed;
    }
  }
  return null;
}

function evolutionInsights(input: FollowUpInput, phrases: FollowUpPhrases): string {
  const { entries, reading } = input;
  const { evolution } = phrases;
  const insights = entries.map((entry) => entry.insights ?? "");
  const hard = entries.map((entry) => entry.challenges ?? "");
  const texts = entries.map((_, index) => `${insights[index]}\n${hard[index]}`);
  if (texts.every((text) => text.trim() === "")) return evolution.empty;
  const words = recurringWords(texts, KEYWORDS);
  if (words.length === 0) return evolution.none;
  const sentences = [
    evolution.words(
      joinNames(
        words.map((keyword) => phrases.quote(keyword.word)),
        phrases.and,
      ),
      words.length > 1,
    ),
  ];
  // Where the words live: among what helped, or among what was hard.
  const inInsights = recurringIn(insights, words);
  const inHard = recurringIn(hard, words);
  const many = words.length > 1;
  if (inHard > inInsights * 2) sentences.push(evolution.mostlyHard(many));
  else if (inInsights > inHard * 2) sentences.push(evolution.mostlyInsights(many));
  const theme = reading.themes.find((candidate) => reading.exercise.id.startsWith(`${candidate.key}:`));
  if (theme) sentences.push(evolution.beside(phrases.quote(theme.name), many));
  const phrase = words[0] ? shortPhraseWith(words[0].word, entries) : null;
  if (phrase) sentences.push(evolution.quote(phrases.quote(phrase)));
  return sentences.join(" ");
}

function recurringIn(texts: readonly string[], words: readonly { word: string }[]): number {
  return texts.filter((text) => words.some((keyword) => text.toLowerCase().includes(keyword.word))).length;
}

function nextPhaseGuidance(input: FollowUpInput, measures: Measures, phrases: FollowUpPhrases): string {
  const { reading, language, lexicon } = input;
  const { next } = phrases;
  const exercise = phrases.quote(reading.exercise.name);
  const minutes = reading.exercise.minutes;
  const [themeKey = "", at = ""] = reading.exercise.id.split(":");
  const theme = lexicon?.themes.find((candidate) => candidate.key === themeKey);
  const current = theme?.[language].techniques[Number(at)];
  const struggling = measures.trend === "worse" || measures.trend === "low";
  // Another technique of the same theme: never a playful one after a hard stretch, nor one addressed to
  // someone who died unless the first practice was.
  const others = theme?.[language].techniques.filter(
    (technique, index) =>
      index !== Number(at) &&
      !(struggling && technique.playful) &&
      (!technique.bereavement || current?.bereavement === true),
  );
  // One written for waking life first: a step "for the dream's water" fits a challenge less well.
  const other = others?.find((technique) => !ABOUT_DREAMS.test(technique.description)) ?? others?.[0];
  const otherText = other
    ? next.other(
        phrases.quote(other.name),
        phrases.quote(theme?.[language].name ?? ""),
        toReaderVoice(other.description, language),
      )
    : null;
  const lighter = Math.max(PRACTICE_MINUTES_MIN, Math.round(minutes / 2));
  if (struggling) return [next.gentle, otherText ?? next.lighter(exercise, lighter)].join(" ");
  if (measures.figures.adherencePercent < IRREGULAR_PERCENT)
    return [next.smaller(lighter), otherText ? next.keep(exercise) : null].filter(Boolean).join(" ");
  const rating = measures.figures.averageRating ?? 0;
  if (measures.trend === "better" || rating >= GOOD_RATING) {
    const deeper = next.deeper(exercise, Math.min(DEEPER_MINUTES_MAX, minutes + DEEPER_MINUTES));
    return other ? `${deeper} ${next.complement(phrases.quote(other.name))}` : deeper;
  }
  return otherText ? `${otherText} ${next.keep(exercise)}` : next.lighter(exercise, lighter);
}

/** The follow-up's four texts and the figures they were written from. */
export function composeFollowUp(input: FollowUpInput): FollowUpText {
  const phrases = FOLLOW_UP_PHRASES[input.language];
  const number = new Intl.NumberFormat(input.language, { maximumFractionDigits: 1 });
  const measures = measure(input);
  return {
    practiceAnalysis: practiceAnalysis(input, measures, phrases, (value) => number.format(value)),
    progressAssessment: progressAssessment(input, measures, phrases),
    evolutionInsights: evolutionInsights(input, phrases),
    nextPhaseGuidance: nextPhaseGuidance(input, measures, phrases),
    figures: measures.figures,
  };
}

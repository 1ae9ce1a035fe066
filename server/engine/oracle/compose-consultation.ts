import type {
  experienceLevels,
  OracleReading,
  practiceFrequencies,
  practiceTimes,
  ZodiacSign,
} from "../../../contract/oracle";
import { PRACTICE_MINUTES_MIN } from "../../../contract/oracle";
import {
  type LexiconData,
  MOOD_FAMILIES,
  type MoodFamily,
  type SymbolEntry,
  type Theme,
} from "../lexicon/schema";
import type { Language } from "../morphology";
import { emergencyLine, painfulFeelings, quotedList, supportContactLines } from "../reading/care";
import { offVoice, splitSentences, toReaderVoice } from "../reading/lexicon-voice";
import { readingLexicon } from "../reading/meanings";
import { PHRASES } from "../reading/phrases";
import { moodOf } from "../reading/practices";
import { joinNames } from "../reading/retell";
import type { DreamAnalysis } from "../reading/types";
import { type CareNeed, careNeeds } from "./care-needs";
import { chooseFromLibrary } from "./library";
import { ORACLE_PHRASES, type OraclePhrases, type TaskWords } from "./phrases";
import { type Pick, pickerFor } from "./pick";
import { buildPlan, practiceDays } from "./plan";
import { signsNote } from "./signs";

export interface ConsultationInput {
  /** The challenge as the user wrote it (trimmed). */
  challenge: string;
  /** The language the reading is written in (the challenge's, else the user's). */
  language: Language;
  /** analyseDream() over the challenge with the dream engine's matches. */
  analysis: DreamAnalysis;
  lexicon: LexiconData;
  profile: {
    sunSign: ZodiacSign | null;
    moonSign: ZodiacSign | null;
    ascendantSign: ZodiacSign | null;
    experienceLevel: (typeof experienceLevels)[number];
    dailyPracticeMinutes: number;
    practiceFrequency: (typeof practiceFrequencies)[number];
    preferredPracticeTime: (typeof practiceTimes)[number];
    currentChallenges: string | null;
    spiritualGoals: string | null;
  };
  /** Symbol key -> in how many of the user's recent dreams (at most 12) it appeared. */
  recentSymbolCounts: Record<string, number>;
  /** How many recent dreams those counts cover. */
  recentDreamCount: number;
}

/** A daily practice longer than an hour stops being one exercise; a care practice stays short. */
const EXERCISE_MINUTES_MAX = 60;
const CARE_MINUTES_MAX = 15;
/** Symbols the message names: the most central ones. */
const NAMED_SYMBOLS = 3;
const ECHOES_MAX = 5;
/** Names kept capitalised inside a sentence. */
const PROPER_NAMES = new Set(["god", "christmas", "halloween", "new_year", "virgin_mary", "bible"]);
/** Themes whose reflection question reads as well about waking life as about a dream. */
const WAKING_QUESTIONS = new Set([
  "transformation",
  "loss_grief",
  "love_union",
  "freedom",
  "self_image",
  "abundance",
  "communication",
  "nurturing",
  "life_transition",
  "trapped",
  "the_past",
  "danger_vulnerability",
  "healing",
  "nature_renewal",
  "upheaval",
  "time_pressure",
]);
const LIGHT_MOODS = new Set<MoodFamily>(["joy", "calm", "confusion"]);
/**
 * A challenge often names a feeling as a thing ("my anxiety", «la culpa») that the emotion analysis, made for
 * dreams, does not take as felt: these lexicon symbols then give the mood.
 */
const FEELING_SYMBOLS: Record<MoodFamily, readonly string[]> = {
  fear: ["fear", "dread", "panic", "anxiety", "helplessness", "overwhelm"],
  sadness: [
    "sadness",
    "grief",
    "despair",
    "loneliness",
    "longing",
    "nostalgia",
    "regret",
    "numbness",
    "boredom",
  ],
  anger: ["anger", "frustration", "hatred", "contempt", "jealousy", "impatience", "disgust"],
  shame: ["shame", "guilt", "embarrassment", "insecurity", "shyness"],
  confusion: ["confusion", "indecision", "surprise", "curiosity"],
  joy: [
    "joy",
    "excitement",
    "love",
    "gratitude",
    "hope",
    "pride",
    "relief",
    "awe",
    "compassion",
    "confidence",
    "courage",
  ],
  calm: ["peace"],
};
/** A library sentence written about a dream (or a dream visit) does not fit a waking-life challenge. */
const ABOUT_DREAMS = /\bdream|sueñ|soñ|\bvisit|\bvisita/i;

/** The feelings the analysis found decide; without any, the first feeling the challenge names as a symbol. */
function moodOfChallenge(analysis: DreamAnalysis, named: readonly Named[]): MoodFamily {
  if (analysis.emotions.nightmare || analysis.emotions.dominant.length > 0) return moodOf(analysis.emotions);
  for (const symbol of named) {
    const family = MOOD_FAMILIES.find((mood) => FEELING_SYMBOLS[mood].includes(symbol.key));
    if (family) return family;
  }
  return "calm";
}

interface Named {
  key: string;
  name: string;
  entry: SymbolEntry;
}

/** The challenge's symbols, most central first, with the lexicon's names in the reading's language. */
function symbolsOf(analysis: DreamAnalysis, data: LexiconData, language: Language): Named[] {
  const { entries } = readingLexicon(data);
  const ranked = [
    ...analysis.salience.ranked.map((item) => item.match.key),
    ...analysis.matches.map((m) => m.key),
  ];
  return ranked
    .filter((key, index) => ranked.indexOf(key) === index)
    .flatMap((key) => {
      const entry = entries.get(key);
      return entry ? [{ key, name: entry[language].name, entry }] : [];
    });
}

function inProse(symbol: { key: string; name: string }): string {
  return PROPER_NAMES.has(symbol.key)
    ? symbol.name
    : symbol.name.charAt(0).toLowerCase() + symbol.name.slice(1);
}

/** Library text as a reading says it: to "you", ungendered, and only sentences that are not about a dream. */
function wakingSentences(text: string, language: Language): string[] {
  return splitSentences(toReaderVoice(text, language)).filter(
    (sentence) => !offVoice(sentence, language) && !ABOUT_DREAMS.test(sentence),
  );
}

function insight(theme: Theme, type: string, language: Language): string | undefined {
  return theme[language].insights.find((item) => item.type === type)?.text;
}

/** The theme's own reflection question when it is not about a dream, else the mood's; it follows a colon. */
function questionFor(theme: Theme, mood: MoodFamily, language: Language, phrases: OraclePhrases): string {
  const own = WAKING_QUESTIONS.has(theme.key) ? insight(theme, "reflection", language) : undefined;
  const usable = own ? wakingSentences(own, language).join(" ") : "";
  const question = usable.endsWith("?") ? usable : phrases.moodQuestion[mood];
  // After a colon Spanish goes on in lower case: «Pregúntate: ¿qué parte…?».
  return language === "es"
    ? question.replace(/^¿(\p{Lu})/u, (_, letter: string) => `¿${letter.toLowerCase()}`)
    : question;
}

/** "1. Sit… 2. Breathe…" as steps; the level shortens or lengthens them. */
function stepsOf(
  instructions: string,
  level: TaskWords["level"],
  care: boolean,
  phrases: OraclePhrases,
): string[] {
  const numbered = instructions
    .split(/(?:^|\s)\d+\.\s+/)
    .map((step) => step.trim())
    .filter(Boolean);
  const steps = numbered.length > 1 ? numbered : splitSentences(instructions);
  if (care) return steps;
  if (level === "beginner") return [phrases.steps.beginner, ...steps.slice(0, 4)];
  if (level === "advanced") return [...steps, phrases.steps.advanced];
  return steps;
}

function dreamEchoes(
  input: ConsultationInput,
  related: ReadonlySet<string>,
  data: LexiconData,
): OracleReading["dreamEchoes"] {
  const { entries } = readingLexicon(data);
  return Object.entries(input.recentSymbolCounts)
    .filter(([key, count]) => count >= 2 && related.has(key) && entries.has(key))
    .sort(([keyA, countA], [keyB, countB]) => countB - countA || keyA.localeCompare(keyB))
    .slice(0, ECHOES_MAX)
    .flatMap(([key, count]) => {
      const entry = entries.get(key);
      return entry ? [{ key, name: entry[input.language].name, count }] : [];
    });
}

interface Composed {
  pick: Pick;
  phrases: OraclePhrases;
  language: Language;
  analysis: DreamAnalysis;
  mood: MoodFamily;
}

function careMessage(
  { pick, phrases, language, analysis }: Composed,
  needs: readonly CareNeed[],
  exercise: OracleReading["exercise"],
): string[] {
  const care = phrases.care;
  const feelings = painfulFeelings(analysis, language);
  const opening = [
    pick("care:opening", care.opening),
    feelings.length > 0 ? care.feelings(joinNames(feelings, phrases.and), feelings.length > 1) : null,
    pick("care:safety", care.safetyFirst),
  ];
  const support = needs.map((need) => {
    if (need === "self_harm") return `${care.selfHarm}\n${supportContactLines(language)}`;
    if (need === "abuse") return `${care.abuse} ${emergencyLine(language)}`;
    return pick("care:hardship", care.hardship);
  });
  const practice = [
    pick("care:practice", care.practice(phrases.quote(exercise.name), exercise.description)),
    pick("care:alone", care.notAlone),
  ];
  return [opening.filter(Boolean).join(" "), ...support, practice.join(" ")];
}

function lensMessage(
  { pick, phrases, language, analysis, mood }: Composed,
  named: readonly Named[],
  themes: readonly Theme[],
  question: string,
  practice: string,
): string[] {
  const feelings = analysis.emotions.dominant
    .slice(0, 2)
    .map((feeling) => PHRASES[language].feelingName(feeling.kind, feeling.intensity))
    .filter((name, index, all) => all.indexOf(name) === index);
  const shown = named.slice(0, NAMED_SYMBOLS).map(inProse);
  const opening = pick(
    "opening",
    phrases.opening({
      names: shown.length > 0 ? quotedList(shown, language) : null,
      manyNames: shown.length > 1,
      feelings: feelings.length > 0 ? joinNames(feelings, phrases.and) : null,
      manyFeelings: feelings.length > 1,
    }),
  );
  const [first, second] = themes;
  const themeName = phrases.quote(first?.[language].name ?? "");
  const guidance = first
    ? wakingSentences(insight(first, "guidance", language) ?? "", language).slice(0, 2)
    : [];
  const lens = [
    pick("lens", phrases.lens(themeName, second ? phrases.quote(second[language].name) : null)),
    ...guidance,
    // Some guidance already ends on a question of its own.
    ...(guidance.some((sentence) => sentence.endsWith("?"))
      ? []
      : [pick("question", phrases.question(question))]),
  ];
  return [
    `${opening} ${pick("ack", phrases.moodAck[mood])}`,
    lens.join(" "),
    [practice, pick("reason", phrases.moodReason[mood]), pick("framing", phrases.framing(themeName))].join(
      " ",
    ),
  ];
}

/** The reading stored in `oracleResponse` (source "composer"). */
export function composeConsultation(input: ConsultationInput): OracleReading {
  const { challenge, language, analysis, lexicon, profile } = input;
  const phrases = ORACLE_PHRASES[language];
  const pick = pickerFor(challenge);
  const needs = careNeeds(analysis);
  const care = needs.length > 0;
  const named = symbolsOf(analysis, lexicon, language);
  const mood = moodOfChallenge(analysis, named);
  const tone = analysis.emotions.tone;
  const { themes, exercise: chosen } = chooseFromLibrary({
    analysis,
    library: lexicon.themes,
    language,
    mood,
    care,
    lightHearted: !care && LIGHT_MOODS.has(mood) && (tone === "light" || tone === "neutral"),
    bereaved:
      analysis.matches.some((match) => match.key === "deceased") ||
      [...analysis.roles.roles.values()].some((role) => role.waking === "dead"),
  });
  const technique = chosen.theme[language].techniques[chosen.index];
  if (!technique) throw new Error(`no technique ${chosen.theme.key}:${chosen.index}`);
  const clamped = Math.min(
    care ? CARE_MINUTES_MAX : EXERCISE_MINUTES_MAX,
    Math.max(PRACTICE_MINUTES_MIN, Math.round(profile.dailyPracticeMinutes)),
  );
  const exercise: OracleReading["exercise"] = {
    id: `${chosen.theme.key}:${chosen.index}`,
    name: technique.name,
    description: toReaderVoice(technique.description, language),
    instructions: stepsOf(
      toReaderVoice(technique.instructions, language),
      profile.experienceLevel,
      care,
      phrases,
    ),
    minutes: clamped,
  };
  const [lead] = themes;
  const mainTheme = lead ?? chosen.theme;
  const question = questionFor(mainTheme, mood, language, phrases);
  const words: TaskWords = {
    exercise: phrases.quote(exercise.name),
    minutes: clamped,
    lead: phrases.plan.lead[profile.preferredPracticeTime],
    focus: phrases.plan.focus,
    question,
    level: profile.experienceLevel,
  };
  const plan = buildPlan({ frequency: profile.practiceFrequency, care, words, language, pick });
  const related = new Set([
    ...named.map((symbol) => symbol.key),
    ...themes.flatMap((theme) => theme.symbolKeys),
  ]);
  const echoes = care ? [] : dreamEchoes(input, related, lexicon);
  const strongest = echoes[0];
  const composed: Composed = { pick, phrases, language, analysis, mood };
  const schedule = phrases.schedule(
    clamped,
    practiceDays(profile.practiceFrequency).size,
    profile.preferredPracticeTime,
  );
  const message = care
    ? careMessage(composed, needs, exercise)
    : lensMessage(
        composed,
        named.filter(
          (symbol) => symbol.entry.category !== "emotion" || analysis.emotions.dominant.length === 0,
        ),
        themes,
        question,
        pick("practice", phrases.practice(words.exercise, schedule)),
      );
  const echoNote = strongest
    ? pick(
        "echo",
        phrases.echo({
          name: phrases.quote(inProse(strongest)),
          count: strongest.count,
          total: Math.max(input.recentDreamCount, strongest.count),
        }),
      )
    : null;
  const themeName = phrases.quote(mainTheme[language].name);
  return {
    language,
    message,
    themes: themes.map((theme) => ({
      key: theme.key,
      name: theme[language].name,
      description: toReaderVoice(theme[language].description, language),
    })),
    symbols: named.map(({ key, name }) => ({ key, name })),
    dreamEchoes: echoes,
    echoNote,
    signsNote: care
      ? null
      : signsNote(
          { sun: profile.sunSign, moon: profile.moonSign, ascendant: profile.ascendantSign },
          mainTheme[language].name,
          language,
          pick,
        ),
    exercise,
    plan,
    closing: pick("closing", care ? phrases.care.closing : phrases.closing(words.exercise, themeName)),
    source: "composer",
  };
}

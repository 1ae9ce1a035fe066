import type {
  experienceLevels,
  OracleReading,
  practiceFrequencies,
  practiceTimes,
  ZodiacSign,
} from "../../../contract/oracle";
import type { LexiconData } from "../lexicon/schema";
import type { Language } from "../morphology";
import type { DreamAnalysis } from "../reading/types";

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

/** The reading stored in `oracleResponse` (source "composer"). */
export function composeConsultation(input: ConsultationInput): OracleReading {
  throw new Error(`not built yet: ${input.language}`);
}

/** Answers of the oracle API as the server sends them, for the oracle pages' tests. Tests only. */
import type {
  BirthPlace,
  Consultation,
  JournalEntry,
  OracleProfile,
  OracleReading,
  PracticeJournal,
} from "../../../../contract/oracle";
import { type FetchCall, fakeServer, testUser } from "../auth/test-utils";

type Answer = { status: number; body: unknown } | undefined;

/** A signed-in member on top of the test's own fake routes. */
export function member(handler: (call: FetchCall) => Answer, user = testUser()) {
  return fakeServer((call) =>
    call.method === "GET" && call.url === "/api/user" ? { status: 200, body: user } : handler(call),
  );
}

export const CONSULTATION_ID = "c0nsultation-0000001";

export const place = (overrides: Partial<BirthPlace> = {}): BirthPlace => ({
  id: 5128581,
  name: "New York City",
  countryCode: "US",
  region: "NY",
  latitude: 40.71427,
  longitude: -74.00597,
  timezone: "America/New_York",
  population: 8_804_190,
  ...overrides,
});

export const profile = (overrides: Partial<OracleProfile> = {}): OracleProfile => ({
  complete: false,
  birthDate: null,
  birthTime: null,
  birthLocation: null,
  birthPlace: null,
  sunSign: null,
  moonSign: null,
  ascendantSign: null,
  natal: null,
  dailyPracticeMinutes: 15,
  preferredPracticeTime: "flexible",
  practiceFrequency: "daily",
  experienceLevel: "beginner",
  currentChallenges: null,
  spiritualGoals: null,
  ...overrides,
});

export const reading = (overrides: Partial<OracleReading> = {}): OracleReading => ({
  language: "en",
  message: ["The door you keep closed is asking to be opened.", "Start with one small step."],
  themes: [
    { key: "change", name: "Change", description: "Something is ending so that something can begin." },
  ],
  symbols: [{ key: "door", name: "Door" }],
  dreamEchoes: [{ key: "water", name: "Water", count: 4 }],
  echoNote: null,
  signsNote: "Your Taurus sun asks for steady steps.",
  exercise: {
    id: "change:0",
    name: "The open door",
    description: "A short visualisation.",
    instructions: ["Sit comfortably.", "Picture a door.", "Open it and notice what you feel."],
    minutes: 15,
  },
  plan: Array.from({ length: 10 }, (_, index) => ({
    day: index + 1,
    kind: index % 3 === 2 ? ("reflection" as const) : ("practice" as const),
    title: `Day ${index + 1} step`,
    task: `Task for day ${index + 1}.`,
    minutes: 15,
  })),
  closing: "Go gently.",
  source: "composer",
  ...overrides,
});

export const consultation = (overrides: Partial<Consultation> = {}): Consultation => ({
  id: CONSULTATION_ID,
  status: "complete",
  step: "complete",
  percent: 100,
  challenge: "I keep putting off a decision about my work and I wake up anxious every morning.",
  createdAt: "2025-03-10T08:00:00.000Z",
  reading: reading(),
  journalEntriesCount: 0,
  practiceCompleted: false,
  followUp: null,
  sharePath: null,
  ...overrides,
});

export const entry = (entryNumber: number, overrides: Partial<JournalEntry> = {}): JournalEntry => ({
  entryNumber,
  practiceDate: `2025-03-${String(9 + entryNumber).padStart(2, "0")}`,
  journalEntry: `Entry ${entryNumber}: I sat with the door.`,
  exerciseImplemented: true,
  insights: null,
  challenges: null,
  moodBefore: 4,
  moodAfter: 6,
  practiceRating: 4,
  nextSteps: null,
  editable: false,
  ...overrides,
});

export const journal = (overrides: Partial<PracticeJournal> = {}): PracticeJournal => ({
  entries: [],
  today: "2025-03-10",
  todayEntryNumber: 1,
  calendarDay: 1,
  canFollowUp: false,
  ...overrides,
});

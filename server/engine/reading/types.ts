import type { DreamCategory } from "../../../contract/constants";
import type { CareKind, EmotionKind, ReadingInfo } from "../../../contract/reading";
import type { SymbolMatch } from "../matcher";
import type { Language } from "../morphology";

/**
 * What the reading knows about one dream before any sentence is written. Each part comes from a pure,
 * synchronous analyser in this folder; `compose` turns the whole into prose. Offsets are UTF-16 indices
 * into the dream text, like the matcher's evidence.
 */

export type { CareKind, EmotionKind };

/** A stretch of the text: a sentence, a clause or a quoted span. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

/** Where the dreamer stands towards a symbol in the clause that names it. */
export type DreamerRole =
  /** The dreamer does it or uses it: "I ate", "I was flying", "comí". */
  | "agent"
  /** It is done to the dreamer: "a tiger ate me", "me perseguía un perro", "I was bitten". */
  | "target"
  /** The dreamer sees it happen to someone or something else: "my brother fell". */
  | "witness";

/** What the clause says about a symbol's place in the dreamer's life and in the dream. */
export interface SymbolRole {
  key: string;
  role: DreamerRole;
  /** The dreamer's own, real one: "my dog", "mi mamá", "our cat Luna", a named pet. */
  own: boolean;
  /** A name the text gives it ("our dog Max", "mi gata Luna"), as written. */
  givenName?: string;
  /** Alive or dead in waking life, only when the text says so ("my late father", "who died last year"). */
  waking: "alive" | "dead" | null;
  /** Something in the dream harms it: killed, hurt, attacked, lost ("my dog was killed"). */
  harmed: boolean;
  /** The clause of the first evidence that is dream content, trimmed to at most 14 words. */
  clause: Span;
  /** Every evidence of this symbol sits in a waking remark ("I often dream that…"), not in the dream. */
  onlyInWakingRemark: boolean;
}

export interface RoleAnalysis {
  roles: Map<string, SymbolRole>;
  /** Sentences that comment on the dream from waking life ("I woke up crying", "es recurrente soñar…"). */
  wakingRemarks: Span[];
  /** The text says this dream comes back ("I keep having this dream", "otra vez el mismo sueño"). */
  saysRecurring: boolean;
}

export interface Feeling {
  kind: EmotionKind;
  /** 1 mild, 2 clear, 3 intense ("terrified", "muerta de miedo", "!!", "so scared"). */
  intensity: 1 | 2 | 3;
  /** The dream's own words that carry it, in text order (at most 3). */
  evidence: Span[];
}

export interface EmotionAnalysis {
  /** Strongest first, at most 3; empty when the text names no feeling. */
  dominant: Feeling[];
  /** Fear or dread carried the dream (or it says "nightmare"/"pesadilla"), with no relief at the end. */
  nightmare: boolean;
  /** How the dream ends: the feeling of its last third, when there is one. */
  ending: EmotionKind | null;
  tone: "dark" | "light" | "mixed" | "neutral";
}

export interface SafetyAnalysis {
  /** Sensitive content found, in the order of CARE_KINDS; empty when none. */
  kinds: CareKind[];
  /** The words that triggered each kind (for tests and tracing; never logged). */
  evidence: Partial<Record<CareKind, Span>>;
  /**
   * Mass or graphic violence in the dream's own content (a massacre, a shooting into a crowd, bodies in the
   * street, a war with its dead), not in a film, a game or a waking remark. Set alongside care kinds too;
   * without one, the reading steadies the dreamer and reads no blood or death as warmth or renewal.
   * detectSafety always sets it; analyses built by hand in tests may leave it out (read as false).
   */
  violence: boolean;
}

export interface RankedSymbol {
  match: SymbolMatch;
  score: number;
  /**
   * Why it scored: "vital", "emotion", "repeated", "climax", "ending", "agent", "target", "own", "harmed",
   * "setting".
   */
  reasons: string[];
}

export interface SalienceAnalysis {
  /** Every recognised symbol, most central first. */
  ranked: RankedSymbol[];
  /** The 3–5 that carry the dream (fewer when fewer were found). */
  central: string[];
}

/** The dreamer's journal, as far as the reading may use it. */
export interface DreamerHistory {
  /** Dreams in the journal before this one, counted up to 1,000 (DREAM_COUNT_CAP). */
  dreamCount: number;
  /** How many recent dreams the counts below cover (at most 12). */
  recentCount: number;
  /** Symbol key -> in how many of the recent dreams it appeared. */
  recentSymbolCounts: Record<string, number>;
  /** Symbol key -> the dreamer's own meaning (personal_symbols.personalContext), matched by name. */
  personalMeanings: Record<string, string>;
  /** A past dream sharing most of this one's symbols, if any. */
  similarDream: { title: string; createdAt: string; sharedKeys: string[] } | null;
}

export interface DreamAnalysis {
  text: string;
  language: Language;
  matches: readonly SymbolMatch[];
  roles: RoleAnalysis;
  emotions: EmotionAnalysis;
  safety: SafetyAnalysis;
  salience: SalienceAnalysis;
  /** Theme keys whose cue is present (see themes.ts), best first. */
  themes: string[];
}

export interface ReadingOptions {
  language: Language;
  premium: boolean;
  /** The short version (at most 400 characters) is the text. */
  ultraSimplified: boolean;
  category?: DreamCategory | null;
  history?: DreamerHistory | null;
}

/**
 * A composed reading. Exported from `./index.ts` as
 * `analyseDream(text, matches, data, language): DreamAnalysis` and
 * `readDream(text, matches, data, options): Reading` (analysis + composition).
 */
export interface Reading {
  /** What the reader gets: the full reading, or the short version when `ultraSimplified`. */
  text: string;
  /** The short version, always composed (the dream page toggles to it). */
  short: string;
  themes: string[];
  combined: string[];
  info: ReadingInfo;
  analysis: DreamAnalysis;
}

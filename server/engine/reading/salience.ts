import type { SymbolCategory, SymbolEntry } from "../lexicon/schema";
import type { SymbolMatch } from "../matcher";
import type { Language } from "../morphology";
import { type Token, termWords, tokenize } from "../text";
import model from "./salience-model.json";
import type { EmotionAnalysis, RankedSymbol, RoleAnalysis, SalienceAnalysis, Span } from "./types";

/**
 * Salience: which recognised symbols carry this dream. The dream is read in beats: its sentences, with a long
 * run-on sentence cut at a turn ("then", "de repente") or, past 25 words, at a comma. Each symbol gets the
 * features below, and
 *
 *   score = exp(w · features), then shared and waking
 *
 * with w learned by scripts/train-salience.ts (salience-model.json) from 658 development reports (the repo's own
 * and dev reports outside the blind set) whose 3 central symbols a careful reader labelled (eval/reading/central-symbols-tuning.jsonl; two readers agree on
 * 0.92 of them). Features:
 *
 *   kind         one-hot: animal, spiritual, event, people, action, nature, body, object, abstract, emotion,
 *                place, color, number; "incidental" for everyday doings that only move the story along
 *                (walking, waiting, sleeping, working), which count as no involvement.
 *   repeated     log2 of the beats its evidence is told in, at most 3: an image that comes back, not one named
 *                twice in a breath; "mentions" is log2 of its evidence count.
 *   emotion      the strongest feeling (from the emotion analysis) told in the same beat as an evidence, or
 *                within 12 words of it (x0.75), other than the evidence's own words; intensity / 3, x0.85 for
 *                the second feeling and x0.7 for the third.
 *   climax       the tension of its tensest beat against the dream's tensest (a turn "suddenly", "de repente"
 *                2, a step "then", "al final" 1, "!" 1, plus the strongest feeling's intensity in that beat);
 *                "atClimax" when it is told in the tensest beat.
 *   ending       an evidence in the last beat or the last 20% of the dream's own words; "opening" for a
 *                scene-setting symbol (not a being, action or event) told only in the first of 3+ beats.
 *   felt         its own words carry one of the dream's dominant feelings ("I was crying", "lloraba").
 *   vital        the lexicon's vital symbols (death, falling, a chase, teeth...).
 *   involvement  agent, target, witness, the dreamer's own, harmed in the dream (beings, actions and events
 *                only: "my hand", "I was in the lake" say nothing of what the dreamer does); "deadInWakingLife"
 *                for one the text says has died.
 *   setting      for a place, the share of the dream's happenings told while it is the latest place named.
 *   uncommon     outside the lexicon's common vocabulary (isCommon false).
 *   firstPosition  where in the dream's own words it is first told, 0..1.
 *   keyPrior     how often this key, when recognised, carried the labelled dreams (log-odds against the average
 *                symbol, smoothed toward its kind's; a key never seen takes its kind's): a flood or a wedding
 *                usually carries a dream, a road or a room seldom does.
 *
 * The features a ranking names as its reasons (repeated, emotion, climax, ending, felt, vital, agent, target,
 * own, harmed, setting) only ever lift a symbol (their weights are kept >= 0.1 in training).
 *   shared       x0.5 when every evidence is words already read as a symbol ranked above it: "ran away"
 *                (running, escape) or "my parents" (mother, father) is one image, not two.
 *   waking       x0.25 when every evidence sits in a waking remark ("I often dream...", "en la vida
 *                real"), and such a symbol ranks after every symbol of the dream itself.
 *
 * Ties keep text order (first evidence). Waking remarks are left out of the arc and of the word counts.
 */

/** Every kind of symbol, one feature each: what a dream is about is mostly who or what meets the dreamer. */
const KINDS: readonly SymbolCategory[] = [
  "animal",
  "spiritual",
  "event",
  "people",
  "action",
  "nature",
  "body",
  "object",
  "abstract",
  "emotion",
  "place",
  "color",
  "number",
];
const REPEAT_MAX = 3;
const EMOTION_NEARBY = 0.75;
const EMOTION_REACH_WORDS = 12;
const FEELING_RANK = [1, 0.85, 0.7] as const;
const ENDING_SHARE = 0.8;
const OPENING_MIN_BEATS = 3;
/** A place is "setting" in its reasons when at least this share of the dream happens there. */
const SETTING_REASON_SHARE = 0.5;
const WAKING_ONLY = 0.25;
const SHARED = 0.5;

const TURN = 2;
const STEP = 1;
const EXCLAMATION = 1;

/** A turn opens a new beat once the current one has this many words; a comma does past the longer length. */
const BEAT_MIN_WORDS = 6;
const BEAT_MAX_WORDS = 25;

/** Who acts or what happens: the dreamer's involvement with these counts. */
const ACTORS = new Set<SymbolCategory>(["people", "animal", "spiritual", "action", "event"]);
const INCIDENTAL_ACTIONS = new Set(["walking", "waiting", "sleeping", "working"]);
/** Not something happening: they neither host a scene's events nor count as one. */
const INERT = new Set<SymbolCategory>(["place", "color", "number"]);

/** Three central images; a fourth or fifth joins only when the dream has many and it scores close. */
const CENTRAL_BASE = 3;
/** A fourth or fifth image joins when it scores at least this share of the third's. */
const CLOSE_SHARE = 0.8;

/** Words that mark the dream's turn or its next step, as written (folded when indexed). */
const MARKERS: Record<Language, ReadonlyArray<readonly [string, number]>> = {
  en: [
    ["suddenly", TURN],
    ["all of a sudden", TURN],
    ["out of nowhere", TURN],
    ["then", STEP],
    ["finally", STEP],
    ["at last", STEP],
    ["in the end", STEP],
    ["at the end", STEP],
  ],
  es: [
    ["de repente", TURN],
    ["derepente", TURN],
    ["de pronto", TURN],
    ["de golpe", TURN],
    ["de la nada", TURN],
    ["repentinamente", TURN],
    ["súbitamente", TURN],
    ["entonces", STEP],
    ["luego", STEP],
    ["después", STEP],
    ["al final", STEP],
    ["finalmente", STEP],
    ["por fin", STEP],
  ],
};

interface Marker {
  rest: readonly string[];
  weight: number;
}

/** First word -> the phrases it can start, so the text is read once whatever the number of markers. */
const MARKERS_BY_FIRST_WORD: Record<Language, ReadonlyMap<string, readonly Marker[]>> = {
  en: indexMarkers(MARKERS.en),
  es: indexMarkers(MARKERS.es),
};

function indexMarkers(markers: ReadonlyArray<readonly [string, number]>): Map<string, Marker[]> {
  const byFirst = new Map<string, Marker[]>();
  for (const [phrase, weight] of markers) {
    const [first = "", ...rest] = termWords(phrase);
    const list = byFirst.get(first) ?? [];
    list.push({ rest, weight });
    byFirst.set(first, list);
  }
  return byFirst;
}

export interface SalienceInput {
  text: string;
  language: Language;
  matches: readonly SymbolMatch[];
  entries: ReadonlyMap<string, SymbolEntry>;
  emotions: EmotionAnalysis;
  roles: RoleAnalysis;
}

/** The dream read as words and beats, with what the arc needs to know about each. */
interface Layout {
  tokens: Token[];
  /** Beat index of each token. */
  beatOf: number[];
  /** Position of each token among the dream's own words (waking remarks left out); -1 inside a remark. */
  contentIndex: number[];
  contentWords: number;
  /** Per beat: its tension (see climax above); 0 for a beat that is all waking remark. */
  tension: number[];
  maxTension: number;
  firstContentBeat: number;
  lastContentBeat: number;
  contentBeats: number;
}

/** Where one evidence of a symbol sits. */
interface Spot {
  token: number;
  /** The evidence's last word (a phrase spans several). */
  lastToken: number;
  beat: number;
  inDream: boolean;
}

interface FeelingPoint extends Spot {
  intensity: number;
  /** intensity / 3, weighed by the feeling's rank among the dominant ones: the share of EMOTION it gives. */
  strength: number;
}

/** Each recognised symbol with its features, before ranking: what rankSalience scores, and what training reads. */
export function salienceCandidates(input: SalienceInput) {
  const { text, language, matches, entries, emotions, roles } = input;
  const layout = readLayout(text, language, roles.wakingRemarks);
  const feelings = feelingPoints(emotions, layout);
  addFeelingTension(layout, feelings);
  const spots = matches.map((match) => match.evidence.map((evidence) => spotOf(evidence, layout)));
  const settings = settingShares(matches, spots);
  return matches.map((match, index) => {
    const evidence = spots[index] ?? [];
    const inDream = evidence.filter((spot) => spot.inDream);
    const wakingOnly = roles.roles.get(match.key)?.onlyInWakingRemark ?? inDream.length === 0;
    const { score, features, reasons } = scoreSymbol(match, inDream.length > 0 ? inDream : evidence, {
      layout,
      feelings,
      entries,
      roles,
      settingShare: settings.get(match.key) ?? 0,
    });
    const first = Math.min(...match.evidence.map((evidence) => evidence.start));
    return { match, score, features, reasons, wakingOnly, first };
  });
}

export function rankSalience(input: SalienceInput): SalienceAnalysis {
  const scored = salienceCandidates(input).map(({ match, score, reasons, wakingOnly, first }) => ({
    ranked: { match, score: Math.round((wakingOnly ? score * WAKING_ONLY : score) * 100) / 100, reasons },
    wakingOnly,
    first,
  }));
  const byRank = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    Number(a.wakingOnly) - Number(b.wakingOnly) || b.ranked.score - a.ranked.score || a.first - b.first;
  scored.sort(byRank);
  discountSharedEvidence(scored.map((entry) => entry.ranked));
  scored.sort(byRank);
  const ranked = scored.map((entry) => entry.ranked);
  const dream = scored.filter((entry) => !entry.wakingOnly).map((entry) => entry.ranked);
  return { ranked, central: chooseCentral(dream.length > 0 ? dream : ranked) };
}

/**
 * The dream's turn: its tensest beat (the first, when several tie), as a span of the text, with the feelings
 * told in it. Null when no beat carries a turn word, an "!" or a felt feeling. The composer reads it as the
 * moment the dream asks the dreamer to look at.
 */
export function climaxBeat(
  text: string,
  language: Language,
  emotions: EmotionAnalysis,
  wakingRemarks: readonly Span[],
): Span | null {
  const layout = readLayout(text, language, wakingRemarks);
  addFeelingTension(layout, feelingPoints(emotions, layout));
  if (layout.maxTension <= 0) return null;
  const beat = layout.tension.indexOf(layout.maxTension);
  const first = layout.beatOf.indexOf(beat);
  const last = layout.beatOf.lastIndexOf(beat);
  const start = layout.tokens[first]?.start ?? 0;
  const end = layout.tokens[last]?.end ?? start;
  return { start, end, text: text.slice(start, end) };
}

interface ScoringContext {
  layout: Layout;
  feelings: readonly FeelingPoint[];
  entries: ReadonlyMap<string, SymbolEntry>;
  roles: RoleAnalysis;
  settingShare: number;
}

/**
 * What the model weighs, per recognised symbol (see the header). Kinds are one-hot; the others are 0/1 flags or
 * shares in 0..1, except repeated (log2 of the moments, at most 3) and mentions (log2 of the evidence count).
 */
export const SALIENCE_FEATURES = [
  ...KINDS.map((kind) => `kind:${kind}` as const),
  "incidental",
  "repeated",
  "mentions",
  "emotion",
  "climax",
  "atClimax",
  "ending",
  "opening",
  "felt",
  "vital",
  "agent",
  "target",
  "witness",
  "own",
  "harmed",
  "deadInWakingLife",
  "setting",
  "uncommon",
  "firstPosition",
  "keyPrior",
] as const;
export type SalienceFeature = (typeof SALIENCE_FEATURES)[number];

/** The learned weights (scripts/train-salience.ts writes salience-model.json) as one vector. */
const WEIGHTS = SALIENCE_FEATURES.map((feature) => (model.weights as Record<string, number>)[feature] ?? 0);
const KEY_PRIOR = model.keyPrior as Record<string, number>;
const KIND_PRIOR = model.kindPrior as Record<string, number>;

function scoreSymbol(match: SymbolMatch, spots: readonly Spot[], context: ScoringContext) {
  const features = featuresOf(match, spots, context);
  let linear = 0;
  for (let i = 0; i < WEIGHTS.length; i++) linear += (WEIGHTS[i] ?? 0) * (features[i] ?? 0);
  return { score: Math.exp(linear), features, reasons: reasonsOf(features) };
}

const FEATURE_INDEX = new Map(SALIENCE_FEATURES.map((feature, index) => [feature, index]));
const feature = (name: SalienceFeature) => FEATURE_INDEX.get(name) ?? -1;
/** Reasons a ranking shows, and the feature (with the least value) that gives each. */
const REASONS: ReadonlyArray<readonly [string, SalienceFeature, number]> = [
  ["repeated", "repeated", 0.5],
  ["emotion", "emotion", 0.01],
  ["climax", "atClimax", 1],
  ["ending", "ending", 1],
  ["felt", "felt", 0.01],
  ["vital", "vital", 1],
  ["agent", "agent", 1],
  ["target", "target", 1],
  ["own", "own", 1],
  ["harmed", "harmed", 1],
  ["setting", "setting", SETTING_REASON_SHARE],
];

/**
 * Features that may only lift a symbol: those a ranking names as its reasons (a reason that lowered a symbol
 * would explain nothing), the climax share behind "climax", and the key prior. Training keeps their weights > 0.
 */
export const LIFTING_FEATURES: readonly SalienceFeature[] = [
  ...new Set([...REASONS.map(([, name]) => name), "climax" as const, "keyPrior" as const]),
];

function reasonsOf(features: readonly number[]): string[] {
  return REASONS.filter(([, name, least]) => (features[feature(name)] ?? 0) >= least).map(
    ([reason]) => reason,
  );
}

function featuresOf(match: SymbolMatch, spots: readonly Spot[], context: ScoringContext): number[] {
  const { layout, feelings, entries, roles, settingShare } = context;
  const values = new Array<number>(SALIENCE_FEATURES.length).fill(0);
  const set = (name: SalienceFeature, value: number) => {
    values[feature(name)] = value;
  };
  const incidental = INCIDENTAL_ACTIONS.has(match.key);
  const actor = ACTORS.has(match.category) && !incidental;
  set(`kind:${match.category}`, 1);
  if (incidental) set("incidental", 1);
  // An image that comes back counts, not one named twice in a breath ("a beach... the shore").
  const moments = new Set(spots.map((spot) => spot.beat)).size;
  if (moments > 1) set("repeated", Math.min(REPEAT_MAX, Math.log2(moments)));
  set("mentions", Math.log2(Math.max(1, spots.length)));
  set("emotion", nearestFeeling(spots, feelings));
  const tension = Math.max(0, ...spots.map((spot) => layout.tension[spot.beat] ?? 0));
  if (tension > 0) {
    set("climax", tension / layout.maxTension);
    if (tension === layout.maxTension) set("atClimax", 1);
  }
  if (spots.some((spot) => inEnding(spot, layout))) set("ending", 1);
  else if (
    !actor &&
    layout.contentBeats >= OPENING_MIN_BEATS &&
    spots.every((spot) => spot.beat === layout.firstContentBeat)
  ) {
    set("opening", 1);
  }
  set("felt", feelingItself(spots, feelings));
  if (entries.get(match.key)?.isVital) set("vital", 1);
  const role = actor ? roles.roles.get(match.key) : undefined;
  if (role?.role === "agent") set("agent", 1);
  if (role?.role === "target") set("target", 1);
  if (role?.role === "witness") set("witness", 1);
  if (role?.own) set("own", 1);
  if (role?.harmed) set("harmed", 1);
  if (roles.roles.get(match.key)?.waking === "dead") set("deadInWakingLife", 1);
  set("setting", settingShare);
  if (entries.get(match.key)?.isCommon === false) set("uncommon", 1);
  const first = Math.min(...spots.map((spot) => layout.contentIndex[spot.token] ?? 0).filter((i) => i >= 0));
  set("firstPosition", Number.isFinite(first) && layout.contentWords > 0 ? first / layout.contentWords : 0);
  set("keyPrior", KEY_PRIOR[match.key] ?? KIND_PRIOR[match.category] ?? 0);
  return values;
}

/**
 * Two keys read from the same words ("ran away": running and escape; "my parents": mother and father) are one
 * image: the words count for the key ranked first, and a later key whose every evidence they already gave
 * keeps only SHARED of its score.
 */
function discountSharedEvidence(ranked: readonly RankedSymbol[]): void {
  const given: { start: number; end: number }[] = [];
  for (const entry of ranked) {
    const evidence = entry.match.evidence;
    const shared = evidence.every((span) =>
      given.some((other) => span.start < other.end && other.start < span.end),
    );
    if (shared && evidence.length > 0) {
      entry.score = Math.round(entry.score * SHARED * 100) / 100;
      entry.reasons.push("shared");
    }
    given.push(...evidence);
  }
}

function chooseCentral(ranked: readonly RankedSymbol[]): string[] {
  if (ranked.length <= CENTRAL_BASE) return ranked.map((entry) => entry.match.key);
  // Many images close together share the dream: a fourth when five are found, a fifth when eight.
  const extra = ranked.length >= 8 ? 2 : ranked.length >= 5 ? 1 : 0;
  const third = ranked[CENTRAL_BASE - 1]?.score ?? 0;
  let count = CENTRAL_BASE;
  while (count < CENTRAL_BASE + extra && (ranked[count]?.score ?? 0) >= third * CLOSE_SHARE) count++;
  return ranked.slice(0, count).map((entry) => entry.match.key);
}

function readLayout(text: string, language: Language, wakingRemarks: readonly Span[]): Layout {
  const tokens = tokenize(text);
  const remarks = [...wakingRemarks].sort((a, b) => a.start - b.start);
  const markers = MARKERS_BY_FIRST_WORD[language];
  const beatOf: number[] = [];
  const contentIndex: number[] = [];
  const tension: number[] = [];
  const hasContent: boolean[] = [];
  let beat = -1;
  let beatWords = 0;
  let contentWords = 0;
  let remark = 0;
  let firstContentBeat = -1;
  let lastContentBeat = -1;
  let contentBeats = 0;
  let previousEnd = 0;

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const gap = gapSigns(text, previousEnd, token.start);
    if (gap.exclamation && beat >= 0) tension[beat] = (tension[beat] ?? 0) + EXCLAMATION;
    const marker = markerAt(tokens, i, markers);
    const opensBeat =
      beat < 0 ||
      token.sentenceStart ||
      gap.newline ||
      (marker > 0 && beatWords >= BEAT_MIN_WORDS) ||
      (token.breakBefore && beatWords >= BEAT_MAX_WORDS);
    if (opensBeat) {
      beat++;
      beatWords = 0;
      tension.push(0);
      hasContent.push(false);
    }
    beatWords++;
    beatOf.push(beat);
    while (remark < remarks.length && (remarks[remark]?.end ?? 0) <= token.start) remark++;
    if ((remarks[remark]?.start ?? Number.POSITIVE_INFINITY) <= token.start) {
      contentIndex.push(-1);
    } else {
      contentIndex.push(contentWords++);
      hasContent[beat] = true;
      if (lastContentBeat !== beat) contentBeats++;
      if (firstContentBeat < 0) firstContentBeat = beat;
      lastContentBeat = beat;
    }
    // The strongest marker of a beat counts, not their number: "and then... and then" is no climax.
    if (marker > (tension[beat] ?? 0)) tension[beat] = marker;
    previousEnd = token.end;
  }
  if (beat >= 0 && gapSigns(text, previousEnd, text.length).exclamation) {
    tension[beat] = (tension[beat] ?? 0) + EXCLAMATION;
  }
  // A beat wholly in a waking remark ("I woke up screaming!") is no part of the dream's arc.
  for (let b = 0; b < tension.length; b++) if (!hasContent[b]) tension[b] = 0;
  return {
    tokens,
    beatOf,
    contentIndex,
    contentWords,
    tension,
    maxTension: Math.max(0, ...tension),
    firstContentBeat,
    lastContentBeat,
    contentBeats,
  };
}

const EXCLAMATION_MARK = "!".charCodeAt(0);
const NEWLINE = "\n".charCodeAt(0);

function gapSigns(text: string, from: number, to: number): { exclamation: boolean; newline: boolean } {
  let exclamation = false;
  let newline = false;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === EXCLAMATION_MARK) exclamation = true;
    else if (code === NEWLINE) newline = true;
  }
  return { exclamation, newline };
}

/** The weight of a marker phrase starting at token `i`, or 0. */
function markerAt(
  tokens: readonly Token[],
  i: number,
  markers: ReadonlyMap<string, readonly Marker[]>,
): number {
  const candidates = markers.get(tokens[i]?.norm ?? "");
  if (!candidates) return 0;
  let best = 0;
  for (const { rest, weight } of candidates) {
    if (weight > best && rest.every((word, k) => tokens[i + 1 + k]?.norm === word)) best = weight;
  }
  return best;
}

/** The token a text offset falls in: the last one starting at or before it. */
function tokenAt(tokens: readonly Token[], offset: number): number {
  let low = 0;
  let high = tokens.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((tokens[middle]?.start ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

function spotOf(span: { start: number; end: number }, layout: Layout): Spot {
  const token = tokenAt(layout.tokens, span.start);
  return {
    token,
    lastToken: Math.max(token, tokenAt(layout.tokens, span.end - 1)),
    beat: layout.beatOf[token] ?? 0,
    inDream: layout.contentIndex[token] !== -1,
  };
}

function feelingPoints(emotions: EmotionAnalysis, layout: Layout): FeelingPoint[] {
  return emotions.dominant.flatMap((feeling, rank) =>
    feeling.evidence.map((span) => ({
      ...spotOf(span, layout),
      intensity: feeling.intensity,
      strength: (feeling.intensity / 3) * (FEELING_RANK[rank] ?? 0),
    })),
  );
}

/** A beat's tension grows by the intensity of the strongest feeling told in it (dream content only). */
function addFeelingTension(layout: Layout, feelings: readonly FeelingPoint[]): void {
  const peak = new Map<number, number>();
  for (const { beat, inDream, intensity } of feelings) {
    if (!inDream) continue;
    peak.set(beat, Math.max(peak.get(beat) ?? 0, intensity));
  }
  for (const [beat, intensity] of peak) layout.tension[beat] = (layout.tension[beat] ?? 0) + intensity;
  layout.maxTension = Math.max(0, ...layout.tension);
}

/** The strongest feeling told near any of the evidence, as a share of EMOTION (0 when none is near). */
function nearestFeeling(spots: readonly Spot[], feelings: readonly FeelingPoint[]): number {
  let best = 0;
  for (const spot of spots) {
    for (const feeling of feelings) {
      // The feeling's own word ("crying", "terrified") is the symbol itself, not a feeling near it.
      if (feeling.token <= spot.lastToken && spot.token <= feeling.lastToken) continue;
      const sameBeat = feeling.beat === spot.beat;
      if (!sameBeat && Math.abs(feeling.token - spot.token) > EMOTION_REACH_WORDS) continue;
      best = Math.max(best, feeling.strength * (sameBeat ? 1 : EMOTION_NEARBY));
    }
  }
  return best;
}

/** The strongest dominant feeling this symbol's own words tell ("I was crying"), as a share of FELT. */
function feelingItself(spots: readonly Spot[], feelings: readonly FeelingPoint[]): number {
  let best = 0;
  for (const spot of spots) {
    for (const feeling of feelings) {
      if (spot.inDream && feeling.token <= spot.lastToken && spot.token <= feeling.lastToken) {
        best = Math.max(best, feeling.strength);
      }
    }
  }
  return best;
}

function inEnding(spot: Spot, layout: Layout): boolean {
  if (!spot.inDream) return false;
  if (layout.contentBeats >= 2 && spot.beat === layout.lastContentBeat) return true;
  return (layout.contentIndex[spot.token] ?? 0) >= ENDING_SHARE * layout.contentWords;
}

/**
 * For each place, the share of the dream's happenings (dream evidence of symbols that are not inert) told
 * while it is the latest place named.
 */
function settingShares(matches: readonly SymbolMatch[], spots: readonly Spot[][]): Map<string, number> {
  const events: { token: number; place: string | null }[] = [];
  matches.forEach((match, index) => {
    const isPlace = match.category === "place";
    if (!isPlace && INERT.has(match.category)) return;
    for (const spot of spots[index] ?? []) {
      if (spot.inDream) events.push({ token: spot.token, place: isPlace ? match.key : null });
    }
  });
  events.sort((a, b) => a.token - b.token);
  const hosted = new Map<string, number>();
  let scene: string | null = null;
  let happenings = 0;
  for (const { place } of events) {
    if (place !== null) {
      scene = place;
      continue;
    }
    happenings++;
    if (scene !== null) hosted.set(scene, (hosted.get(scene) ?? 0) + 1);
  }
  for (const [key, count] of hosted) hosted.set(key, count / happenings);
  return hosted;
}

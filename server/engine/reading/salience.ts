import type { SymbolCategory, SymbolEntry } from "../lexicon/schema";
import type { SymbolMatch } from "../matcher";
import type { Language } from "../morphology";
import { type Token, termWords, tokenize } from "../text";
import type { EmotionAnalysis, RankedSymbol, RoleAnalysis, SalienceAnalysis, Span } from "./types";

/**
 * Salience: which recognised symbols carry this dream. Every weight is here, so a ranking can be explained by
 * its reasons. The dream is read in beats: its sentences, with a long run-on sentence cut at a turn ("then",
 * "de repente") or, past 25 words, at a comma.
 *
 *   score = rarity x (kind x (1 + repeated + emotion + climax + ending + opening) + felt + vital
 *           + involvement + setting), then shared and waking
 *
 *   kind         animal, spiritual 2; event 1.5; people, action 1; nature 0.5; body, object 0.4; abstract,
 *                emotion, place 0.3; color, number 0.1. What a dream is about is mostly who or what meets
 *                the dreamer and what happens; a tiger, a ghost or a flood carries a dream more than the
 *                room, the road or the hat, wherever they stand. Everyday doings that only move the story
 *                along (walking, waiting, sleeping, working) count as 0.6 and not as involvement.
 *   repeated     +1 per doubling of the beats its evidence is told in (log2 of the count), at most +3: an
 *                image that comes back, not one named twice in a breath.
 *   emotion      up to +0.5: the strongest feeling (from the emotion analysis) told in the same beat as an
 *                evidence, or within 12 words of it (x0.75), other than the evidence's own words; scaled by
 *                intensity / 3, x0.85 for the second feeling and x0.7 for the third.
 *   climax       up to +0.5, in proportion to the tension of its tensest beat against the dream's tensest:
 *                a turn ("suddenly", "de repente") 2, a step ("then", "finally", "al final") 1, "!" 1,
 *                plus the intensity of the strongest feeling told in that beat.
 *   ending       +0.25 for an evidence in the last beat or the last 20% of the dream's own words.
 *                Emotion, climax and ending are small on purpose: they lift every image of a busy beat
 *                alike, so on the development set (eval/reading/central-symbols-tuning.jsonl) they did not
 *                tell the central images from the props around them; they order close ones.
 *   opening      -0.5 for a scene-setting symbol (not a being, action or event) told only in the first
 *                beat of a dream of 3 beats or more.
 *   felt         up to +1.5 when its own words carry one of the dream's dominant feelings ("I was crying",
 *                "lloraba"): the feeling is the point. Scaled like emotion.
 *   vital        +2 for the lexicon's vital symbols (death, falling, a chase, teeth...).
 *   involvement  agent +1, target +1.5 (what is done to the dreamer weighs most), the dreamer's own +0.25
 *                ("my sister" is a relation, not yet an event), harmed in the dream +1; only for beings,
 *                actions and events: "my hand", "I was in the lake" say nothing of what the dreamer does.
 *   setting      for a place, +1.5 x the share of the dream's happenings (evidence of people, animals,
 *                actions, events, objects...) told while it is the latest place named, so a setting is
 *                central only when much happens there.
 *   rarity       x0.75 for a symbol outside the lexicon's common vocabulary (isCommon false): a narrow
 *                key ("roommate", "pandemic") rarely names what a dream is about.
 *   shared       x0.5 when every evidence is words already read as a symbol ranked above it: "ran away"
 *                (running, escape) or "my parents" (mother, father) is one image, not two.
 *   waking       x0.25 when every evidence sits in a waking remark ("I often dream...", "en la vida
 *                real"), and such a symbol ranks after every symbol of the dream itself.
 *
 * Ties keep text order (first evidence). Waking remarks are left out of the arc and of the word counts.
 */

const KIND_WEIGHT: Record<SymbolCategory, number> = {
  animal: 2,
  spiritual: 2,
  event: 1.5,
  people: 1,
  action: 1,
  nature: 0.5,
  body: 0.4,
  object: 0.4,
  abstract: 0.3,
  emotion: 0.3,
  place: 0.3,
  color: 0.1,
  number: 0.1,
};
const REPEAT_PER_DOUBLING = 1;
const REPEAT_MAX = 3;
const EMOTION = 0.5;
const EMOTION_NEARBY = 0.75;
const EMOTION_REACH_WORDS = 12;
const FEELING_RANK = [1, 0.85, 0.7] as const;
const CLIMAX = 0.5;
const ENDING = 0.25;
const ENDING_SHARE = 0.8;
const OPENING = -0.5;
const OPENING_MIN_BEATS = 3;
const VITAL = 2;
const AGENT = 1;
const TARGET = 1.5;
const OWN = 0.25;
const HARMED = 1;
const SETTING = 1.5;
/** A place is "setting" in its reasons when at least this share of the dream happens there. */
const SETTING_REASON_SHARE = 0.5;
const WAKING_ONLY = 0.25;
const SHARED = 0.5;
const FELT = 1.5;
const UNCOMMON = 0.75;

const TURN = 2;
const STEP = 1;
const EXCLAMATION = 1;

/** A turn opens a new beat once the current one has this many words; a comma does past the longer length. */
const BEAT_MIN_WORDS = 6;
const BEAT_MAX_WORDS = 25;

/** Who acts or what happens: the dreamer's involvement with these counts. */
const ACTORS = new Set<SymbolCategory>(["people", "animal", "spiritual", "action", "event"]);
const INCIDENTAL_ACTIONS = new Set(["walking", "waiting", "sleeping", "working"]);
const INCIDENTAL_WEIGHT = 0.6;
/** Not something happening: they neither host a scene's events nor count as one. */
const INERT = new Set<SymbolCategory>(["place", "color", "number"]);

/** Three central images; a fourth or fifth joins only when the dream has many and it scores close. */
const CENTRAL_BASE = 3;
const CLOSE_GAP = 0.75;

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

export function rankSalience(input: SalienceInput): SalienceAnalysis {
  const { text, language, matches, entries, emotions, roles } = input;
  const layout = readLayout(text, language, roles.wakingRemarks);
  const feelings = feelingPoints(emotions, layout);
  addFeelingTension(layout, feelings);
  const spots = matches.map((match) => match.evidence.map((evidence) => spotOf(evidence, layout)));
  const settings = settingShares(matches, spots);

  const scored = matches.map((match, index) => {
    const evidence = spots[index] ?? [];
    const inDream = evidence.filter((spot) => spot.inDream);
    const wakingOnly = roles.roles.get(match.key)?.onlyInWakingRemark ?? inDream.length === 0;
    const { score, reasons } = scoreSymbol(match, inDream.length > 0 ? inDream : evidence, {
      layout,
      feelings,
      entries,
      roles,
      settingShare: settings.get(match.key) ?? 0,
    });
    const first = Math.min(...match.evidence.map((evidence) => evidence.start));
    const rounded = Math.round((wakingOnly ? score * WAKING_ONLY : score) * 100) / 100;
    return { ranked: { match, score: rounded, reasons }, wakingOnly, first };
  });

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

function scoreSymbol(match: SymbolMatch, spots: readonly Spot[], context: ScoringContext) {
  const { layout, feelings, entries, roles, settingShare } = context;
  const incidental = INCIDENTAL_ACTIONS.has(match.key);
  const actor = ACTORS.has(match.category) && !incidental;
  const reasons: string[] = [];
  // Prominence in the dream's telling is scaled by the kind of symbol; bonuses hold whatever its kind.
  let prominence = 1;
  let bonus = 0;
  const grow = (points: number, reason?: string) => {
    prominence += points;
    if (reason) reasons.push(reason);
  };
  const add = (points: number, reason?: string) => {
    bonus += points;
    if (reason) reasons.push(reason);
  };

  // An image that comes back counts, not one named twice in a breath ("a beach... the shore").
  const moments = new Set(spots.map((spot) => spot.beat)).size;
  if (moments > 1) grow(Math.min(REPEAT_MAX, REPEAT_PER_DOUBLING * Math.log2(moments)), "repeated");
  const feeling = nearestFeeling(spots, feelings);
  if (feeling > 0) grow(EMOTION * feeling, "emotion");
  const tension = Math.max(0, ...spots.map((spot) => layout.tension[spot.beat] ?? 0));
  if (tension > 0) {
    grow((CLIMAX * tension) / layout.maxTension, tension === layout.maxTension ? "climax" : undefined);
  }
  if (spots.some((spot) => inEnding(spot, layout))) grow(ENDING, "ending");
  else if (
    !actor &&
    layout.contentBeats >= OPENING_MIN_BEATS &&
    spots.every((spot) => spot.beat === layout.firstContentBeat)
  ) {
    grow(OPENING);
  }

  const felt = feelingItself(spots, feelings);
  if (felt > 0) add(FELT * felt, "felt");
  if (entries.get(match.key)?.isVital) add(VITAL, "vital");
  const role = actor ? roles.roles.get(match.key) : undefined;
  if (role?.role === "agent") add(AGENT, "agent");
  if (role?.role === "target") add(TARGET, "target");
  if (role?.own) add(OWN, "own");
  if (role?.harmed) add(HARMED, "harmed");
  if (settingShare > 0) {
    add(SETTING * settingShare, settingShare >= SETTING_REASON_SHARE ? "setting" : undefined);
  }
  const kind = incidental ? INCIDENTAL_WEIGHT : KIND_WEIGHT[match.category];
  const rarity = entries.get(match.key)?.isCommon === false ? UNCOMMON : 1;
  return { score: (kind * prominence + bonus) * rarity, reasons };
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
  while (count < CENTRAL_BASE + extra && third - (ranked[count]?.score ?? -Infinity) <= CLOSE_GAP) count++;
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

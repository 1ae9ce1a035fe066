import type { Language } from "../morphology";
import { foldWord, type Token, tokenize } from "../text";
import {
  CONTEXT_CUES,
  type Context,
  DREAM_WORDS,
  EXPERIENCERS,
  FEELING_WORDS,
  type Intensity,
  type Lexicon,
  MODIFIERS,
  type Modifiers,
  type Sense,
  WAKE_REMARK,
} from "./emotion-words";
import { analyseRoles } from "./roles";
import type { EmotionAnalysis, EmotionKind, Feeling, Span } from "./types";
import { compilePatterns, findPatterns, type PatternHit } from "./word-patterns";

/**
 * The feelings a dream report names, from its own words: feeling words and body cues in English and
 * Spanish (regional words included), their intensity (intensifiers, strong words, "!!", capitals; hedges
 * such as "barely scared" lower it), and negation ("I wasn't scared" is not fear; "it wasn't a happy dream"
 * takes joy out of the whole dream). The dreamer's own feelings weigh above those of others in the dream,
 * and feelings in waking remarks ("in real life I'm terrified of spiders") are not the dream's. From them:
 * the dominant feelings, how the dream ends, its tone, and whether it reads as a nightmare.
 */

interface LexiconEntry {
  sense: Sense;
  intensity: Intensity;
}

function entriesOf(lexicon: Lexicon): [string, LexiconEntry][] {
  const entries: [string, LexiconEntry][] = lexicon.none.map((pattern) => [
    pattern,
    { sense: null, intensity: 1 },
  ]);
  for (const [sense, byIntensity] of Object.entries(lexicon)) {
    if (sense === "none" || Array.isArray(byIntensity)) continue;
    for (const [level, patterns] of Object.entries(byIntensity))
      for (const pattern of patterns ?? [])
        entries.push([pattern, { sense: sense as Sense, intensity: Number(level) as Intensity }]);
  }
  return entries;
}

const INDEX = {
  en: compilePatterns(entriesOf(FEELING_WORDS.en)),
  es: compilePatterns(entriesOf(FEELING_WORDS.es)),
};

function contextEntries(language: Language): [string, Context][] {
  return Object.entries(CONTEXT_CUES[language]).flatMap(([context, patterns]) =>
    patterns.map((pattern): [string, Context] => [pattern, context as Context]),
  );
}

const CONTEXT_INDEX = {
  en: compilePatterns(contextEntries("en")),
  es: compilePatterns(contextEntries("es")),
};

const foldAll = (words: Iterable<string>) => new Set([...words].map(foldWord));
const WHO = {
  en: { self: foldAll(EXPERIENCERS.en.self), other: foldAll(EXPERIENCERS.en.other) },
  es: { self: foldAll(EXPERIENCERS.es.self), other: foldAll(EXPERIENCERS.es.other) },
};

/** How far before a feeling word a negation or an intensifier may stand. */
const NEGATION_REACH = 3;
const MODIFIER_REACH = 2;
const SUPERLATIVE = /.{3}isim[oa]s?$/;
/** Spanish "algo", "medio" soften only right before the word: "algo me asustó" is "something scared me". */
const ADJACENT_ONLY = new Set(["algo", "medio"]);

/** What a negated feeling becomes: "not scared" reads as calm, "not calm" as unease; others drop out. */
const NEGATED: Partial<Record<EmotionKind, EmotionKind>> = {
  fear: "calm",
  anxiety: "calm",
  calm: "anxiety",
};

const DARK = new Set<EmotionKind>([
  "fear",
  "anxiety",
  "sadness",
  "grief",
  "anger",
  "shame",
  "guilt",
  "disgust",
]);
const LIGHT = new Set<EmotionKind>(["joy", "love", "calm", "awe"]);

interface Hit {
  kind: EmotionKind;
  intensity: Intensity;
  span: Span;
  nightmare: boolean;
  /** The feeling belongs to someone else in the dream ("the boy was terrified"), not to the dreamer. */
  others: boolean;
}

function clampIntensity(value: number): Intensity {
  return value >= 3 ? 3 : value <= 1 ? 1 : 2;
}

/** The token index of a negator governing the hit at `first`, or -1. */
function negatorBefore(tokens: readonly Token[], first: number, modifiers: Modifiers): number {
  let reach = NEGATION_REACH;
  for (let j = first - 1; j >= 0 && reach > 0; j--) {
    if ((tokens[j + 1] as Token).breakBefore) return -1;
    const word = (tokens[j] as Token).norm;
    if (modifiers.unblock.has(word)) return -1;
    if (modifiers.negators.has(word)) return j;
    // "not that scared": a hedge right after the negation belongs to it.
    if (modifiers.hedges.has(word) && modifiers.negators.has(tokens[j - 1]?.norm ?? "")) continue;
    // "It wasn't a very happy dream": articles and intensifiers do not carry the clause away.
    if (!modifiers.articles.has(word) && !modifiers.before.has(word)) reach--;
    // "I wasn't so scared": an intensifier sits inside the negation, it does not close the clause.
    if (modifiers.clause.has(word) && !modifiers.before.has(word)) return -1;
  }
  return -1;
}

function modifierDelta(
  tokens: readonly Token[],
  hit: PatternHit<LexiconEntry>,
  modifiers: Modifiers,
): number {
  let delta = 0;
  for (let j = hit.first - 1; j >= 0 && j >= hit.first - MODIFIER_REACH; j--) {
    if ((tokens[j + 1] as Token).breakBefore) break;
    const word = (tokens[j] as Token).norm;
    const change = modifiers.before.get(word);
    if (change !== undefined && (j === hit.first - 1 || !ADJACENT_ONLY.has(word))) delta += change;
    if (modifiers.clause.has(word) && change === undefined) break;
  }
  for (let j = hit.last + 1; j < tokens.length && j <= hit.last + MODIFIER_REACH; j++) {
    const token = tokens[j] as Token;
    if (token.breakBefore) break;
    if (modifiers.after.has(token.norm)) delta += 1;
  }
  // Spanish superlatives carry their own "very": "agobiadísima", "felicísimo".
  if (SUPERLATIVE.test((tokens[hit.last] as Token).norm)) delta += 1;
  return delta;
}

/** Exclamation marks closing each sentence: [end offset, how many "!"] in text order. */
function sentenceEnds(text: string): [number, number][] {
  const ends: [number, number][] = [];
  const run = /[.!?…\n]+/g;
  for (let match = run.exec(text); match; match = run.exec(text)) {
    let bangs = 0;
    for (const char of match[0]) if (char === "!") bangs++;
    ends.push([match.index, bangs]);
  }
  return ends;
}

const UPPER = /\p{Lu}/gu;
const LOWER = /\p{Ll}/gu;

/** A text typed in capitals throughout shouts nowhere in particular. */
function capitalsAreEmphasis(text: string): boolean {
  const upper = text.match(UPPER)?.length ?? 0;
  return upper < (text.match(LOWER)?.length ?? 0);
}

function isShouted(word: string): boolean {
  return word.length >= 2 && word === word.toUpperCase() && word !== word.toLowerCase();
}

/** The feeling words, or the word right before them ("SO scared"), typed in capitals. */
function shoutedAround(text: string, tokens: readonly Token[], hit: PatternHit<LexiconEntry>): boolean {
  for (let j = Math.max(0, hit.first - 1); j <= hit.last; j++) {
    const token = tokens[j] as Token;
    if (isShouted(text.slice(token.start, token.end))) return true;
  }
  return false;
}

/** The contexts (mockery, threat, loss) each sentence names, looked up by token index. */
function sentenceContexts(
  tokens: readonly Token[],
  language: Language,
): (at: number) => ReadonlySet<Context> {
  const sentenceOf: number[] = [];
  let sentence = -1;
  for (const token of tokens) sentenceOf.push(token.sentenceStart || sentence < 0 ? ++sentence : sentence);
  const bySentence = new Map<number, Set<Context>>();
  for (const found of findPatterns(CONTEXT_INDEX[language], tokens)) {
    const id = sentenceOf[found.first] as number;
    const known = bySentence.get(id);
    if (known) known.add(found.value);
    else bySentence.set(id, new Set([found.value]));
  }
  const none = new Set<Context>();
  return (at) => bySentence.get(sentenceOf[at] as number) ?? none;
}

/**
 * Laughter is joy unless it mocks the dreamer, is aimed at them or makes a spectacle of them (shame), or
 * comes from a threat (fear); "pena" is embarrassment, as in Mexico ("me dio pena"), unless a death or loss
 * is near ("pena por su muerte").
 */
function resolveSense(sense: "laughter" | "pena", contexts: ReadonlySet<Context>): [EmotionKind, Intensity] {
  if (sense === "pena") return contexts.has("loss") ? ["grief", 2] : ["shame", 1];
  if (contexts.has("mockery") || contexts.has("aimed") || contexts.has("watched")) return ["shame", 2];
  return contexts.has("threat") ? ["fear", 1] : ["joy", 1];
}

/** Whether a hedge word stands between the negation and the feeling, or just before it ("casi no"). */
function hedged(tokens: readonly Token[], negator: number, first: number, modifiers: Modifiers): boolean {
  if (modifiers.nobody.has((tokens[negator] as Token).norm)) return false;
  const from = negator > 0 && !(tokens[negator] as Token).breakBefore ? negator - 1 : negator + 1;
  for (let j = from; j < first; j++)
    if (j !== negator && modifiers.hedges.has((tokens[j] as Token).norm)) return true;
  return false;
}

/** "I've never been so scared", "nunca había tenido tanto miedo": the strongest, not a denial. */
function neverSo(tokens: readonly Token[], negator: number, first: number, modifiers: Modifiers): boolean {
  if (!modifiers.never.has((tokens[negator] as Token).norm)) return false;
  for (let j = negator + 1; j < first; j++) if (modifiers.ever.has((tokens[j] as Token).norm)) return true;
  return false;
}

/** Whether the denied feeling is said of the dream itself: "not a happy dream", "el sueño no fue feliz". */
function saidOfTheDream(tokens: readonly Token[], negator: number, first: number, last: number): boolean {
  const next = tokens[last + 1];
  if (next && !next.breakBefore && DREAM_WORDS.has(next.norm)) return true;
  let from = negator;
  while (from > 0 && from > negator - 2 && !(tokens[from] as Token).breakBefore) from--;
  for (let j = from; j < first; j++) if (DREAM_WORDS.has((tokens[j] as Token).norm)) return true;
  return false;
}

/** A Spanish verb in "we" ("estábamos", "fuimos"): "todos estábamos felices" includes the dreamer. */
const WE_VERB = /(?:abamos|iamos|eramos)$|^(?:estamos|estuvimos|fuimos|somos|quedamos)$/;

/** Clause words a person must not be looked for across, and how far back. */
const EXPERIENCER_REACH = 4;

/** Whether the nearest person named with the feeling is someone other than the dreamer. */
function feltByOthers(tokens: readonly Token[], hit: PatternHit<LexiconEntry>, language: Language): boolean {
  const { self, other } = WHO[language];
  // "It scared me", "they frightened us", "they laughed at me": the dreamer is the one who feels it.
  for (let j = hit.first + 1; j <= hit.last + 1 && j < tokens.length; j++) {
    const token = tokens[j] as Token;
    if (token.breakBefore) break;
    if (self.has(token.norm)) return false;
  }
  const clause = MODIFIERS[language].clause;
  for (let j = hit.first - 1; j >= 0 && j >= hit.first - EXPERIENCER_REACH; j--) {
    if ((tokens[j + 1] as Token).breakBefore) return false;
    const word = (tokens[j] as Token).norm;
    if (self.has(word) || (language === "es" && WE_VERB.test(word))) return false;
    if (other.has(word)) return true;
    if (clause.has(word)) return false;
  }
  return false;
}

/** The feelings named, and the kinds the dreamer denies of the dream as a whole ("not a happy dream"). */
interface Collected {
  hits: Hit[];
  denied: Set<EmotionKind>;
}

function collectHits(text: string, language: Language, tokens: readonly Token[]): Collected {
  const modifiers = MODIFIERS[language];
  const ends = sentenceEnds(text);
  let capitals: boolean | undefined;
  let contextsAt: ((at: number) => ReadonlySet<Context>) | undefined;
  const hits: Hit[] = [];
  const denied = new Set<EmotionKind>();
  let endIndex = 0;
  for (const found of findPatterns(INDEX[language], tokens)) {
    const { sense: written, intensity: listed } = found.value;
    if (written === null) continue;
    let sense: EmotionKind | "nightmare" = written as EmotionKind | "nightmare";
    let base = listed;
    let resolved = false;
    if (written === "laughter" || written === "pena") {
      contextsAt ??= sentenceContexts(tokens, language);
      [sense, base] = resolveSense(written, contextsAt(found.first));
      // Mockery or menace is felt by the dreamer, whoever laughs.
      resolved = written === "laughter" && sense !== "joy";
    }
    const firstToken = tokens[found.first] as Token;
    const lastToken = tokens[found.last] as Token;
    const negator = negatorBefore(tokens, found.first, modifiers);
    const strongest =
      negator >= 0 && sense !== "nightmare" && neverSo(tokens, negator, found.first, modifiers);
    // "not really scared", "no tenía mucho miedo": a little fear, not none ("not very happy" stays denied).
    const hedge =
      negator >= 0 &&
      !strongest &&
      sense !== "nightmare" &&
      DARK.has(sense) &&
      hedged(tokens, negator, found.first, modifiers);
    if (negator >= 0 && !hedge && !strongest) {
      if (sense !== "nightmare" && saidOfTheDream(tokens, negator, found.first, found.last))
        denied.add(sense);
      const flipped = sense === "nightmare" ? undefined : NEGATED[sense];
      if (flipped) {
        const start = (tokens[negator] as Token).start;
        const span = { start, end: lastToken.end, text: text.slice(start, lastToken.end) };
        hits.push({ kind: flipped, intensity: 1, span, nightmare: false, others: false });
      }
      continue;
    }
    let others = !resolved && feltByOthers(tokens, found, language);
    if (others && sense === "joy") {
      // Others enjoying the dreamer's plight ("everyone enjoyed watching me run") is the dreamer's shame.
      contextsAt ??= sentenceContexts(tokens, language);
      const contexts = contextsAt(found.first);
      if (contexts.has("mockery") || contexts.has("watched")) [sense, base, others] = ["shame", 1, false];
    }
    while (endIndex < ends.length && (ends[endIndex] as [number, number])[0] < lastToken.end) endIndex++;
    const bangs = ends[endIndex]?.[1] ?? 0;
    const words = text.slice(firstToken.start, lastToken.end);
    const shouted = shoutedAround(text, tokens, found);
    if (shouted && capitals === undefined) capitals = capitalsAreEmphasis(text);
    const emphasis =
      modifierDelta(tokens, found, modifiers) + (bangs >= 2 ? 1 : 0) + (shouted && capitals ? 1 : 0);
    hits.push({
      kind: sense === "nightmare" ? "fear" : sense,
      intensity: strongest ? 3 : hedge ? 1 : clampIntensity(base + emphasis),
      span: { start: firstToken.start, end: lastToken.end, text: words },
      nightmare: sense === "nightmare",
      others,
    });
  }
  return { hits, denied };
}

/**
 * The hits that speak of the dream: not those in waking remarks, unless the remark tells how the dreamer
 * woke ("I woke up screaming") or names the dream a nightmare ("Had a nightmare last night").
 */
function inTheDream(hits: readonly Hit[], remarks: readonly Span[]): Hit[] {
  const sorted = [...remarks].sort((a, b) => a.start - b.start);
  const kept: Hit[] = [];
  let r = 0;
  for (const hit of hits) {
    while (r < sorted.length && (sorted[r] as Span).end <= hit.span.start) r++;
    const remark = sorted[r];
    const inRemark = remark !== undefined && remark.start <= hit.span.start;
    if (!inRemark || hit.nightmare || WAKE_REMARK.test(remark.text)) kept.push(hit);
  }
  return kept;
}

/** Feelings the text gives to others count one step weaker than the dreamer's own. */
function weighted(hit: Hit): Hit {
  return hit.others ? { ...hit, intensity: clampIntensity(hit.intensity - 1) } : hit;
}

interface KindTally {
  kind: EmotionKind;
  intensity: Intensity;
  count: number;
  first: number;
  evidence: Span[];
  /** The dreamer feels it at least once (not only others in the dream). */
  own: boolean;
}

/** A feeling named three times or more weighs one step more than its strongest mention. */
const REPEATED = 3;
const MAX_DOMINANT = 3;
const MAX_EVIDENCE = 3;

function tally(hits: readonly Hit[]): KindTally[] {
  const byKind = new Map<EmotionKind, KindTally>();
  for (const hit of hits) {
    const known = byKind.get(hit.kind);
    if (!known) {
      byKind.set(hit.kind, {
        kind: hit.kind,
        intensity: hit.intensity,
        count: 1,
        first: hit.span.start,
        evidence: [hit.span],
        own: !hit.others,
      });
      continue;
    }
    known.own ||= !hit.others;
    known.count++;
    known.intensity = clampIntensity(Math.max(known.intensity, hit.intensity));
    if (known.evidence.length < MAX_EVIDENCE) known.evidence.push(hit.span);
  }
  for (const known of byKind.values())
    if (known.count >= REPEATED) known.intensity = clampIntensity(known.intensity + 1);
  // The dreamer's own feelings come before those only others feel ("she was happy, I was sad").
  return [...byKind.values()].sort(
    (a, b) =>
      Number(b.own) - Number(a.own) || b.intensity - a.intensity || b.count - a.count || a.first - b.first,
  );
}

/** The last feeling named in the final third of the text: how the dream leaves the dreamer. */
function endingOf(hits: readonly Hit[], length: number): EmotionKind | null {
  const last = hits.at(-1);
  return last && last.span.start >= (length * 2) / 3 ? last.kind : null;
}

function toneOf(hits: readonly Hit[], nightmare: boolean): EmotionAnalysis["tone"] {
  if (nightmare) return "dark";
  let dark = 0;
  let light = 0;
  for (const hit of hits) {
    if (DARK.has(hit.kind)) dark += hit.intensity;
    else if (LIGHT.has(hit.kind)) light += hit.intensity;
  }
  if (dark === 0 && light === 0) return "neutral";
  if (light === 0 || dark >= 2 * light) return "dark";
  if (dark === 0 || light >= 2 * dark) return "light";
  return "mixed";
}

const DREAD = new Set<EmotionKind>(["fear", "anxiety"]);

/**
 * The dreamer's own fear is clear (2 or more) and as strong as their strongest feeling, and it is more than
 * one passing word: "terrified", or dread named again. One "scared" in a walk to the shop, a story
 * character's terror, or a stress dream ("I woke up so stressed") does not make a nightmare.
 */
function dreadCarries(ownHits: readonly Hit[]): boolean {
  const kinds = tally(ownHits);
  const top = kinds[0]?.intensity ?? 0;
  const carries = kinds.some(({ kind, intensity }) => kind === "fear" && intensity === top && intensity >= 2);
  const dread = ownHits.filter((hit) => DREAD.has(hit.kind));
  return carries && (dread.length >= 2 || dread.some((hit) => hit.kind === "fear" && hit.intensity === 3));
}

/**
 * `tokens`: the text's tokenize() result, and `wakingRemarks`: analyseRoles()'s, when the caller has them
 * already.
 */
export function analyseEmotions(
  text: string,
  language: Language,
  tokens: readonly Token[] = tokenize(text),
  wakingRemarks: readonly Span[] = analyseRoles(text, [], language).wakingRemarks,
): EmotionAnalysis {
  const collected = collectHits(text, language, tokens);
  const hits = inTheDream(collected.hits, wakingRemarks)
    .filter((hit) => !collected.denied.has(hit.kind))
    .map(weighted);
  const kinds = tally(hits);
  const ending = endingOf(hits, text.length);
  const endsInRelief = ending !== null && LIGHT.has(ending);
  const ownHits = hits.filter((hit) => !hit.others);
  const nightmare = ownHits.some((hit) => hit.nightmare) || (dreadCarries(ownHits) && !endsInRelief);
  const dominant: Feeling[] = kinds
    .slice(0, MAX_DOMINANT)
    .map(({ kind, intensity, evidence }) => ({ kind, intensity, evidence }));
  return { dominant, nightmare, ending, tone: toneOf(hits, nightmare) };
}

import { and, count, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dreams, personalSymbols } from "../../db/schema/index";
import type { LexiconData } from "../../engine/lexicon/schema";
import type { DreamerHistory } from "../../engine/reading/types";
import { foldWord } from "../../engine/text";
import { newestFirst } from "./list-dreams";

/** How many of the latest dreams the reading's "recurring images" look at. */
export const RECENT_DREAMS = 12;
/**
 * The journal size is counted up to here: a reading (and the model's prompt) only needs "many", and counting a
 * 100,000-dream journal on every translation cost a third of a second.
 */
export const DREAM_COUNT_CAP = 1000;
/** A past dream is "the same dream again" when it shares this many symbols and most of both sets. */
const SIMILAR_MIN_SHARED = 3;
const SIMILAR_MIN_JACCARD = 0.5;

const keysByName = new WeakMap<LexiconData, Map<string, string>>();

/** A personal symbol is named by the dreamer ("Water", "agua", "water"): any lexicon name or key finds it. */
function lexiconKeyByName(data: LexiconData): Map<string, string> {
  let map = keysByName.get(data);
  if (!map) {
    map = new Map();
    for (const entry of data.symbols) {
      for (const name of [entry.key.replace(/_/g, " "), entry.en.name, entry.es.name]) {
        const folded = foldName(name);
        if (!map.has(folded)) map.set(folded, entry.key);
      }
    }
    keysByName.set(data, map);
  }
  return map;
}

function foldName(name: string): string {
  return name.trim().split(/\s+/).map(foldWord).join(" ");
}

/**
 * The journal facts a reading may use: how often this dream's images came before, the dreamer's own meanings
 * and a past dream that this one repeats. Three indexed queries on the user's own rows, each reading at most
 * DREAM_COUNT_CAP index entries however long the journal.
 */
export async function loadDreamerHistory(
  db: Database,
  data: LexiconData,
  userId: number,
  keys: readonly string[],
  /** When re-reading a stored dream, it is not its own history. */
  excludeDreamId?: number,
): Promise<DreamerHistory> {
  const own = excludeDreamId
    ? and(eq(dreams.userId, userId), ne(dreams.id, excludeDreamId))
    : eq(dreams.userId, userId);
  const [recent, [total], personal] = await Promise.all([
    db
      .select({ title: dreams.title, createdAt: dreams.createdAt, symbolKeys: dreams.symbolKeys })
      .from(dreams)
      .where(own)
      // The journal's own order, so the (user_id, created_at desc nulls last, id desc nulls last) index serves it.
      .orderBy(...newestFirst)
      .limit(RECENT_DREAMS),
    db
      .select({ n: count() })
      .from(db.select({ one: sql`1` }).from(dreams).where(own).limit(DREAM_COUNT_CAP).as("counted")),
    db
      .select({ name: personalSymbols.name, context: personalSymbols.personalContext })
      .from(personalSymbols)
      .where(and(eq(personalSymbols.userId, userId), isNotNull(personalSymbols.personalContext))),
  ]);

  const wanted = new Set(keys);
  const recentSymbolCounts: Record<string, number> = {};
  let similarDream: DreamerHistory["similarDream"] = null;
  let bestShared = 0;
  for (const past of recent) {
    const pastKeys = new Set(past.symbolKeys);
    const shared = [...wanted].filter((key) => pastKeys.has(key));
    for (const key of shared) recentSymbolCounts[key] = (recentSymbolCounts[key] ?? 0) + 1;
    const union = new Set([...wanted, ...pastKeys]).size;
    if (
      shared.length >= SIMILAR_MIN_SHARED &&
      shared.length / union >= SIMILAR_MIN_JACCARD &&
      shared.length > bestShared
    ) {
      bestShared = shared.length;
      similarDream = { title: past.title, createdAt: past.createdAt.toISOString(), sharedKeys: shared };
    }
  }

  const byName = lexiconKeyByName(data);
  const personalMeanings: Record<string, string> = {};
  for (const { name, context } of personal) {
    const key = byName.get(foldName(name));
    if (key && wanted.has(key) && context?.trim()) personalMeanings[key] = context.trim();
  }

  return {
    dreamCount: total?.n ?? 0,
    recentCount: recent.length,
    recentSymbolCounts,
    personalMeanings,
    similarDream,
  };
}

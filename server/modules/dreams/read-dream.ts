import type { DreamCategory } from "../../../contract/constants";
import type { RecognizedSymbol } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { readDream } from "../../engine/reading/index";
import type { DreamerHistory, Reading } from "../../engine/reading/types";
import type { SessionUser } from "../accounts/sessions";
import { loadDreamerHistory } from "./dreamer-history";
import type { Recognition } from "./recognize";

export interface ReadOptions {
  premium: boolean;
  ultraSimplified: boolean;
  category: DreamCategory | null;
  /** Re-reading a stored dream: it is left out of its own history. */
  dreamId?: number;
}

/** The dream's reading, composed with what the dreamer's journal says about its images. */
export async function readWithHistory(
  ctx: Pick<AppContext, "db">,
  user: SessionUser,
  content: string,
  recognition: Pick<Recognition, "result" | "lexicon" | "language" | "keys">,
  options: ReadOptions,
): Promise<Reading & { history: DreamerHistory }> {
  const history = await loadDreamerHistory(
    ctx.db,
    recognition.lexicon,
    user.id,
    recognition.keys,
    options.dreamId,
  );
  const reading = readDream(content, recognition.result.symbols, recognition.lexicon, {
    language: recognition.language,
    premium: options.premium,
    ultraSimplified: options.ultraSimplified,
    category: options.category,
    history,
  });
  return { ...reading, history };
}

/** The symbol list as the page shows it: the images the prose treats (in its order) first, then by centrality. */
export function bySalience(symbols: readonly RecognizedSymbol[], reading: Reading): RecognizedSymbol[] {
  const order = [
    ...reading.info.central,
    ...reading.analysis.salience.ranked.map((ranked) => ranked.match.key),
  ];
  const rank = new Map<string, number>();
  for (const key of order) if (!rank.has(key)) rank.set(key, rank.size);
  return [...symbols].sort(
    (a, b) => (rank.get(a.key) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.key) ?? Number.MAX_SAFE_INTEGER),
  );
}

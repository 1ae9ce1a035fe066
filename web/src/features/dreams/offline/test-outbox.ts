import type { SaveDreamBody } from "../../../../../contract/dreams";
import type { OutboxEntry, OutboxStore } from "./outbox";

/** The outbox in a Map (happy-dom has no IndexedDB): the same contract as the IndexedDB store. */
export function memoryOutbox(): OutboxStore & { entries: Map<string, OutboxEntry> } {
  const entries = new Map<string, OutboxEntry>();
  return {
    entries,
    add: async (entry) => {
      if (entries.has(entry.id)) throw new Error(`duplicate ${entry.id}`);
      entries.set(entry.id, structuredClone(entry));
    },
    list: async (userId) =>
      [...entries.values()]
        .filter((entry) => entry.userId === userId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    put: async (entry) => {
      entries.set(entry.id, structuredClone(entry));
    },
    remove: async (id) => {
      entries.delete(id);
    },
  };
}

export const dreamBody = (content: string): SaveDreamBody => ({
  userId: 7,
  title: content.slice(0, 20),
  content,
  translation: null,
  recognizedSymbols: "[]",
  isPremiumTranslation: false,
  category: null,
  tags: null,
});

/** An entry written `minute` minutes after midnight UTC, so the order of several is known. */
export const entryAt = (minute: number, content: string, userId = 7): OutboxEntry => ({
  id: `key-${content}`,
  userId,
  body: dreamBody(content),
  createdAt: new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString(),
  attempts: 0,
});

/**
 * The journal import's worker thread (started by import-journal.ts through import-worker.mjs). Reading a
 * journal of thousands of dreams, checking it and recognising every dream's symbols takes seconds of CPU that
 * on the main thread would stall every other request. Imports running at once share this thread, taking turns
 * every few dreams.
 */
import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parentPort, workerData } from "node:worker_threads";
import { type ZodIssue, z } from "zod";
import {
  exportedDreamSchema,
  type JournalExport,
  journalExportSchema,
  MAX_JOURNAL_DREAMS,
} from "../../../contract/dreams";
import { createEngine, type SymbolEngine } from "../../engine/index";
import type { LexiconData } from "../../engine/lexicon/schema";
import { unstorableTextPath } from "../../lib/unstorable-text";
import {
  dreamIdentity,
  type FromWorker,
  IMPORT_BATCH,
  IMPORT_CREDITS,
  type ImportedDream,
  type ImportWorkerData,
  type ToWorker,
} from "./import-protocol";
import { withoutMeanings } from "./meanings";
import { recognizeWith } from "./recognize";

type FileDream = JournalExport["dreams"][number];

/** Dreams recognised between two looks at the message queue (another import's check, an ack, a cancel). */
const TURN = 25;

interface Job {
  dreams: FileDream[];
  withholdMeanings: boolean;
  fallbackLanguage: string;
  credits: number;
  /** Resolves the pump's wait for a credit. */
  wake?: () => void;
  cancelled: boolean;
}

const port = parentPort!;
const jobs = new Map<number, Job>();
let lexicon: LexiconData = (workerData as ImportWorkerData).lexicon;
// Compiled on the first import's start, not at boot: checking a file never waits for it.
let engine: SymbolEngine | undefined;

const post = (message: FromWorker) => port.postMessage(message);

/**
 * The file's envelope (format, version, the dreams' count) with the dreams left unread: they are checked one
 * by one against the journal schema's own dream schema, stopping once enough problems are listed, so a file of
 * 20,000 broken dreams costs a few checks rather than 100,000 issues.
 */
const envelopeSchema = journalExportSchema.extend({
  dreams: z.array(z.unknown()).max(MAX_JOURNAL_DREAMS),
});

function readJournal(value: unknown, maxIssues: number): { journal: JournalExport } | { issues: ZodIssue[] } {
  // As the app's preValidation hook does for every other body.
  const unstorable = unstorableTextPath(value);
  if (unstorable !== undefined) {
    return { issues: [{ code: "custom", path: unstorable.split("."), message: "validation.invalid" }] };
  }
  const head = envelopeSchema.safeParse(value);
  if (!head.success) return { issues: head.error.issues.slice(0, maxIssues) };
  const issues: ZodIssue[] = [];
  const dreams: FileDream[] = [];
  for (const [index, dream] of head.data.dreams.entries()) {
    const parsed = exportedDreamSchema.safeParse(dream);
    if (parsed.success) dreams.push(parsed.data);
    else {
      for (const issue of parsed.error.issues)
        issues.push({ ...issue, path: ["dreams", index, ...issue.path] });
      if (issues.length >= maxIssues) break;
    }
  }
  return issues.length > 0 ? { issues: issues.slice(0, maxIssues) } : { journal: { ...head.data, dreams } };
}

/** Issues cross to the main thread by structured clone: a union's nested ZodErrors are left behind. */
function plain(issue: ZodIssue): ZodIssue {
  const { unionErrors: _nested, ...rest } = issue as ZodIssue & { unionErrors?: unknown };
  return rest as ZodIssue;
}

function check(job: number, bytes: Uint8Array, maxIssues: number): FromWorker {
  const text = new TextDecoder().decode(bytes);
  let value: unknown;
  // As the app's JSON parser: an empty body is no body (the schema then says what is missing).
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      return { type: "notJson", job };
    }
  }
  const read = readJournal(value, maxIssues);
  if ("issues" in read) return { type: "invalid", job, issues: read.issues.map(plain) };
  jobs.set(job, {
    dreams: read.journal.dreams,
    withholdMeanings: false,
    fallbackLanguage: "en",
    credits: 0,
    cancelled: false,
  });
  return { type: "checked", job, total: read.journal.dreams.length };
}

/** Keeps the dreams neither in the journal nor earlier in the same file. */
function count(job: number, existing: string[]): FromWorker {
  const state = jobs.get(job);
  if (!state) return { type: "failed", job, error: "unknown import" };
  const seen = new Set(existing);
  state.dreams = state.dreams.filter((dream) => {
    const id = dreamIdentity(
      Date.parse(dream.createdAt),
      createHash("md5").update(dream.content, "utf8").digest("hex"),
    );
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return { type: "counted", job, fresh: state.dreams.length };
}

function recognise(dream: FileDream, state: Job): ImportedDream {
  engine ??= createEngine(lexicon);
  const { symbols, keys, language } = recognizeWith(engine, dream.content, state.fallbackLanguage);
  return {
    title: dream.title,
    content: dream.content,
    translation: dream.translation,
    recognizedSymbols: state.withholdMeanings ? withoutMeanings(symbols) : symbols,
    symbolKeys: keys,
    category: dream.category,
    tags: [...new Set(dream.tags)],
    language,
    createdAt: dream.createdAt,
  };
}

async function pump(job: number, state: Job): Promise<void> {
  try {
    for (let from = 0; from < state.dreams.length; from += IMPORT_BATCH) {
      while (state.credits === 0 && !state.cancelled) {
        await new Promise<void>((resolve) => {
          state.wake = resolve;
        });
      }
      if (state.cancelled) return;
      state.credits--;
      const batch: ImportedDream[] = [];
      for (const dream of state.dreams.slice(from, from + IMPORT_BATCH)) {
        batch.push(recognise(dream, state));
        if (batch.length % TURN === 0) await nextTurn();
        if (state.cancelled) return;
      }
      post({ type: "batch", job, dreams: batch });
    }
    post({ type: "end", job });
  } catch (error) {
    post({ type: "failed", job, error: error instanceof Error ? error.message : String(error) });
  } finally {
    jobs.delete(job);
  }
}

port.on("message", (message: ToWorker) => {
  try {
    switch (message.type) {
      case "check":
        post(check(message.job, message.bytes, message.maxIssues));
        return;
      case "count":
        post(count(message.job, message.existing));
        return;
      case "start": {
        const state = jobs.get(message.job);
        if (!state) return post({ type: "failed", job: message.job, error: "unknown import" });
        if (message.lexicon) {
          lexicon = message.lexicon;
          engine = undefined;
        }
        state.withholdMeanings = message.withholdMeanings;
        state.fallbackLanguage = message.fallbackLanguage;
        state.credits = IMPORT_CREDITS;
        void pump(message.job, state);
        return;
      }
      case "ack": {
        const state = jobs.get(message.job);
        if (!state) return;
        state.credits++;
        state.wake?.();
        return;
      }
      case "cancel": {
        const state = jobs.get(message.job);
        jobs.delete(message.job);
        if (!state) return;
        state.cancelled = true;
        state.wake?.();
        return;
      }
    }
  } catch (error) {
    post({ type: "failed", job: message.job, error: error instanceof Error ? error.message : String(error) });
  }
});

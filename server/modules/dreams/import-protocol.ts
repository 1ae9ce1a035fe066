/**
 * The messages between the journal import (import-journal.ts, main thread) and its worker thread
 * (import-worker.ts). Every message names its import by `job`: one worker serves every running import.
 */
import type { ZodIssue } from "zod";
import type { DreamCategory, RecognizedSymbol } from "../../../contract/dreams";
import type { LexiconData } from "../../engine/lexicon/schema";

/** Dreams per batch the worker sends back to be written. */
export const IMPORT_BATCH = 500;
/**
 * Batches the worker may send before the main thread has written them: one being written, one ready. It never
 * runs further ahead, so a slow database does not pile a whole journal up in the main thread's memory.
 */
export const IMPORT_CREDITS = 2;

/** A dream of the file as the journal stores it: symbols recognised by the server, never taken from the file. */
export interface ImportedDream {
  title: string;
  content: string;
  translation: string | null;
  recognizedSymbols: RecognizedSymbol[];
  symbolKeys: string[];
  category: DreamCategory | null;
  tags: string[];
  language: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface ImportWorkerData {
  lexicon: LexiconData;
}

export type ToWorker =
  /** Read the file (UTF-8 JSON) and check it against the journal schema, listing at most maxIssues problems. */
  | { type: "check"; job: number; bytes: Uint8Array; maxIssues: number }
  /** Drop the file's dreams already in the journal (`dreamIdentity` of each) and count the rest. */
  | { type: "count"; job: number; existing: string[] }
  /** Recognise the remaining dreams and send them in batches; `lexicon` when it changed since the last job. */
  | { type: "start"; job: number; withholdMeanings: boolean; fallbackLanguage: string; lexicon?: LexiconData }
  /** A batch was written: the worker may send one more. */
  | { type: "ack"; job: number }
  | { type: "cancel"; job: number };

export type FromWorker =
  | { type: "checked"; job: number; total: number }
  | { type: "notJson"; job: number }
  | { type: "invalid"; job: number; issues: ZodIssue[] }
  | { type: "counted"; job: number; fresh: number }
  | { type: "batch"; job: number; dreams: ImportedDream[] }
  | { type: "end"; job: number }
  | { type: "failed"; job: number; error: string };

/**
 * Same moment and same text: a dream already in the journal, skipped by an import. The text is compared by its
 * MD5 (the database's md5(content) on one side, node:crypto's on the other), so the main thread never loads
 * every dream's text to compare.
 */
export const dreamIdentity = (createdAtMs: number, contentMd5: string) => `${createdAtMs}:${contentMd5}`;

import { Worker } from "node:worker_threads";
import { and, asc, eq, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { ZodError } from "zod";
import { isPremium } from "../../../contract/billing-constants";
import type { ImportProgress, ImportStatus } from "../../../contract/dreams";
import type { AppContext } from "../../context";
import { dreamImports, dreams } from "../../db/schema/index";
import { AppError, conflict, notFound, tooManyRequests } from "../../lib/errors";
import { MAX_LISTED_ISSUES } from "../../plugins/errors";
import type { SessionUser } from "../accounts/sessions";
import {
  dreamIdentity,
  type FromWorker,
  type ImportedDream,
  type ImportWorkerData,
  type ToWorker,
} from "./import-protocol";
import {
  type BulkLane,
  keysetAt,
  keysetPages,
  paced,
  type StatementPace,
  statementPace,
} from "./journal-bulk";
import { assertJournalRoom } from "./journal-cap";

const WORKER_ENTRY = new URL("./import-worker.mjs", import.meta.url);
/** Imports running at once, all users together: each holds its parsed file in the worker's memory. */
const MAX_RUNNING_IMPORTS = 3;
const BUSY_RETRY_SECONDS = 30;
/** A worker with nothing to do is stopped after this long (its compiled lexicon holds memory). */
const IDLE_WORKER_MS = 60_000;
/** Past this much old space the worker is stopped (its imports fail) rather than the whole process. */
const WORKER_HEAP_MB = 1536;

export const IMPORT_FAILED = "dreams.importFailed";
export const IMPORT_INTERRUPTED = "dreams.importInterrupted";

export type ImportRow = typeof dreamImports.$inferSelect & { status: ImportStatus };

/** An import's progress as the page shows it, with a message in the reader's language. */
export function presentImport(row: ImportRow, t: TFunction): ImportProgress {
  const { id, status, total, processed, imported, skipped } = row;
  const message =
    status === "done"
      ? t("dreams.imported", { imported, skipped })
      : status === "failed"
        ? t(row.errorKey ?? IMPORT_FAILED)
        : t("dreams.importProgress", { processed, total });
  return { id, status, total, processed, imported, skipped, message };
}

export interface JournalImports {
  /** Starts the worker thread, if it is not running, while a file is still being uploaded. */
  warmUp(): void;
  /**
   * Reads and checks the file off the event loop, then starts importing its new dreams in the background.
   * Refused before anything is written: a file that is not JSON (400) or not a journal (422, the first issues),
   * a journal that would outgrow the cap (409), a second import of the same user while one runs (409).
   */
  start(user: SessionUser, file: Uint8Array): Promise<ImportRow>;
  /** One of the user's imports; another user's answers 404. */
  progress(user: SessionUser, id: number): Promise<ImportRow>;
  /** Stops the imports in flight (they are marked failed: importing the file again resumes them). */
  close(): Promise<void>;
}

interface Job {
  id: number;
  userId: number;
  withholdMeanings: boolean;
  importId?: number;
  /** The route waiting for the worker's answer to "check" or "count". */
  waiting?: { resolve(message: FromWorker): void; reject(error: Error): void };
  /** Batches are written one after another, a few rows per statement. */
  writing: Promise<void>;
  pace: StatementPace;
  stopped: boolean;
}

/**
 * Journal imports, off the event loop: a worker thread parses and validates the file, drops the dreams already
 * in the journal and recognises the rest, and sends them back in batches; this thread only writes them, a few
 * rows per statement, updating the import's progress row (dream_imports) as it goes.
 */
export function createJournalImports(
  ctx: Pick<AppContext, "db" | "symbols" | "clock" | "log">,
  lane: BulkLane,
): JournalImports {
  const jobs = new Map<number, Job>();
  const byUser = new Map<number, Job>();
  let nextJob = 0;
  let worker: Worker | undefined;
  let lexiconSent: unknown;
  let idleTimer: NodeJS.Timeout | undefined;

  function send(message: ToWorker, transfer: ArrayBuffer[] = []) {
    worker?.postMessage(message, transfer);
  }

  function startWorker(): Worker {
    clearTimeout(idleTimer);
    if (worker) return worker;
    const lexicon = ctx.symbols.lexicon();
    const started = new Worker(WORKER_ENTRY, {
      workerData: { lexicon } satisfies ImportWorkerData,
      // The entry registers its own TypeScript loader; inheriting the parent's (under tsx) would add a second.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    started.unref();
    started.on("message", (message: FromWorker) => onMessage(message));
    const lost = (error: Error) => {
      if (worker !== started) return; // stopped on purpose
      worker = undefined;
      ctx.log.error({ err: error }, "journal import worker stopped");
      for (const job of [...jobs.values()]) void fail(job, error);
    };
    started.on("error", lost);
    started.on("exit", (code) => lost(new Error(`exited with code ${code}`)));
    worker = started;
    lexiconSent = lexicon;
    return started;
  }

  function stopWorkerWhenIdle() {
    if (jobs.size > 0) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      const idle = worker;
      worker = undefined;
      void idle?.terminate();
    }, IDLE_WORKER_MS);
    idleTimer.unref();
  }

  function release(job: Job) {
    job.stopped = true;
    job.waiting?.reject(new Error("journal import stopped"));
    job.waiting = undefined;
    if (jobs.get(job.id) === job) send({ type: "cancel", job: job.id });
    jobs.delete(job.id);
    if (byUser.get(job.userId) === job) byUser.delete(job.userId);
    stopWorkerWhenIdle();
  }

  /** The worker's answer to a question about the file (the route awaits it). */
  function ask(job: Job, message: ToWorker, transfer?: ArrayBuffer[]): Promise<FromWorker> {
    if (job.stopped || !worker) return Promise.reject(new Error("journal import worker lost"));
    return new Promise((resolve, reject) => {
      job.waiting = { resolve, reject };
      send(message, transfer);
    });
  }

  async function markFinished(importId: number, status: "done" | "failed", errorKey?: string) {
    await ctx.db
      .update(dreamImports)
      .set({ status, errorKey: errorKey ?? null, finishedAt: ctx.clock.now() })
      .where(and(eq(dreamImports.id, importId), eq(dreamImports.status, "running")));
  }

  async function fail(job: Job, error: unknown, errorKey = IMPORT_FAILED) {
    if (job.stopped) return;
    release(job);
    if (job.importId === undefined) return;
    ctx.log.error({ err: error, importId: job.importId }, "journal import failed");
    await markFinished(job.importId, "failed", errorKey).catch((cause: unknown) =>
      ctx.log.error({ err: cause, importId: job.importId }, "could not mark the journal import failed"),
    );
  }

  async function write(job: Job, batch: ImportedDream[]) {
    const importId = job.importId!;
    for (let from = 0; from < batch.length; ) {
      const written = await paced(lane, job.pace, async (count) => {
        if (job.stopped) return [];
        const rows = batch.slice(from, from + count);
        // The rows and the progress they make, together: the progress never counts a dream that is not there.
        await ctx.db.transaction(async (tx) => {
          await tx.insert(dreams).values(
            rows.map((dream) => ({
              ...dream,
              userId: job.userId,
              createdAt: new Date(dream.createdAt),
              // Premium is never granted by a file.
              isPremiumTranslation: false,
              meaningsWithheld: job.withholdMeanings,
            })),
          );
          await tx
            .update(dreamImports)
            .set({
              processed: sql`${dreamImports.processed} + ${rows.length}`,
              imported: sql`${dreamImports.imported} + ${rows.length}`,
            })
            .where(eq(dreamImports.id, importId));
        });
        return rows;
      });
      if (written.length === 0) return;
      from += written.length;
    }
  }

  function onMessage(message: FromWorker) {
    const job = jobs.get(message.job);
    if (!job || job.stopped) return;
    switch (message.type) {
      case "batch":
        job.writing = job.writing
          .then(async () => {
            if (job.stopped) return;
            await write(job, message.dreams);
            send({ type: "ack", job: job.id });
          })
          .catch((error: unknown) => fail(job, error));
        return;
      case "end":
        job.writing = job.writing
          .then(async () => {
            if (job.stopped) return;
            await markFinished(job.importId!, "done");
            release(job);
          })
          .catch((error: unknown) => fail(job, error));
        return;
      case "failed":
        if (job.waiting) job.waiting.reject(new Error(message.error));
        else void fail(job, new Error(message.error));
        return;
      default: {
        const waiting = job.waiting;
        job.waiting = undefined;
        waiting?.resolve(message);
      }
    }
  }

  /** The identity (moment and text) of every dream the user has, read in pages. */
  async function journalIdentities(userId: number): Promise<string[]> {
    const identities: string[] = [];
    const pages = keysetPages(lane, statementPace({ first: 500, min: 100, max: 5000 }), (after, limit) =>
      ctx.db
        .select({
          id: dreams.id,
          at: keysetAt,
          createdAt: dreams.createdAt,
          md5: sql<string>`md5(${dreams.content})`,
        })
        .from(dreams)
        .where(and(eq(dreams.userId, userId), after))
        .orderBy(asc(dreams.createdAt), asc(dreams.id))
        .limit(limit),
    );
    for await (const page of pages) {
      for (const row of page) identities.push(dreamIdentity(row.createdAt.getTime(), row.md5));
    }
    return identities;
  }

  async function start(user: SessionUser, file: Uint8Array): Promise<ImportRow> {
    if (byUser.has(user.id)) throw conflict("dreams.importRunning");
    if (byUser.size >= MAX_RUNNING_IMPORTS) throw tooManyRequests(BUSY_RETRY_SECONDS, "dreams.importsBusy");
    const job: Job = {
      id: ++nextJob,
      userId: user.id,
      withholdMeanings: !isPremium(user),
      writing: Promise.resolve(),
      // A dream with its search vector costs the embedded database several ms to store: start small.
      pace: statementPace({ first: 10, min: 1, max: 200 }),
      stopped: false,
    };
    jobs.set(job.id, job);
    byUser.set(user.id, job);
    startWorker();
    try {
      // A whole journal is handed over rather than copied (copying tens of megabytes holds this thread for a moment); a
      // small body may share its memory with others' (Node's buffer pool) and is copied.
      const owned = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
      const checked = await ask(
        job,
        { type: "check", job: job.id, bytes: file, maxIssues: MAX_LISTED_ISSUES },
        owned ? [file.buffer as ArrayBuffer] : [],
      );
      if (checked.type === "notJson") throw new AppError("BAD_REQUEST", "errors.invalidJson");
      // Answered by the errors plugin like a schema failure: 422 with the first issues, localised.
      if (checked.type === "invalid") throw new ZodError(checked.issues);
      if (checked.type !== "checked") throw new Error(`unexpected answer: ${checked.type}`);

      const existing = await journalIdentities(user.id);
      const counted = await ask(job, { type: "count", job: job.id, existing });
      if (counted.type !== "counted") throw new Error(`unexpected answer: ${counted.type}`);
      assertJournalRoom(existing.length, counted.fresh);

      const skipped = checked.total - counted.fresh;
      const done = counted.fresh === 0;
      const [row] = await ctx.db
        .insert(dreamImports)
        .values({
          userId: user.id,
          status: done ? "done" : "running",
          total: checked.total,
          processed: skipped,
          skipped,
          finishedAt: done ? ctx.clock.now() : null,
        })
        .returning();
      if (done) release(job);
      else {
        job.importId = row!.id;
        const lexicon = ctx.symbols.lexicon();
        send({
          type: "start",
          job: job.id,
          withholdMeanings: job.withholdMeanings,
          fallbackLanguage: user.language,
          // An administrator's lexicon edit since the worker last heard of it.
          lexicon: lexicon === lexiconSent ? undefined : lexicon,
        });
        lexiconSent = lexicon;
      }
      return row as ImportRow;
    } catch (error) {
      if (!job.stopped) release(job);
      throw error;
    }
  }

  async function progress(user: SessionUser, id: number): Promise<ImportRow> {
    const mine = and(eq(dreamImports.id, id), eq(dreamImports.userId, user.id));
    const [row] = await ctx.db.select().from(dreamImports).where(mine);
    if (!row) throw notFound();
    const runsHere = [...jobs.values()].some((job) => job.importId === id);
    if (row.status === "running" && !runsHere) {
      // Imports run in the process that accepted them: one still "running" that no job here knows of was cut
      // short by a restart or a crash.
      await markFinished(id, "failed", IMPORT_INTERRUPTED);
      const [now] = await ctx.db.select().from(dreamImports).where(mine);
      return now as ImportRow;
    }
    return row as ImportRow;
  }

  async function close() {
    const running = [...jobs.values()];
    for (const job of running) release(job);
    // The statement in flight finishes; nothing more is written. Importing the file again resumes the import.
    await Promise.all(running.map((job) => job.writing));
    for (const job of running) {
      if (job.importId !== undefined) await markFinished(job.importId, "failed", IMPORT_INTERRUPTED);
    }
    clearTimeout(idleTimer);
    const stopping = worker;
    worker = undefined;
    await stopping?.terminate();
  }

  return { warmUp: startWorker, start, progress, close };
}

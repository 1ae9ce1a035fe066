import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageResponseSchema } from "../../../contract/accounts";
import {
  DREAM_BODY_LIMIT,
  dreamIdParamsSchema,
  dreamPageSchema,
  dreamSchema,
  exportQuerySchema,
  FREE_TRANSLATIONS_PER_DAY,
  IMPORT_BODY_LIMIT,
  importIdParamsSchema,
  importProgressSchema,
  importStartedSchema,
  journalExportSchema,
  journalSymbolsSchema,
  listDreamsQuerySchema,
  saveDreamBodySchema,
  saveDreamResponseSchema,
  translateDreamBodySchema,
  translateDreamResponseSchema,
  updateDreamBodySchema,
} from "../../../contract/dreams";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import { idempotentHeadersSchema } from "../../../contract/idempotency";
import type { AppContext } from "../../context";
import { dreamImports, dreams } from "../../db/schema/index";
import { translator } from "../../lib/i18n";
import { answerOutcome, IDEMPOTENT_ROUTE_DESCRIPTION, idempotencyKeyOf } from "../../plugins/idempotency";
import { MINUTE_MS, perUserLimit } from "../../plugins/rate-limit";
import { messageReply } from "../../plugins/request-context";
import { caller, ownedRow } from "../../plugins/route-guards";
import { presentDream } from "./dream-presenter";
import { exportJournal } from "./export-journal";
import { createJournalImports, presentImport } from "./import-journal";
import { createBulkLane } from "./journal-bulk";
import { journalSymbols } from "./journal-symbols";
import { listDreams } from "./list-dreams";
import { deleteDream, getDream, updateDream } from "./own-dream";
import { saveDreamOnce } from "./save-dream";
import { translateDream } from "./translate-dream";

const errors = { ...errorResponses, 404: errorBodySchema };

/** Dream translation and the private journal. Every route acts on the session's user only. */
export const dreamsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const dreamOwner = ownedRow(ctx.db, dreams, "errors.dreamNotFound");
  const importOwner = ownedRow(ctx.db, dreamImports, "errors.notFound");

  app.post(
    "/api/translate-dream",
    {
      config: { access: "user", rateLimit: { max: 30, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: `Recognise a dream's symbols and translate it (free users: ${FREE_TRANSLATIONS_PER_DAY} per day)`,
        description:
          "Past the free translations of the user's day the answer is 403 FORBIDDEN with reason TRANSLATION_LIMIT.",
        body: translateDreamBodySchema,
        response: { 200: translateDreamResponseSchema, ...errors },
      },
    },
    async (request) => translateDream(ctx, caller(request), request.body),
  );

  app.post(
    "/api/dreams",
    {
      bodyLimit: DREAM_BODY_LIMIT,
      config: { access: "user", rateLimit: { max: 60, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Save a dream to the journal",
        description: IDEMPOTENT_ROUTE_DESCRIPTION,
        headers: idempotentHeadersSchema,
        body: saveDreamBodySchema,
        response: { 201: saveDreamResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await saveDreamOnce(ctx, caller(request), request.body, idempotencyKeyOf(request));
      return {
        success: true as const,
        message: translator(request.language)("dreams.saved"),
        dream: presentDream(answerOutcome(reply, outcome)),
      };
    },
  );

  app.get(
    "/api/dreams",
    {
      // The page is built by presentDream, typed against the contract; re-validating twenty dreams with zod on
      // the way out would halve the journal's throughput. The schema still documents the answer.
      serializerCompiler: () => (data) => JSON.stringify(data),
      config: { access: "user" },
      schema: {
        tags: ["dreams"],
        summary: "The journal, newest first: search, filters and keyset pagination",
        querystring: listDreamsQuerySchema,
        response: { 200: dreamPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, nextCursor } = await listDreams(ctx, caller(request), request.query);
      return { dreams: rows.map(presentDream), nextCursor };
    },
  );

  app.get(
    "/api/dreams/symbols",
    {
      config: { access: "user" },
      schema: {
        tags: ["dreams"],
        summary: "The symbols of the user's journal with how often each appears",
        response: { 200: journalSymbolsSchema, ...errors },
      },
    },
    async (request) => journalSymbols(ctx, caller(request), request.language),
  );

  // Exports and imports take turns with each other, a statement at a time, and with every other request.
  const bulkLane = createBulkLane();

  app.get(
    "/api/dreams/export",
    {
      // No automatic HEAD twin: it would have its own rate-limit budget and run the whole export.
      exposeHeadRoute: false,
      // Counted per user (an export reads the whole journal), whatever the number of addresses or sessions.
      config: { access: "user", ...perUserLimit(5) },
      schema: {
        tags: ["dreams"],
        summary: "Download the whole journal as JSON (re-importable) or Markdown",
        querystring: exportQuerySchema,
        response: { 200: journalExportSchema.or(z.string()), ...errors },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      const stamp = ctx.clock.now().toISOString().slice(0, 10);
      const markdown = request.query.format === "markdown";
      const stream = await exportJournal(ctx, bulkLane, user, request.query.format, request.language);
      reply
        .type(markdown ? "text/markdown; charset=utf-8" : "application/json; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="chitta-journal-${stamp}.${markdown ? "md" : "json"}"`,
        );
      // A stream is sent as it is read, never serialised: the schema documents what it carries.
      return reply.send(stream as unknown as string);
    },
  );

  const imports = createJournalImports(ctx, bulkLane);
  app.addHook("onClose", () => imports.close());

  // The import takes its body as bytes: parsing and checking up to 64 MB of JSON is the worker thread's job.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      "/api/dreams/import",
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        config: { access: "user", rateLimit: { max: 5, timeWindow: MINUTE_MS } },
        // The schema documents the body; the worker validates it (the bytes pass through here untouched).
        validatorCompiler: () => (value) => ({ value }),
        // The worker thread starts while the file is still arriving. A route's preParsing hook runs after the
        // app's, which refused strangers: a stranger's request never starts a thread.
        preParsing: async () => {
          imports.warmUp();
        },
        schema: {
          tags: ["dreams"],
          summary:
            "Import a journal exported by CHITTA: checked at once, imported in the background (dreams already present are skipped)",
          body: journalExportSchema,
          response: { 202: importStartedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = caller(request);
        const body: unknown = request.body;
        const row = await imports.start(user, Buffer.isBuffer(body) ? body : new Uint8Array());
        const t = translator(request.language);
        reply.code(202);
        return {
          success: true as const,
          message:
            row.status === "done"
              ? presentImport(row, t).message
              : t("dreams.importStarted", { count: row.total - row.skipped }),
          importId: row.id,
          total: row.total,
        };
      },
    );
  });

  app.get(
    "/api/dreams/imports/:id",
    {
      config: { access: "owner", owner: importOwner, rateLimit: { max: 120, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "How far one of the user's journal imports got",
        params: importIdParamsSchema,
        response: { 200: importProgressSchema, ...errors },
      },
    },
    async (request) =>
      presentImport(await imports.progress(caller(request), request.params.id), translator(request.language)),
  );

  app.get(
    "/api/dreams/:id",
    {
      config: { access: "owner", owner: dreamOwner },
      schema: {
        tags: ["dreams"],
        summary: "One dream of the journal",
        params: dreamIdParamsSchema,
        response: { 200: dreamSchema, ...errors },
      },
    },
    async (request) => presentDream(await getDream(ctx, caller(request), request.params.id)),
  );

  app.patch(
    "/api/dreams/:id",
    {
      bodyLimit: DREAM_BODY_LIMIT,
      config: { access: "owner", owner: dreamOwner, rateLimit: { max: 60, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Edit a dream (new content is read again for symbols)",
        params: dreamIdParamsSchema,
        body: updateDreamBodySchema,
        response: { 200: dreamSchema, ...errors },
      },
    },
    async (request) => presentDream(await updateDream(ctx, caller(request), request.params.id, request.body)),
  );

  app.delete(
    "/api/dreams/:id",
    {
      config: { access: "owner", owner: dreamOwner, rateLimit: { max: 60, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Delete a dream for good",
        params: dreamIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteDream(ctx, caller(request), request.params.id);
      return messageReply(request, "dreams.deleted");
    },
  );
};

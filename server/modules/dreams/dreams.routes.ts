import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageResponseSchema } from "../../../contract/accounts";
import {
  dreamIdParamsSchema,
  dreamPageSchema,
  dreamSchema,
  exportQuerySchema,
  IMPORT_BODY_LIMIT,
  importResultSchema,
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
import type { AppContext } from "../../context";
import { translator } from "../../lib/i18n";
import { MINUTE_MS } from "../../plugins/rate-limit";
import { messageReply, requireUser } from "../../plugins/request-context";
import { presentDream } from "./dream-presenter";
import { exportJournalJson, exportJournalMarkdown } from "./export-journal";
import { importJournal } from "./import-journal";
import { journalSymbols } from "./journal-symbols";
import { listDreams } from "./list-dreams";
import { deleteDream, getDream, updateDream } from "./own-dream";
import { saveDream } from "./save-dream";
import { translateDream } from "./translate-dream";

const errors = { ...errorResponses, 404: errorBodySchema };

/** Dream translation and the private journal. Every route acts on the session's user only. */
export const dreamsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/translate-dream",
    {
      config: { rateLimit: { max: 30, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Recognise a dream's symbols and translate it (free users: 3 per day)",
        body: translateDreamBodySchema,
        response: { 200: translateDreamResponseSchema, ...errors },
      },
    },
    async (request) => translateDream(ctx, requireUser(request), request.body),
  );

  app.post(
    "/api/dreams",
    {
      config: { rateLimit: { max: 60, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Save a dream to the journal",
        body: saveDreamBodySchema,
        response: { 201: saveDreamResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await saveDream(ctx, requireUser(request), request.body);
      reply.code(201);
      return {
        success: true as const,
        message: translator(request.language)("dreams.saved"),
        dream: presentDream(row),
      };
    },
  );

  app.get(
    "/api/dreams",
    {
      // The page is built by presentDream, typed against the contract; re-validating twenty dreams with zod on
      // the way out would halve the journal's throughput. The schema still documents the answer.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ["dreams"],
        summary: "The journal, newest first: search, filters and keyset pagination",
        querystring: listDreamsQuerySchema,
        response: { 200: dreamPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, nextCursor } = await listDreams(ctx, requireUser(request), request.query);
      return { dreams: rows.map(presentDream), nextCursor };
    },
  );

  app.get(
    "/api/dreams/symbols",
    {
      schema: {
        tags: ["dreams"],
        summary: "The symbols of the user's journal with how often each appears",
        response: { 200: journalSymbolsSchema, ...errors },
      },
    },
    async (request) => journalSymbols(ctx, requireUser(request), request.language),
  );

  app.get(
    "/api/dreams/export",
    {
      // No automatic HEAD twin: it would have its own rate-limit budget and run the whole export.
      exposeHeadRoute: false,
      config: { rateLimit: { max: 10, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Download the whole journal as JSON (re-importable) or Markdown",
        querystring: exportQuerySchema,
        response: { 200: journalExportSchema.or(z.string()), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const stamp = ctx.clock.now().toISOString().slice(0, 10);
      if (request.query.format === "markdown") {
        const markdown = await exportJournalMarkdown(ctx, user, request.language);
        reply
          .type("text/markdown; charset=utf-8")
          .header("content-disposition", `attachment; filename="chitta-journal-${stamp}.md"`);
        return markdown;
      }
      reply.header("content-disposition", `attachment; filename="chitta-journal-${stamp}.json"`);
      return exportJournalJson(ctx, user);
    },
  );

  app.post(
    "/api/dreams/import",
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { rateLimit: { max: 5, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Import a journal exported by CHITTA (dreams already present are skipped)",
        body: journalExportSchema,
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => {
      const result = await importJournal(ctx, requireUser(request), request.body);
      return {
        success: true as const,
        message: translator(request.language)("dreams.imported", result),
        ...result,
      };
    },
  );

  app.get(
    "/api/dreams/:id",
    {
      schema: {
        tags: ["dreams"],
        summary: "One dream of the journal",
        params: dreamIdParamsSchema,
        response: { 200: dreamSchema, ...errors },
      },
    },
    async (request) => presentDream(await getDream(ctx, requireUser(request), request.params.id)),
  );

  app.patch(
    "/api/dreams/:id",
    {
      config: { rateLimit: { max: 60, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Edit a dream (new content is read again for symbols)",
        params: dreamIdParamsSchema,
        body: updateDreamBodySchema,
        response: { 200: dreamSchema, ...errors },
      },
    },
    async (request) =>
      presentDream(await updateDream(ctx, requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    "/api/dreams/:id",
    {
      config: { rateLimit: { max: 60, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["dreams"],
        summary: "Delete a dream for good",
        params: dreamIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteDream(ctx, requireUser(request), request.params.id);
      return messageReply(request, "dreams.deleted");
    },
  );
};

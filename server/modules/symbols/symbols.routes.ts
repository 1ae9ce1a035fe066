import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageResponseSchema } from "../../../contract/accounts";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import { idempotentHeadersSchema } from "../../../contract/idempotency";
import {
  adminSymbolBodySchema,
  adminSymbolListQuerySchema,
  adminSymbolPageSchema,
  adminSymbolPatchSchema,
  adminSymbolSchema,
  debugSymbolsBodySchema,
  debugSymbolsResponseSchema,
  idParamsSchema,
  missingSymbolBodySchema,
  missingSymbolListQuerySchema,
  missingSymbolSchema,
  personalSymbolBodySchema,
  personalSymbolPatchSchema,
  personalSymbolSchema,
  processMissingSymbolBodySchema,
} from "../../../contract/symbols";
import type { AppContext } from "../../context";
import { personalSymbols } from "../../db/schema/index";
import { translator } from "../../lib/i18n";
import { noteAudit } from "../../plugins/audit-log";
import { answerOutcome, IDEMPOTENT_ROUTE_DESCRIPTION, idempotencyKeyOf } from "../../plugins/idempotency";
import { MINUTE_MS } from "../../plugins/rate-limit";
import { messageReply } from "../../plugins/request-context";
import { caller, ownedRow } from "../../plugins/route-guards";
import {
  createAdminSymbol,
  deleteAdminSymbol,
  listAdminSymbols,
  presentAdminSymbol,
  updateAdminSymbol,
} from "./admin-symbols";
import {
  listMissingSymbols,
  presentMissingSymbol,
  processMissingSymbol,
  reportMissingSymbol,
} from "./missing-symbols";
import {
  createPersonalSymbol,
  deletePersonalSymbol,
  listPersonalSymbols,
  presentPersonalSymbol,
  updatePersonalSymbol,
} from "./personal-symbols";
import { traceSymbols } from "./trace-symbols";

const errors = { ...errorResponses, 404: errorBodySchema };
/** Eight texts of up to 4,000 characters and two lists of 200 variations, in any script: room for all of it. */
const ADMIN_SYMBOL_BODY_LIMIT = 256 * 1024;
const writeLimit = { rateLimit: { max: 60, timeWindow: MINUTE_MS } };

/** Personal symbols, missing-symbol reports, and the administrators' lexicon tools. */
export const symbolsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // --- Personal symbols (the user's own) ---
  const personalSymbolOwner = ownedRow(ctx.db, personalSymbols, "errors.personalSymbolNotFound");
  app.get(
    "/api/personal-symbols",
    {
      config: { access: "user" },
      schema: {
        tags: ["symbols"],
        summary: "The user's personal symbols",
        response: { 200: z.array(personalSymbolSchema), ...errors },
      },
    },
    async (request) => (await listPersonalSymbols(ctx, caller(request))).map(presentPersonalSymbol),
  );
  app.post(
    "/api/personal-symbols",
    {
      config: { access: "user", ...writeLimit },
      schema: {
        tags: ["symbols"],
        summary: "Add a personal symbol",
        description: IDEMPOTENT_ROUTE_DESCRIPTION,
        headers: idempotentHeadersSchema,
        body: personalSymbolBodySchema,
        response: { 201: personalSymbolSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await createPersonalSymbol(
        ctx,
        caller(request),
        request.body,
        idempotencyKeyOf(request),
      );
      return presentPersonalSymbol(answerOutcome(reply, outcome));
    },
  );
  app.patch(
    "/api/personal-symbols/:id",
    {
      config: { access: "owner", owner: personalSymbolOwner, ...writeLimit },
      schema: {
        tags: ["symbols"],
        summary: "Edit a personal symbol",
        params: idParamsSchema,
        body: personalSymbolPatchSchema,
        response: { 200: personalSymbolSchema, ...errors },
      },
    },
    async (request) =>
      presentPersonalSymbol(
        await updatePersonalSymbol(ctx, caller(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/personal-symbols/:id",
    {
      config: { access: "owner", owner: personalSymbolOwner, ...writeLimit },
      schema: {
        tags: ["symbols"],
        summary: "Delete a personal symbol",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deletePersonalSymbol(ctx, caller(request), request.params.id);
      return messageReply(request, "symbols.personalDeleted");
    },
  );

  // --- Missing-symbol reports ---
  app.post(
    "/api/missing-symbols",
    {
      config: { access: "user", rateLimit: { max: 20, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["symbols"],
        summary: "Report a symbol the engine did not recognise",
        description: IDEMPOTENT_ROUTE_DESCRIPTION,
        headers: idempotentHeadersSchema,
        body: missingSymbolBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await reportMissingSymbol(
        ctx,
        caller(request),
        request.body.symbol,
        idempotencyKeyOf(request),
      );
      answerOutcome(reply, outcome);
      return {
        success: true as const,
        message: translator(request.language)("symbols.missingReported", { symbol: request.body.symbol }),
      };
    },
  );

  // --- Administrators ---
  app.get(
    "/api/admin/symbols",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Search the lexicon",
        querystring: adminSymbolListQuerySchema,
        response: {
          200: adminSymbolPageSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { rows, total } = await listAdminSymbols(ctx, request.query);
      const keys = ctx.symbols.builtInKeys();
      return { symbols: rows.map((row) => presentAdminSymbol(row, keys)), total };
    },
  );
  app.post(
    "/api/admin/symbols",
    {
      bodyLimit: ADMIN_SYMBOL_BODY_LIMIT,
      config: { access: "admin", ...writeLimit },
      schema: {
        tags: ["admin"],
        summary: "Add a symbol (live at once)",
        body: adminSymbolBodySchema,
        response: { 201: adminSymbolSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createAdminSymbol(ctx, request.body);
      noteAudit(request, { targetId: row.id });
      reply.code(201);
      return presentAdminSymbol(row, ctx.symbols.builtInKeys());
    },
  );
  app.patch(
    "/api/admin/symbols/:id",
    {
      bodyLimit: ADMIN_SYMBOL_BODY_LIMIT,
      config: { access: "admin", ...writeLimit },
      schema: {
        tags: ["admin"],
        summary: "Edit a symbol's texts and variations (live at once)",
        params: idParamsSchema,
        body: adminSymbolPatchSchema,
        response: { 200: adminSymbolSchema, ...errors },
      },
    },
    async (request) =>
      presentAdminSymbol(
        await updateAdminSymbol(ctx, request.params.id, request.body),
        ctx.symbols.builtInKeys(),
      ),
  );
  app.delete(
    "/api/admin/symbols/:id",
    {
      config: { access: "admin", ...writeLimit },
      schema: {
        tags: ["admin"],
        summary: "Delete a symbol an administrator added",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteAdminSymbol(ctx, request.params.id);
      return messageReply(request, "symbols.deleted");
    },
  );
  app.get(
    "/api/admin/missing-symbols",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Reported missing symbols, most reported first",
        querystring: missingSymbolListQuerySchema,
        response: { 200: z.array(missingSymbolSchema), ...errors },
      },
    },
    async (request) => (await listMissingSymbols(ctx, request.query.status)).map(presentMissingSymbol),
  );
  app.post(
    "/api/admin/missing-symbols/:id/process",
    {
      config: { access: "admin", ...writeLimit },
      schema: {
        tags: ["admin"],
        summary: "Add a reported word to a symbol, or dismiss it",
        params: idParamsSchema,
        body: processMissingSymbolBodySchema,
        response: { 200: missingSymbolSchema, ...errors },
      },
    },
    async (request) => {
      const { action, symbolId } = request.body;
      return presentMissingSymbol(await processMissingSymbol(ctx, request.params.id, action, symbolId));
    },
  );
  app.post(
    "/api/admin/debug-symbols",
    {
      config: { access: "admin", ...writeLimit },
      schema: {
        tags: ["admin"],
        summary: "The matcher's trace for a text: every candidate, kept or dropped and why",
        body: debugSymbolsBodySchema,
        response: { 200: debugSymbolsResponseSchema, ...errors },
      },
    },
    async (request) => traceSymbols(ctx, request.body.text),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { noBodySchema } from "../../../contract/accounts";
import { FREE_ORACLE_CONSULTATIONS, FREE_ORACLE_WINDOW_DAYS } from "../../../contract/constants";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import {
  consultationIdParamsSchema,
  consultationPageSchema,
  consultationSchema,
  createConsultationBodySchema,
  journalEntryBodySchema,
  listConsultationsQuerySchema,
  oracleProfileSchema,
  placeSearchQuerySchema,
  placeSearchResponseSchema,
  practiceJournalSchema,
  sharedReadingSchema,
  shareResponseSchema,
  shareTokenParamsSchema,
  updateOracleProfileBodySchema,
} from "../../../contract/oracle";
import type { AppContext } from "../../context";
import { oracleConsultations } from "../../db/schema/index";
import { MINUTE_MS, perUserLimit } from "../../plugins/rate-limit";
import { caller, ownedRow } from "../../plugins/route-guards";
import { listConsultations } from "./list-consultations";
import { findBirthPlaces, loadOracleProfile, updateOracleProfile } from "./oracle-profile";
import { CONSULTATION_NOT_FOUND, getConsultation } from "./own-consultation";
import { readPracticeJournal, writeJournalEntry } from "./practice-journal";
import { requestFollowUp } from "./request-follow-up";
import { readSharedReading, revokeShare, shareConsultation } from "./share-consultation";
import { startConsultation } from "./start-consultation";

const errors = { ...errorResponses, 404: errorBodySchema };
const KB = 1024;

/**
 * The oracle: the profile with its natal signs, consultations (counted against the allowance, run off the
 * request), their 10-day practice journals, follow-ups and public links. Every `:id` is one of the caller's
 * consultations; another user's answers 404 like a missing one.
 */
export const oracleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const consultationOwner = ownedRow(ctx.db, oracleConsultations, CONSULTATION_NOT_FOUND);

  app.get(
    "/api/oracle/places",
    {
      // Suggestions while the birth place is typed: a request per keystroke or two.
      config: { access: "user", ...perUserLimit(120) },
      schema: {
        tags: ["oracle"],
        summary: "Birth places of the offline gazetteer matching what is typed (English or Spanish names)",
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResponseSchema, ...errors },
      },
    },
    async (request) =>
      findBirthPlaces(request.query.q, request.query.lang ?? request.language, request.query.limit),
  );

  app.get(
    "/api/oracle/profile",
    {
      config: { access: "user" },
      schema: {
        tags: ["oracle"],
        summary: "The oracle profile: birth data, natal signs, practice preferences (defaults until saved)",
        response: { 200: oracleProfileSchema, ...errors },
      },
    },
    async (request) => loadOracleProfile(ctx.db, caller(request).id),
  );

  app.put(
    "/api/oracle/profile",
    {
      bodyLimit: 32 * KB,
      config: { access: "user", ...perUserLimit(30) },
      schema: {
        tags: ["oracle"],
        summary: "Save the oracle profile; the natal signs are computed offline when the birth data changes",
        description: "A place the gazetteer does not know is 422 VALIDATION naming birthLocation.",
        body: updateOracleProfileBodySchema,
        response: { 200: oracleProfileSchema, ...errors },
      },
    },
    async (request) => updateOracleProfile(ctx, caller(request), request.body, request.language),
  );

  app.post(
    "/api/oracle/consultations",
    {
      bodyLimit: 16 * KB,
      config: { access: "user", ...perUserLimit(10) },
      schema: {
        tags: ["oracle"],
        summary: `Ask the oracle (free users: ${FREE_ORACLE_CONSULTATIONS} per ${FREE_ORACLE_WINDOW_DAYS} days); the reading is written in the background`,
        description:
          "Answers 202 with the consultation processing; GET it until its status is complete or failed. Past the free allowance: 403 FORBIDDEN with reason ORACLE_LIMIT. A failed consultation is not counted.",
        body: createConsultationBodySchema,
        response: { 202: consultationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const consultation = await startConsultation(ctx, caller(request), request.body);
      reply.code(202);
      return consultation;
    },
  );

  app.get(
    "/api/oracle/consultations",
    {
      config: { access: "user" },
      schema: {
        tags: ["oracle"],
        summary: "The user's consultations, newest first, in keyset pages",
        querystring: listConsultationsQuerySchema,
        response: { 200: consultationPageSchema, ...errors },
      },
    },
    async (request) => listConsultations(ctx, caller(request), request.query),
  );

  app.get(
    "/api/oracle/consultations/:id",
    {
      // The page polls it while the steps run.
      config: { access: "owner", owner: consultationOwner, ...perUserLimit(240) },
      schema: {
        tags: ["oracle"],
        summary: "One consultation: its progress, reading, follow-up and public link",
        params: consultationIdParamsSchema,
        response: { 200: consultationSchema, ...errors },
      },
    },
    async (request) => getConsultation(ctx, caller(request), request.params.id),
  );

  app.get(
    "/api/oracle/consultations/:id/journal",
    {
      config: { access: "owner", owner: consultationOwner },
      schema: {
        tags: ["oracle"],
        summary: "The consultation's practice journal as of the user's today",
        params: consultationIdParamsSchema,
        response: { 200: practiceJournalSchema, ...errors },
      },
    },
    async (request) => readPracticeJournal(ctx, caller(request), request.params.id),
  );

  app.post(
    "/api/oracle/consultations/:id/journal",
    {
      config: { access: "owner", owner: consultationOwner, ...perUserLimit(30) },
      schema: {
        tags: ["oracle"],
        summary: "Write today's practice entry (201), or edit it again the same day (200)",
        description:
          "Today is the user's local day. 409 CONFLICT while the reading is not complete, after day 10 and after the follow-up.",
        params: consultationIdParamsSchema,
        body: journalEntryBodySchema,
        response: { 200: practiceJournalSchema, 201: practiceJournalSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, journal } = await writeJournalEntry(
        ctx,
        caller(request),
        request.params.id,
        request.body,
      );
      reply.code(created ? 201 : 200);
      return journal;
    },
  );

  app.post(
    "/api/oracle/consultations/:id/follow-up",
    {
      config: { access: "owner", owner: consultationOwner, ...perUserLimit(10) },
      schema: {
        tags: ["oracle"],
        summary: "The follow-up consultation: the practice journal analysed, once per consultation",
        description:
          "After day 10 with at least one entry, or sooner with 3 entries; otherwise (or when it exists) 409 CONFLICT saying why.",
        params: consultationIdParamsSchema,
        body: noBodySchema,
        response: { 201: consultationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const consultation = await requestFollowUp(ctx, caller(request), request.params.id);
      reply.code(201);
      return consultation;
    },
  );

  app.post(
    "/api/oracle/consultations/:id/share",
    {
      config: { access: "owner", owner: consultationOwner, ...perUserLimit(20) },
      schema: {
        tags: ["oracle"],
        summary: "A public link to the reading (the same one while it stays shared)",
        params: consultationIdParamsSchema,
        body: noBodySchema,
        response: { 200: shareResponseSchema, ...errors },
      },
    },
    async (request) => shareConsultation(ctx, caller(request), request.params.id),
  );

  app.delete(
    "/api/oracle/consultations/:id/share",
    {
      config: { access: "owner", owner: consultationOwner, ...perUserLimit(20) },
      schema: {
        tags: ["oracle"],
        summary: "Revoke the public link: it is not found from now on",
        params: consultationIdParamsSchema,
        body: noBodySchema,
        response: { 204: z.null().describe("Revoked"), ...errors },
      },
    },
    async (request, reply) => {
      await revokeShare(ctx, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/share/oracle/:token",
    {
      config: { access: "public", rateLimit: { max: 60, timeWindow: MINUTE_MS } },
      schema: {
        tags: ["oracle"],
        summary: "A shared reading, for anyone holding its link (no username, birth data or journal)",
        params: shareTokenParamsSchema,
        response: { 200: sharedReadingSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("x-robots-tag", "noindex");
      return readSharedReading(ctx, request.params.token);
    },
  );
};

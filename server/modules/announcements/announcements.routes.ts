import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { noBodySchema } from "../../../contract/accounts";
import {
  ACTIVE_ANNOUNCEMENTS_MAX,
  ANNOUNCEMENT_POLL_MS,
  activeAnnouncementsSchema,
  adminAnnouncementPageSchema,
  adminAnnouncementSchema,
  adminAnnouncementsQuerySchema,
  announcementIdParamsSchema,
  createAnnouncementBodySchema,
  updateAnnouncementBodySchema,
} from "../../../contract/announcements";
import { errorBodySchema, errorResponses } from "../../../contract/errors";
import type { AppContext } from "../../context";
import { noteAudit } from "../../plugins/audit-log";
import { perUserLimit } from "../../plugins/rate-limit";
import { caller } from "../../plugins/route-guards";
import { createAnnouncement } from "./create-announcement";
import { deleteAnnouncement } from "./delete-announcement";
import { listActiveAnnouncements } from "./list-active-announcements";
import { listAdminAnnouncements } from "./list-admin-announcements";
import { markAnnouncementRead } from "./mark-announcement-read";
import { updateAnnouncement } from "./update-announcement";

const errors = { ...errorResponses, 404: errorBodySchema };
/** Admin writes are a few clicks a minute; the limit only stops a runaway script. */
const adminWriteLimit = perUserLimit(60);
const ACTION_URL_RULE =
  "An action URL is an http(s) address or a path of the app (/journal); any other (javascript:, data:, //host) is 422 VALIDATION naming actionUrl, as is an action text without a URL or the reverse.";

/** Announcements: the signed-in user's unread stack and marking one read; administrators write them. */
export const announcementsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/announcements/active",
    {
      config: { access: "user" },
      schema: {
        tags: ["announcements"],
        summary: `The caller's unread announcements (at most ${ACTIVE_ANNOUNCEMENTS_MAX}), polled every ${ANNOUNCEMENT_POLL_MS / 60_000} minutes`,
        description:
          "Active and unexpired ones the caller has not read: priority high, medium, then low, newest first within each. Texts in the caller's language (Spanish falls back to the English).",
        response: { 200: activeAnnouncementsSchema, ...errors },
      },
    },
    async (request) => listActiveAnnouncements(ctx, caller(request), request.language),
  );

  app.post(
    "/api/announcements/:id/read",
    {
      config: { access: "user", ...perUserLimit(60) },
      schema: {
        tags: ["announcements"],
        summary: "Mark an announcement read: it leaves the caller's stack (again: no change)",
        description: "An unknown, inactive or expired announcement is 404.",
        params: announcementIdParamsSchema,
        body: noBodySchema,
        response: { 204: z.null().describe("Read"), ...errors },
      },
    },
    async (request, reply) => {
      await markAnnouncementRead(ctx, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // --- Administration ---
  app.get(
    "/api/admin/announcements",
    {
      config: { access: "admin" },
      schema: {
        tags: ["announcements"],
        summary: "Every announcement, newest first, with its author and read count, in keyset pages",
        querystring: adminAnnouncementsQuerySchema,
        response: { 200: adminAnnouncementPageSchema, ...errors },
      },
    },
    async (request) => listAdminAnnouncements(ctx, request.query),
  );

  app.post(
    "/api/admin/announcements",
    {
      config: { access: "admin", ...adminWriteLimit },
      schema: {
        tags: ["announcements"],
        summary: "Create an announcement (active by default: users see it on their next poll)",
        description: ACTION_URL_RULE,
        body: createAnnouncementBodySchema,
        response: { 201: adminAnnouncementSchema, ...errors },
      },
    },
    async (request, reply) => {
      const announcement = await createAnnouncement(ctx, caller(request), request.body);
      noteAudit(request, { targetId: announcement.id });
      reply.code(201);
      return announcement;
    },
  );

  app.patch(
    "/api/admin/announcements/:id",
    {
      config: { access: "admin", ...adminWriteLimit },
      schema: {
        tags: ["announcements"],
        summary: "Change some fields of an announcement",
        description: `${ACTION_URL_RULE} Judged on the announcement after the change: clearing the URL alone leaves the text without one.`,
        params: announcementIdParamsSchema,
        body: updateAnnouncementBodySchema,
        response: { 200: adminAnnouncementSchema, ...errors },
      },
    },
    async (request) => updateAnnouncement(ctx, request.params.id, request.body),
  );

  app.delete(
    "/api/admin/announcements/:id",
    {
      config: { access: "admin", ...adminWriteLimit },
      schema: {
        tags: ["announcements"],
        summary: "Delete an announcement and its reads",
        params: announcementIdParamsSchema,
        body: noBodySchema,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAnnouncement(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

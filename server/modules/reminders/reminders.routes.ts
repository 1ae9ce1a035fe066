import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../../contract/errors";
import {
  reminderParamsSchema,
  reminderSchema,
  remindersResponseSchema,
  updateQuietHoursBodySchema,
  updateReminderBodySchema,
} from "../../../contract/reminders";
import type { AppContext } from "../../context";
import { MINUTE_MS } from "../../plugins/rate-limit";
import { caller } from "../../plugins/route-guards";
import { listReminders, updateQuietHours, updateReminder } from "./reminder-settings";

const errors = errorResponses;
const writeLimit = { rateLimit: { max: 30, timeWindow: MINUTE_MS } };

/** The signed-in user's reminders (the account page): which kinds are on, at what local time, quiet hours. */
export const remindersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/reminders",
    {
      config: { access: "user" },
      schema: {
        tags: ["reminders"],
        summary:
          "Every reminder kind the user can set (off at its default time until set), quiet hours, timezone",
        response: { 200: remindersResponseSchema, ...errors },
      },
    },
    async (request) => listReminders(ctx, caller(request)),
  );

  // A static path: the router prefers it over /api/reminders/:kind.
  app.put(
    "/api/reminders/quiet-hours",
    {
      config: { access: "user", ...writeLimit },
      schema: {
        tags: ["reminders"],
        summary: "Set (or clear, with null) the local hours in which reminders wait until the end",
        body: updateQuietHoursBodySchema,
        response: { 200: remindersResponseSchema, ...errors },
      },
    },
    async (request) => updateQuietHours(ctx, caller(request), request.body),
  );

  app.put(
    "/api/reminders/:kind",
    {
      config: { access: "user", ...writeLimit },
      schema: {
        tags: ["reminders"],
        summary: "Turn a reminder on or off at a local time of day (HH:MM in the profile's timezone)",
        params: reminderParamsSchema,
        body: updateReminderBodySchema,
        response: { 200: reminderSchema, ...errors },
      },
    },
    async (request) => updateReminder(ctx, caller(request), request.params.kind, request.body),
  );
};

import type { FastifyReply, FastifyRequest } from "fastify";
import { IDEMPOTENCY_KEY_RETENTION_DAYS, IDEMPOTENT_REPLAYED_HEADER } from "../../contract/idempotency";
import type { IdempotencyKey, IdempotentOutcome } from "../lib/idempotency";
import { routedPath } from "./security";

/** The OpenAPI description of a route that takes an Idempotency-Key. */
export const IDEMPOTENT_ROUTE_DESCRIPTION =
  "Send an Idempotency-Key header (1-255 visible ASCII characters, e.g. a UUID) to make retries safe: the same " +
  "key and body answer what the first request created (read again, with the header Idempotent-Replayed: true), " +
  "even when the first answer was a 503 or never arrived; the same key with another body is 422 VALIDATION. " +
  `Keys are per user and route and are kept ${IDEMPOTENCY_KEY_RETENTION_DAYS} days.`;

/**
 * The request's Idempotency-Key, scoped to its route. Read on routes whose schema declares
 * `headers: idempotentHeadersSchema`, so a present key is already validated.
 */
export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey | undefined {
  const key = request.headers["idempotency-key"];
  return typeof key === "string" ? { key, route: `${request.method} ${routedPath(request)}` } : undefined;
}

/** The outcome's status code, flagged when it repeats an earlier answer; returns what to send. */
export function answerOutcome<T>(reply: FastifyReply, outcome: IdempotentOutcome<T>): T {
  reply.code(outcome.statusCode);
  if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, "true");
  return outcome.result;
}

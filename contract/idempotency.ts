import { z } from "zod";

import { IDEMPOTENCY_KEY_PATTERN } from "./idempotency-constants";

export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_RETENTION_DAYS,
  IDEMPOTENT_REPLAYED_HEADER,
} from "./idempotency-constants";

export const idempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, { message: "validation.idempotencyKey" });

/** The route's header schema (Fastify lower-cases header names); other headers pass through untouched. */
export const idempotentHeadersSchema = z
  .object({ "idempotency-key": idempotencyKeySchema.optional() })
  .passthrough();

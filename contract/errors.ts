import { z } from "zod";
import { errorCodes, errorReasons } from "./error-codes";

export * from "./error-codes";

export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(errorCodes),
  /** The domain reason, when there is one (see `errorReasons`); clients branch on it, not on `message`. */
  reason: z.enum(errorReasons).optional(),
  /** Per-field problems for VALIDATION errors. */
  errors: z.array(fieldIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error answers a route may give, for its response schema (OpenAPI documents them all alike). */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
} as const;

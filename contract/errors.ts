import { z } from "zod";
import { errorCodes } from "./error-codes";

export * from "./error-codes";

export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(errorCodes),
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

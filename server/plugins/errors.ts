import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { TFunction } from "i18next";
import type { ZodIssue } from "zod";
import { codeFromStatus, type ErrorBody, statusByCode } from "../../contract/errors";
import { AppError, type FieldIssue } from "../lib/errors";
import { translator } from "../lib/i18n";

/** Caller-supplied text quoted in a message is cut short, so an answer never echoes a huge input back. */
const QUOTE_MAX = 40;
const MAX_LISTED_KEYS = 5;
const clip = (value: string) => (value.length > QUOTE_MAX ? `${value.slice(0, QUOTE_MAX)}…` : value);

/** Zod's generic messages (the spec's wording in English), in the caller's language. */
export function localizeIssue(issue: ZodIssue, t: TFunction): string {
  // Schemas name our own messages by locale key (e.g. "validation.usernameFormat").
  if (issue.message.startsWith("validation.")) return t(issue.message);
  switch (issue.code) {
    case "invalid_type":
      return issue.received === "undefined"
        ? t("validation.required")
        : t("validation.invalidType", { expected: issue.expected, received: issue.received });
    case "too_small":
      if (issue.type === "string") return t("validation.stringTooShort", { minimum: Number(issue.minimum) });
      if (issue.type === "number") return t("validation.numberTooSmall", { minimum: Number(issue.minimum) });
      if (issue.type === "array") return t("validation.arrayTooShort", { minimum: Number(issue.minimum) });
      return t("validation.invalid");
    case "too_big":
      if (issue.type === "string") return t("validation.stringTooLong", { maximum: Number(issue.maximum) });
      if (issue.type === "number") return t("validation.numberTooBig", { maximum: Number(issue.maximum) });
      if (issue.type === "array") return t("validation.arrayTooLong", { maximum: Number(issue.maximum) });
      return t("validation.invalid");
    case "invalid_string":
      return issue.validation === "email" ? t("validation.invalidEmail") : t("validation.invalid");
    case "invalid_enum_value":
      return t("validation.invalidEnum", {
        options: issue.options.map((option) => `'${String(option)}'`).join(" | "),
        received: clip(String(issue.received)),
      });
    case "unrecognized_keys":
      return t("validation.unrecognizedKeys", {
        keys:
          issue.keys
            .slice(0, MAX_LISTED_KEYS)
            .map((key) => `'${clip(key)}'`)
            .join(", ") + (issue.keys.length > MAX_LISTED_KEYS ? ", …" : ""),
      });
    case "custom":
      return typeof issue.params?.messageKey === "string"
        ? t(issue.params.messageKey)
        : t("validation.invalid");
    default:
      return t("validation.invalid");
  }
}

function withField(issue: FieldIssue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}

function toErrorBody(
  error: FastifyError | AppError,
  request: FastifyRequest,
): { status: number; body: ErrorBody } {
  const t = translator(request.language);
  if (error instanceof AppError) {
    const body: ErrorBody = {
      success: false,
      code: error.code,
      message: t(error.messageKey, error.options.params ?? {}),
    };
    if (error.options.errors) {
      body.errors = error.options.errors.map((issue) => ({ path: issue.path, message: t(issue.message) }));
    }
    return { status: statusByCode[error.code], body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((entry) => ({
      path: entry.params.issue.path.join("."),
      message: localizeIssue(entry.params.issue, t),
    }));
    const first = errors[0];
    return {
      status: 422,
      body: {
        success: false,
        code: "VALIDATION",
        message: first ? withField(first) : t("validation.invalid"),
        errors,
      },
    };
  }
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return {
        status: 413,
        body: { success: false, code: "PAYLOAD_TOO_LARGE", message: t("errors.bodyTooLarge") },
      };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return {
        status: 415,
        body: { success: false, code: "UNSUPPORTED_MEDIA_TYPE", message: t("errors.unsupportedMediaType") },
      };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 400, body: { success: false, code: "BAD_REQUEST", message: t("errors.invalidJson") } };
  }
  if (error instanceof SyntaxError) {
    return { status: 400, body: { success: false, code: "BAD_REQUEST", message: t("errors.invalidJson") } };
  }
  const status = typeof error.statusCode === "number" ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Framework 4xx errors (bad URL encoding, etc.): the status speaks, internals do not.
    return {
      status,
      body: { success: false, code: codeFromStatus(status), message: t("validation.invalid") },
    };
  }
  request.log.error({ err: error }, "unhandled error");
  // PostgreSQL errors carry a five-character SQLSTATE; they are DATABASE failures, never shown in detail.
  const isDatabase = typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code);
  return {
    status: 500,
    body: { success: false, code: isDatabase ? "DATABASE" : "INTERNAL", message: t("errors.unexpected") },
  };
}

/** One place maps every failure to the spec's `{success:false, message, code}` shape. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = toErrorBody(error, request);
    if (error instanceof AppError && error.options.retryAfterSeconds !== undefined) {
      reply.header("retry-after", String(error.options.retryAfterSeconds));
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (app.hasDecorator("serveWebApp") && app.serveWebApp(request, reply)) return;
    const t = translator(request.language);
    const path = request.url.split("?")[0] ?? "";
    reply.status(404).send({
      success: false,
      code: "NOT_FOUND",
      message: t("errors.routeNotFound", { method: request.method, path }),
    } satisfies ErrorBody);
  });
});

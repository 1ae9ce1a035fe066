import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from "fastify";
import fp from "fastify-plugin";
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler as zodValidatorCompiler,
} from "fastify-type-provider-zod";
import type { TFunction } from "i18next";
import { ZodError, type ZodIssue, type ZodTypeAny } from "zod";
import { codeFromStatus, type ErrorBody, statusByCode } from "../../contract/errors";
import { isDatabaseUnavailable, sqlStateOf } from "../db/client";
import { AppError, type FieldIssue } from "../lib/errors";
import { isLanguage, type Language, languageFromHeader, translator } from "../lib/i18n";

/** Caller-supplied text quoted in a message is cut short, so an answer never echoes a huge input back. */
const QUOTE_MAX = 40;
const MAX_LISTED_KEYS = 5;
const clip = (value: string) => (value.length > QUOTE_MAX ? `${value.slice(0, QUOTE_MAX)}…` : value);
/** When a caller should try again after the database was unreachable: about one restart or failover. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * An invalid body lists at most this many issues: the caller learns what to fix first, and a body of 20,000
 * bad objects costs a few lines of answer, not megabytes of translated text.
 */
export const MAX_LISTED_ISSUES = 20;

/**
 * fastify-type-provider-zod's validator, with the issues cut to the first MAX_LISTED_ISSUES before Fastify
 * formats them into its error message and before they are localised one by one.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodTypeAny> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const result = validate(data);
    if (typeof result === "object" && "error" in result && Array.isArray(result.error)) {
      return { error: result.error.slice(0, MAX_LISTED_ISSUES) };
    }
    return result;
  };
};

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

interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  retryAfterSeconds?: number;
}

/** The root cause in a few words for the log: drizzle's wrapper message quotes the statement and its values. */
function rootCause(error: unknown): { message: string; code?: string } {
  let inner: unknown = error;
  while (typeof inner === "object" && inner !== null && (inner as { cause?: unknown }).cause !== undefined) {
    inner = (inner as { cause?: unknown }).cause;
  }
  const message = inner instanceof Error ? inner.message : String(inner);
  const code = (inner as { code?: unknown } | null)?.code;
  return typeof code === "string" ? { message, code } : { message };
}

/**
 * The caller's language. A failure in the session lookup (the database being down) comes before the request's
 * language is settled, so it is worked out from the headers the same way; a signed-in user's setting otherwise.
 */
function languageOf(request: FastifyRequest): Language {
  const explicit = request.headers["x-language"];
  if (isLanguage(explicit)) return explicit;
  if (request.user) return request.language;
  return languageFromHeader(request.headers["accept-language"]) ?? request.language ?? "en";
}

function toErrorBody(error: FastifyError | AppError, request: FastifyRequest): ErrorAnswer {
  const t = translator(languageOf(request));
  if (error instanceof AppError) {
    const body: ErrorBody = {
      success: false,
      code: error.code,
      message: t(error.messageKey, error.options.params ?? {}),
    };
    if (error.options.reason) body.reason = error.options.reason;
    if (error.options.errors) {
      body.errors = error.options.errors.map((issue) => ({ path: issue.path, message: t(issue.message) }));
    }
    return { status: statusByCode[error.code], body };
  }
  // A ZodError thrown by a use case: a body validated off the request (the journal import, in a worker thread).
  const issues = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((entry) => entry.params.issue)
    : error instanceof ZodError
      ? error.issues.slice(0, MAX_LISTED_ISSUES)
      : undefined;
  if (issues) {
    const errors = issues.map((issue) => ({
      path: issue.path.join("."),
      message: localizeIssue(issue, t),
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
  if (isDatabaseUnavailable(error)) {
    // Down, restarting, frozen or out of connections: not this request's fault, and worth retrying shortly.
    request.log.warn({ cause: rootCause(error) }, "database unavailable");
    return {
      status: 503,
      body: { success: false, code: "DATABASE", message: t("errors.databaseUnavailable") },
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  request.log.error({ err: error }, "unhandled error");
  // PostgreSQL errors carry a five-character SQLSTATE (drizzle wraps them: it is in `cause`); they are DATABASE
  // failures, never shown in detail.
  const isDatabase = sqlStateOf(error) !== undefined;
  return {
    status: 500,
    body: { success: false, code: isDatabase ? "DATABASE" : "INTERNAL", message: t("errors.unexpected") },
  };
}

/**
 * The router's own refusals, made before any route, hook or error handler runs: a URL with a broken escape
 * (`/api/dreams/%`) or a path parameter longer than the router allows. Fastify would answer them in its own
 * shape, echoing the path and its error code; given to Fastify as `frameworkErrors`, this answers 400 in ours.
 */
export function answerFrameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = translator(languageOf(request));
  reply
    .status(400)
    .send({ success: false, code: "BAD_REQUEST", message: t("validation.invalid") } satisfies ErrorBody);
}

/** One place maps every failure to the spec's `{success:false, message, code}` shape. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body, retryAfterSeconds } = toErrorBody(error, request);
    const retryAfter = error instanceof AppError ? error.options.retryAfterSeconds : retryAfterSeconds;
    if (retryAfter !== undefined) reply.header("retry-after", String(retryAfter));
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

import { createHmac, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** What an audited request was about when neither the session nor the URL says it (set by handlers). */
    auditNote: AuditNote | null;
  }
}

export interface AuditNote {
  /** The account that signed in (the session cookie is only set on the way out). */
  userId?: number;
  /** The record an administrator created. */
  targetId?: number | string;
  /** For redirecting routes, whose status code does not tell success from failure. */
  outcome?: "success" | "failure";
}

/** Records who or what an audited request was about; the audit line itself is written when the answer goes. */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.auditNote = { ...request.auditNote, ...note };
}

// --- Logger options: what may reach the log at all ------------------------------------------------------

/** Accepted from the X-Request-Id header (a load balancer's id); anything else gets a fresh random id. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

export function genReqId(raw: IncomingMessage): string {
  const incoming = raw.headers["x-request-id"];
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Query values under these names are bearer secrets (mailed-link tokens, OAuth codes and state). */
const SECRET_QUERY_KEY = /token|code|state|secret|pass|key|sig|session|auth|nonce|ticket|credential/i;

function decodedName(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, " "));
  } catch {
    return key;
  }
}

/** The URL as logged: secret-looking query values become `[redacted]` (`/reset-password?token=…` is a GET). */
export function scrubUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const pairs = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const key = pair.slice(0, equals);
      return SECRET_QUERY_KEY.test(decodedName(key)) ? `${key}=[redacted]` : pair;
    });
  return `${url.slice(0, queryStart)}?${pairs.join("&")}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

interface LoggedReply {
  statusCode: number;
}

/** Error fields safe to log: codes and names, never PostgreSQL's `detail` ("Key (email)=(…)") or query params. */
const SAFE_ERROR_FIELDS = ["code", "statusCode", "severity", "constraint", "table", "column", "routine"];
const MAX_CAUSES = 5;

function fieldOf(error: object, key: string): unknown {
  return (error as Record<string, unknown>)[key];
}

/**
 * An error's message without the caller's data: Drizzle's "Failed query: … params: <values>" keeps the SQL and
 * drops the values (a dream's text, an email); a request validation error keeps where, not what was sent.
 */
function safeMessage(error: Error): string {
  const query = fieldOf(error, "query");
  const params = fieldOf(error, "params");
  if (typeof query === "string" && Array.isArray(params) && error.message.startsWith("Failed query: ")) {
    return `Failed query: ${query}\nparams: [${params.length} redacted]`;
  }
  const validation = fieldOf(error, "validation");
  if (Array.isArray(validation)) {
    const context = fieldOf(error, "validationContext");
    return `${typeof context === "string" ? context : "request"} failed validation (${validation.length} issues)`;
  }
  return error.message;
}

/** The stack's frames are code locations; its first line repeats the message, so it is rebuilt from the safe one. */
function safeStack(error: Error): string {
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return [`${typeName(error)}: ${safeMessage(error)}`, ...frames].join("\n");
}

const typeName = (error: Error) => error.constructor?.name ?? error.name;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(value: unknown): SerializedError {
  if (!(value instanceof Error)) return { type: typeof value, message: String(value), stack: "" };
  const serialized: SerializedError = {
    type: typeName(value),
    message: safeMessage(value),
    stack: safeStack(value),
  };
  for (const key of SAFE_ERROR_FIELDS) {
    const field = fieldOf(value, key);
    if (typeof field === "string" || typeof field === "number") serialized[key] = field;
  }
  let cause: unknown = value.cause;
  for (let depth = 0; cause instanceof Error && depth < MAX_CAUSES; depth++) {
    serialized.message = `${serialized.message}; caused by: ${safeMessage(cause)}`;
    serialized.stack = `${serialized.stack}\ncaused by: ${safeStack(cause)}`;
    const causeCode = fieldOf(cause, "code");
    if (serialized.code === undefined && (typeof causeCode === "string" || typeof causeCode === "number")) {
      serialized.code = causeCode;
    }
    cause = cause.cause;
  }
  return serialized;
}

/** Header values that are credentials, wherever a log call puts a headers object; password fields likewise. */
const REDACTED_PATHS = [
  "cookie",
  "authorization",
  '["stripe-signature"]',
  '["set-cookie"]',
  '["x-api-key"]',
].flatMap((header) => {
  const path = header.startsWith("[") ? `headers${header}` : `headers.${header}`;
  return [path, `*.${path}`];
});
const REDACTED_FIELDS = ["password", "newPassword", "currentPassword", "token"].flatMap((field) => [
  field,
  `*.${field}`,
]);

/** UTC, ISO 8601 with Z: what pino.stdTimeFunctions.isoTime writes. */
const isoTime = () => `,"time":"${new Date().toISOString()}"`;

export interface LogDestination {
  write(line: string): void;
}

/** Pino options for the app: UTC timestamps, no credentials, no bodies, no secret query values. */
export function loggerOptions(level: string, stream?: LogDestination) {
  return {
    level,
    timestamp: isoTime,
    redact: { paths: [...REDACTED_PATHS, ...REDACTED_FIELDS], censor: "[redacted]" },
    serializers: {
      // Fastify's own fields, with the URL scrubbed; headers and bodies are never part of a request's log line.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: scrubUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
    ...(stream ? { stream } : {}),
  };
}

// --- Audit events ---------------------------------------------------------------------------------------

/** Sign-in and account-security routes, by method and route pattern. */
const AUTH_EVENTS: Record<string, string> = {
  "POST /api/login": "auth.login",
  "GET /callback": "auth.oidc_login",
  "POST /api/auth/logout": "auth.logout",
  "POST /api/auth/logout-all": "auth.logout_all",
  "POST /api/signup": "auth.signup",
  "POST /api/email-verification/verify": "auth.email_verify",
  "POST /api/password/forgot": "auth.password_reset_request",
  "POST /api/password/reset": "auth.password_reset",
  "POST /api/user/password": "auth.password_change",
  "DELETE /api/user": "auth.account_delete",
};

/** Answered with a redirect either way: a sign-in only counts as a success when its handler noted one. */
const REDIRECTING_EVENTS = new Set(["auth.oidc_login"]);

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SAFE_TARGET_ID = /^[A-Za-z0-9_-]{1,64}$/;

function statusOutcome(status: number, denied: boolean): string {
  if (status >= 500) return "error";
  if (denied && (status === 401 || status === 403)) return "denied";
  return status < 400 ? "success" : "failure";
}

function targetOf(request: FastifyRequest): number | string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const candidate = request.auditNote?.targetId ?? params?.id;
  if (typeof candidate === "number") return candidate;
  return typeof candidate === "string" && SAFE_TARGET_ID.test(candidate) ? candidate : undefined;
}

/**
 * One info line per security-relevant answer: sign-ins and other account-security steps, every 401/403, every
 * administrator write. Each carries the request id and UTC time (from the logger), an `event` and `outcome`,
 * and ids only: a failed sign-in names its attempt by a keyed hash, never by what was typed.
 */
export const auditLogPlugin = fp(async (app: FastifyInstance, { secret }: { secret: string }) => {
  app.decorateRequest("auditNote", null);

  const loginRef = (login: string) =>
    createHmac("sha256", secret)
      .update(`audit-login:${login.trim().toLowerCase()}`)
      .digest("hex")
      .slice(0, 16);

  // Callers (and their load balancers) can match an answer to its log lines.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? null;
    const method = request.method;
    const note = request.auditNote;
    const userId = note?.userId ?? request.user?.id ?? null;
    const authEvent = route ? AUTH_EVENTS[`${method} ${route}`] : undefined;
    const base = { event: "", outcome: "", method, route, statusCode: status, userId };

    if (authEvent) {
      const outcome =
        note?.outcome ??
        (REDIRECTING_EVENTS.has(authEvent) && status < 500 ? "failure" : statusOutcome(status, false));
      const body = request.body as { username?: unknown } | undefined;
      const attempted =
        authEvent === "auth.login" && outcome !== "success" && typeof body?.username === "string"
          ? { loginRef: loginRef(body.username) }
          : {};
      request.log.info({ ...base, event: authEvent, outcome, ...attempted }, "audit");
    } else if (route?.startsWith("/api/admin/") && WRITE_METHODS.has(method)) {
      const targetId = targetOf(request);
      request.log.info(
        { ...base, event: "admin.action", outcome: statusOutcome(status, true), targetId },
        "audit",
      );
    } else if (status === 401 || status === 403) {
      request.log.info({ ...base, event: "access.denied", outcome: "denied" }, "audit");
    }
  });
});

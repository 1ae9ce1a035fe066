import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import {
  authAttempts,
  passwordResetTokens,
  referrals,
  sessions,
  users,
  verificationTokens,
} from "../db/schema/index";

/**
 * Route lists derived from the running app, so attack suites cover routes added later without edits:
 * the router's own listing (every route, hidden ones too) and the OpenAPI document (the input schemas).
 */

export const STATE_CHANGING_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** Paths the CSRF check deliberately exempts (server-to-server callbacks), as configured in app.ts. */
export const CSRF_EXEMPT_PREFIXES = ["/api/webhooks/"];

export interface RegisteredRoute {
  method: string;
  path: string;
}

/** Every method + path the router knows, read from `printRoutes` (which lists hidden routes too). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    // "│   ├── /segment (GET, HEAD)": four columns of tree drawing per depth level.
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    pathAtDepth.length = depth;
    const path = (depth > 0 ? pathAtDepth[depth - 1]! : "") + match[2]!;
    pathAtDepth[depth] = path;
    for (const method of match[3]?.split(", ") ?? []) routes.push({ method, path });
  }
  return routes;
}

/** The state-changing /api routes the CSRF defence must cover. */
export function stateChangingApiRoutes(app: FastifyInstance): RegisteredRoute[] {
  return registeredRoutes(app).filter(
    (route) =>
      (STATE_CHANGING_METHODS as readonly string[]).includes(route.method) &&
      route.path.startsWith("/api/") &&
      !CSRF_EXEMPT_PREFIXES.some((prefix) => route.path.startsWith(prefix)),
  );
}

/**
 * A concrete URL for a route pattern (`/api/dreams/:id` -> `/api/dreams/1`); a parameter with a list of allowed
 * values (`/api/reminders/:kind`) takes the first, and one with a pattern (a consultation's text id, a share
 * token) a value matching it, so the request is judged on its body, not its path.
 */
export function urlFor(path: string, params: Record<string, JsonSchema> = {}): string {
  return path.replace(/:([^/]+)/g, (_, name: string) => {
    const schema = params[name];
    if (schema?.enum?.[0] !== undefined) return String(schema.enum[0]);
    return schema?.pattern ? String(sampleValue(schema)) : "1";
  });
}

/** The subset of JSON Schema that zod's OpenAPI transform produces and these suites read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  nullable?: boolean;
  not?: JsonSchema;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
}

export interface InputRoute {
  method: string;
  path: string;
  /** The object schema of the JSON body (unwrapped from zod's `nullish` anyOf), if any. */
  body?: JsonSchema;
  /** True when the route also accepts no body / null (e.g. body-less POSTs). */
  bodyOptional: boolean;
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  /** The path parameters' schemas, by name. */
  params: Record<string, JsonSchema>;
}

function unwrapObject(schema: JsonSchema): { object?: JsonSchema; optional: boolean } {
  if (schema.anyOf) {
    const object = schema.anyOf.find((member) => member.type === "object" || member.properties);
    const optional = schema.anyOf.some((member) => member.not !== undefined || member.nullable === true);
    return { object, optional: optional || object?.nullable === true };
  }
  return { object: schema, optional: schema.nullable === true };
}

/** Documented /api routes that take a JSON body or a query string, with their schemas. */
export function inputRoutes(app: FastifyInstance): InputRoute[] {
  const document = app.swagger() as unknown as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const routes: InputRoute[] = [];
  for (const [openApiPath, operations] of Object.entries(document.paths ?? {})) {
    if (!openApiPath.startsWith("/api/") || openApiPath === "/api/openapi.json") continue;
    const path = openApiPath.replace(/\{([^}]+)\}/g, ":$1");
    for (const [method, operation] of Object.entries(operations)) {
      const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
      const query = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => ({
          name: parameter.name,
          required: parameter.required === true,
          schema: parameter.schema ?? {},
        }));
      if (!bodySchema && query.length === 0) continue;
      const params = Object.fromEntries(
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => [parameter.name, parameter.schema ?? {}]),
      );
      const unwrapped = bodySchema ? unwrapObject(bodySchema) : { object: undefined, optional: true };
      routes.push({
        method: method.toUpperCase(),
        path,
        body: unwrapped.object,
        bodyOptional: unwrapped.optional,
        query,
        params,
      });
    }
  }
  return routes;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

export function acceptsNull(schema: JsonSchema): boolean {
  return (
    schema.nullable === true ||
    (Array.isArray(schema.type) && schema.type.includes("null")) ||
    (schema.anyOf ?? []).some((member) => member.type === "null" || member.nullable === true)
  );
}

/**
 * Values for the contract's string patterns: a local time of day, an idempotency key (also an oracle
 * consultation's id), a share token (43 base64url characters), a calendar date.
 */
const PATTERN_SAMPLES = [
  "07:30",
  "0123456789abcdef",
  "0123456789abcdefghijklmnopqrstuvwxyzABCDEFG",
  "1990-07-24",
  "https://example.com/",
];

/** A value the schema accepts (format-wise), so a test can break exactly one field at a time. */
export function sampleValue(schema: JsonSchema): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.anyOf) {
    const member = schema.anyOf.find((candidate) => candidate.not === undefined && candidate.type !== "null");
    return member ? sampleValue(member) : null;
  }
  switch (typeOf(schema)) {
    case "string": {
      if (schema.format === "email") return "someone@example.com";
      if (schema.format === "uri" || schema.format === "url") return "https://example.com/";
      if (schema.format === "date-time") return new Date(0).toISOString();
      if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      const length = Math.min(Math.max(schema.minLength ?? 0, 12), schema.maxLength ?? 12);
      const plain = "v".repeat(length);
      if (!schema.pattern) return plain;
      // Zod writes its regexes' source; the contract's use Unicode classes (\p{L}), so read them as Unicode.
      const pattern = new RegExp(schema.pattern, "u");
      if (pattern.test(plain)) return plain;
      const sample = PATTERN_SAMPLES.find((candidate) => pattern.test(candidate));
      if (sample === undefined) throw new Error(`no sample value matches /${schema.pattern}/: add one`);
      return sample;
    }
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items ?? {}));
    case "object":
      return sampleObject(schema);
    default:
      return "v".repeat(12);
  }
}

/** Every required property (and every optional one, so each field's checks are reached). */
export function sampleObject(schema: JsonSchema): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) value[name] = sampleValue(property);
  return value;
}

export interface StringField {
  /** Property names from the body's root to the string field. */
  path: string[];
  schema: JsonSchema;
}

/** String-typed fields of an object schema, nested objects included. */
export function stringFields(schema: JsonSchema, prefix: string[] = []): StringField[] {
  const fields: StringField[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const type = typeOf(property) ?? typeOf(property.anyOf?.find((member) => member.type !== "null") ?? {});
    if (type === "string") fields.push({ path: [...prefix, name], schema: property });
    else if (type === "object") fields.push(...stringFields(property, [...prefix, name]));
  }
  return fields;
}

/** A deep copy of `body` with the value at `path` replaced. */
export function withValue(body: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(body);
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

/** Rows of the tables an account request can write, to prove a refused request wrote nothing. */
export async function snapshotTables(db: Database) {
  const tables = { users, sessions, verificationTokens, passwordResetTokens, authAttempts, referrals };
  const snapshot: Record<string, { count: number; rows: unknown[] }> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    snapshot[name] = { count: row!.n, rows: await db.select().from(table).orderBy(table.id) };
  }
  return snapshot;
}

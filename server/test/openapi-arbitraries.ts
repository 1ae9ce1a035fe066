import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { type InputRoute, inputRoutes, type JsonSchema, registeredRoutes } from "./attack-surface";

/**
 * fast-check arbitraries read from the app's own OpenAPI document: for every JSON schema, values that
 * pass it (with hostile text inside the bounds) and values that break it (at and past the bounds, wrong
 * types, extra and prototype-pollution keys), plus hostile path segments, query strings and headers.
 */

/** The JSON Schema keywords zod's OpenAPI transform emits, beyond the ones the attack surface reads. */
export interface FuzzSchema extends JsonSchema {
  properties?: Record<string, FuzzSchema>;
  anyOf?: FuzzSchema[];
  items?: FuzzSchema;
  maximum?: number;
  /** OpenAPI 3.0 style: `true` makes `minimum` exclusive; 3.1 style: the bound itself. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  maxItems?: number;
  additionalProperties?: boolean | FuzzSchema;
}

/** Keys a request may carry to try to reach Object.prototype. */
export const POLLUTION_KEYS = ["__proto__", "constructor", "prototype"] as const;
/** The keys the pollution payloads try to plant on every object; none may ever appear on `{}`. */
export const POLLUTION_MARKERS = ["fuzzPolluted", "polluted", "isAdmin", "role"] as const;

/** A value that would plant the markers if any code merged it into a plain object. */
const pollutionPayload = () => ({ fuzzPolluted: "yes", polluted: "yes", isAdmin: true, role: "admin" });

/** An object whose own keys are exactly `entries` (a literal `__proto__` key stays an own key). */
function ownObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

const pollutionObjectArb: fc.Arbitrary<Record<string, unknown>> = fc
  .constantFrom(...POLLUTION_KEYS)
  .map((key) =>
    key === "constructor"
      ? ownObject([["constructor", { prototype: pollutionPayload() }]])
      : ownObject([[key, pollutionPayload()]]),
  );

/** Pieces people paste into text fields on purpose: controls, bidi marks, emoji, injections, JS names. */
export const HOSTILE_PIECES = [
  "\u0000",
  "\u0001",
  "\u001b[31m",
  "\u007f",
  "\u202e",
  "\u200f",
  "\u200b",
  "\u2066",
  "\ufeff",
  "\ufffd",
  "\ud800",
  "\udfff",
  "\u2028",
  "\u2029",
  "👁️‍🗨️",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "🧿",
  "𝕯𝖗𝖊𝖆𝖒",
  "שלום",
  "مرحبا",
  "ﷺ",
  "Z̤͔ͧ̑̓ä͖̭̈̇",
  "e\u0301",
  "İı",
  "ß",
  "ǅ",
  "\r\n",
  "\t",
  "\\",
  '"',
  "'",
  "`",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "%",
  "_",
  "%00",
  "%s%n%x",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text.
  "${7*7}",
  "{{7*7}}",
  "#{7*7}",
  "<script>alert(1)</script>",
  "<!--",
  "]]>",
  "../../../../etc/passwd",
  "..\\..\\",
  "javascript:alert(1)",
  "file:///etc/passwd",
  "(",
  "[",
  "*",
  "+?",
  "\\p{",
  "$&",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x1F",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
];

/** Text of any kind: unicode graphemes, raw code points, ASCII and the hostile pieces, mixed. */
export function hostileText(maxPieces = 12): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 12 }), weight: 3 },
        { arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }), weight: 3 },
        { arbitrary: fc.string({ unit: "binary", maxLength: 4 }), weight: 1 },
        { arbitrary: fc.constantFrom(...HOSTILE_PIECES), weight: 4 },
      ),
      { maxLength: maxPieces },
    )
    .map((pieces) => pieces.join(""));
}

/** `text` repeated or cut to exactly `length` UTF-16 units (zod's measure), cutting pairs in half too. */
function toLength(text: string, length: number): string {
  if (length <= 0) return "";
  const seed = text.length > 0 ? text : "x";
  return seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
}

function typeOf(schema: FuzzSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

function isNullable(schema: FuzzSchema): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null"));
}

function bounds(schema: FuzzSchema): { min: number; max: number } {
  let min = schema.minimum ?? -1_000_000;
  let max = schema.maximum ?? 1_000_000;
  if (schema.exclusiveMinimum === true) min += 1;
  else if (typeof schema.exclusiveMinimum === "number") min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  else if (typeof schema.exclusiveMaximum === "number") max = schema.exclusiveMaximum - 1;
  return { min, max };
}

/** The strings a format or pattern admits, else hostile text; lengths inside [minLength, maxLength]. */
function validString(schema: FuzzSchema): fc.Arbitrary<string> {
  if (schema.format === "email") {
    return fc
      .oneof(
        fc.emailAddress(),
        hostileText(3).map((local) => `${percentFree(local) || "x"}@example.com`),
      )
      .filter((text) => text.length <= (schema.maxLength ?? 254));
  }
  if (schema.format === "uri" || schema.format === "url" || schema.pattern?.startsWith("^https:")) {
    return fc
      .oneof(
        fc.webUrl({ validSchemes: ["https"], withQueryParameters: true, withFragments: true }),
        hostileText(3).map((path) => `https://example.com/${percentEncode(path)}`),
      )
      .filter((text) => text.length <= (schema.maxLength ?? 2048));
  }
  if (schema.format === "date-time") {
    // Any wall-clock time of years 1 to 9999, in UTC or at an offset (which can push the instant past either end).
    const offset = fc.option(
      fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45)),
      { nil: undefined },
    );
    return fc
      .tuple(
        fc.date({
          min: new Date("0001-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        offset,
      )
      .map(([date, zone]) => {
        if (!zone) return date.toISOString();
        const [sign, hours, minutes] = zone;
        const hh = String(hours).padStart(2, "0");
        return `${date.toISOString().slice(0, -1)}${sign}${hh}:${String(minutes).padStart(2, "0")}`;
      });
  }
  if (schema.format === "date") {
    return fc
      .date({
        min: new Date("0001-01-01T00:00:00Z"),
        max: new Date("9999-12-31T23:59:59Z"),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, schema.maxLength ?? 500);
  if (schema.pattern) {
    const matching = patternArb(schema.pattern, min, max);
    if (matching) return matching;
  }
  // Short, at the lower bound, at the upper bound: hostile text either way.
  return fc.oneof(
    {
      arbitrary: hostileText().map((text) =>
        text.length < min ? toLength(text, min) : text.length > max ? text.slice(0, max) : text,
      ),
      weight: 4,
    },
    { arbitrary: hostileText(4).map((text) => toLength(text, min === 0 ? 1 : min)), weight: 1 },
    { arbitrary: hostileText(6).map((text) => toLength(text, Math.min(max, 100_000))), weight: 1 },
    {
      arbitrary: opaqueToken().filter((token) => token.length >= min && token.length <= max),
      weight: 1,
    },
  );
}

/**
 * What a forged opaque token (a page cursor, a state) looks like: base64url or JSON around a moment and a number,
 * the moments and numbers being the ones databases and date parsers disagree about.
 */
export function opaqueToken(): fc.Arbitrary<string> {
  const moment = fc.oneof(
    fc.constantFrom(
      "0000-01-01T00:00:00.000Z",
      "-000001-01-01T00:00:00.000Z",
      "+010000-01-01T00:00:00.000Z",
      "0028-11-19T04:08:51.683Z",
      "2000",
      "March 7 2020",
      "1 2 3",
      "",
      "NaN",
    ),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  );
  const number = fc.oneof(
    fc.constantFrom("0", "-1", "1.5", "1e3", "2147483648", "99999999999999999999", "", "NaN"),
    fc.nat().map(String),
  );
  return fc
    .tuple(
      moment,
      fc.constantFrom("|", ":", ",", "."),
      number,
      fc.constantFrom("base64url", "base64", "json", "raw"),
    )
    .map(([at, separator, id, encoding]) => {
      const text = `${at}${separator}${id}`;
      if (encoding === "json") return JSON.stringify({ createdAt: at, id });
      if (encoding === "raw") return text;
      return Buffer.from(text).toString(encoding);
    });
}

/** Strings matching the pattern (letters of many scripts for `\p{L}` patterns), or undefined. */
function patternArb(pattern: string, min: number, max: number): fc.Arbitrary<string> | undefined {
  if (pattern.includes("\\p{")) {
    const letters = fc.constantFrom(..."aZ09._-éßçñøÆİıДжשعक中あ한ᏣΩ".split(""));
    return fc
      .string({ unit: letters, minLength: min, maxLength: Math.min(max, 40) })
      .filter((text) => text.length >= min && text.length <= max);
  }
  try {
    return fc.stringMatching(new RegExp(pattern)).filter((text) => text.length >= min && text.length <= max);
  } catch {
    return undefined;
  }
}

function percentFree(text: string): string {
  return text.replace(/[@\s]/g, "");
}

/** Values that break a string schema: just past each bound, far past the maximum, formats almost right. */
function brokenString(schema: FuzzSchema): fc.Arbitrary<unknown> {
  const choices: fc.Arbitrary<unknown>[] = [hostileText()];
  if (schema.maxLength !== undefined) {
    choices.push(hostileText(4).map((text) => toLength(text, schema.maxLength! + 1)));
    choices.push(hostileText(4).map((text) => toLength(text, Math.min(schema.maxLength! * 4 + 7, 300_000))));
  }
  if (schema.minLength !== undefined && schema.minLength > 0) {
    choices.push(hostileText(4).map((text) => toLength(text, schema.minLength! - 1)));
  }
  if (schema.enum) {
    choices.push(
      fc
        .constantFrom(...schema.enum.map(String))
        .chain((option) =>
          fc.constantFrom(
            option.toUpperCase(),
            ` ${option}`,
            `${option}\u0000`,
            `${option}\u200b`,
            `${option}x`,
          ),
        ),
    );
  }
  if (schema.format || schema.pattern) {
    choices.push(
      fc.constantFrom(
        "a@",
        "@b",
        "a@b@c",
        "a@\u0000.com",
        "https://",
        "http://example.com/",
        "javascript:alert(1)",
        "//evil.example",
        "2024-02-30T25:61:61Z",
        "0000-00-00",
        "+275760-09-13T00:00:00.001Z",
        "",
        " ",
      ),
    );
  }
  return fc.oneof(...choices);
}

/** Numbers and number-like strings at, past and around a number schema's bounds. */
function brokenNumber(schema: FuzzSchema): fc.Arbitrary<unknown> {
  const { min, max } = bounds(schema);
  return fc.oneof(
    fc.constantFrom(
      min - 1,
      max + 1,
      min - 0.5,
      0,
      -0,
      -1,
      0.1,
      1.5,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53),
      1e20,
      1e300,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      -Number.MAX_VALUE,
    ),
    fc.constantFrom("1", "NaN", "Infinity", "-Infinity", "1e3", "0x10", "", " 1", "1 ", "٣", "1_000"),
    fc.double(),
  );
}

/** Anything but what the schema wants: scalars, deep structures, prototype tricks, huge text. */
function wrongType(schema: FuzzSchema, depth: number): fc.Arbitrary<unknown> {
  const members: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(null, true, false, 0, -1, "", [], {}),
    hostileText(),
    fc.jsonValue({ maxDepth: 3 }),
    pollutionObjectArb,
    fc.constantFrom(
      [[[[[[[[[[[]]]]]]]]]]],
      { a: { b: { c: { d: { e: { f: {} } } } } } },
      Array.from({ length: 200 }, (_, i) => i),
    ),
  ];
  if (depth < MAX_DEPTH) {
    // An array of valid values where one is expected (the classic `?a=1&a=2` shape, in JSON).
    members.push(fc.array(validValue(schema, depth + 1), { minLength: 1, maxLength: 3 }));
  }
  return fc.oneof(...members);
}

function enumValid(schema: FuzzSchema): fc.Arbitrary<unknown> {
  return fc.constantFrom(...(schema.enum ?? []));
}

/** A value the schema accepts; strings carry hostile text within their bounds. */
export function validValue(schema: FuzzSchema, depth = 0): fc.Arbitrary<unknown> {
  const valid = validValueNotNull(schema, depth);
  return isNullable(schema)
    ? fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
    : valid;
}

function validValueNotNull(schema: FuzzSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return enumValid(schema);
  if (schema.anyOf && schema.anyOf.length > 0) {
    const members = schema.anyOf.filter((member) => member.not === undefined && member.type !== "null");
    if (members.length === 0) return fc.constant(null);
    return fc.oneof(...members.map((member) => validValue(member, depth)));
  }
  switch (typeOf(schema)) {
    case "string":
      return validString(schema);
    case "integer": {
      const { min, max } = bounds(schema);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) }),
        fc.constantFrom(min, max).filter((value) => Number.isSafeInteger(value)),
      );
    }
    case "number": {
      const { min, max } = bounds(schema);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "array": {
      const maxItems = Math.min(schema.maxItems ?? 4, depth > 1 ? 2 : 4);
      return fc.array(validValue(schema.items ?? {}, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, maxItems),
        maxLength: maxItems,
      });
    }
    case "object":
      return objectValue(schema, depth);
    default:
      return fc.oneof(hostileText(), fc.jsonValue({ maxDepth: 2 }));
  }
}

/** A value that breaks the schema (or, for enum/boolean, a near miss). */
export function brokenValue(schema: FuzzSchema, depth = 0): fc.Arbitrary<unknown> {
  const type = typeOf(schema) ?? typeOf(schema.anyOf?.find((member) => member.type !== "null") ?? {});
  const specific: fc.Arbitrary<unknown>[] = [];
  if (type === "string") specific.push(brokenString(schema));
  if (type === "integer" || type === "number") specific.push(brokenNumber(schema));
  if (type === "boolean") specific.push(fc.constantFrom("true", "false", 1, 0, "yes", "on"));
  if (type === "array") {
    const maxItems = schema.maxItems;
    if (maxItems !== undefined) {
      // One past the limit, with the smallest items the schema's type allows.
      specific.push(fc.constant(Array.from({ length: maxItems + 1 }, () => null)));
      if (maxItems <= 500) {
        specific.push(
          validValue(schema.items ?? {}, depth + 1).map((item) =>
            Array.from({ length: maxItems + 1 }, () => item),
          ),
        );
      }
    }
    if (depth < MAX_DEPTH) {
      specific.push(fc.array(brokenValue(schema.items ?? {}, depth + 1), { minLength: 1, maxLength: 3 }));
    }
  }
  if (type === "object" && depth < MAX_DEPTH) specific.push(objectValue(schema, depth, true));
  return fc.oneof(
    { arbitrary: wrongType(schema, depth), weight: 1 },
    ...specific.map((arbitrary) => ({ arbitrary, weight: 2 })),
  );
}

/** Structures nest at most this deep (schemas nest less; broken values stop recursing here). */
const MAX_DEPTH = 3;

type Mutation =
  | { kind: "set"; key: string; value: unknown }
  | { kind: "delete"; key: string }
  | { kind: "extra"; key: string; value: unknown };

/** An object of the schema: all fields valid-ish, then 0 to 3 mutations (broken field, missing key, extra key). */
function objectValue(
  schema: FuzzSchema,
  depth: number,
  forceMutation = false,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, property]) =>
    required.has(name)
      ? validValue(property, depth + 1).map((value): [string, unknown] | undefined => [name, value])
      : fc.option(
          validValue(property, depth + 1).map((value): [string, unknown] => [name, value]),
          { nil: undefined, freq: 3 },
        ),
  );
  const names = properties.map(([name]) => name);
  const mutationArbs: fc.Arbitrary<Mutation>[] = [
    fc
      .tuple(
        fc.constantFrom(...POLLUTION_KEYS, "isAdmin", "role", "id", "userId", "isPremium"),
        wrongType(schema, depth + 1),
      )
      .map(([key, value]): Mutation => ({ kind: "extra", key, value })),
    fc
      .tuple(hostileText(3), fc.jsonValue({ maxDepth: 1 }))
      .map(([key, value]): Mutation => ({ kind: "extra", key, value })),
  ];
  if (names.length > 0) {
    mutationArbs.push(
      fc
        .constantFrom(...names)
        .chain((key) =>
          brokenValue(schema.properties![key]!, depth + 1).map(
            (value): Mutation => ({ kind: "set", key, value }),
          ),
        ),
      fc.constantFrom(...names).map((key): Mutation => ({ kind: "delete", key })),
    );
  }
  const mutations = forceMutation
    ? fc.array(fc.oneof(...mutationArbs), { minLength: 1, maxLength: 2 })
    : fc.oneof(
        { arbitrary: fc.constant<Mutation[]>([]), weight: depth === 0 ? 2 : 6 },
        { arbitrary: fc.array(fc.oneof(...mutationArbs), { minLength: 1, maxLength: 3 }), weight: 2 },
      );
  return fc.tuple(fc.tuple(...fields), mutations).map(([entries, changes]) => {
    const map = new Map<string, unknown>();
    for (const entry of entries) if (entry) map.set(entry[0], entry[1]);
    for (const change of changes) {
      if (change.kind === "delete") map.delete(change.key);
      else map.set(change.key, change.value);
    }
    return ownObject([...map]);
  });
}

/** A whole JSON body: mostly an object of the schema, sometimes a bare value, sometimes nothing. */
export function bodyArb(schema: FuzzSchema | undefined): fc.Arbitrary<unknown> {
  const bare = fc.oneof(
    fc.constantFrom(null, 0, -1, 1e308, "", "x", true, [], [{}]),
    hostileText(),
    fc.jsonValue({ maxDepth: 3 }),
    pollutionObjectArb,
  );
  if (!schema) {
    return fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 4 },
      { arbitrary: fc.constant({}), weight: 1 },
      { arbitrary: bare, weight: 2 },
    );
  }
  return fc.oneof(
    { arbitrary: objectValue(schema, 0), weight: 12 },
    { arbitrary: bare, weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD, as a browser would). */
export function percentEncode(text: string): string {
  let encoded = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

/** Raw URL fragments no encoder would produce: broken escapes, overlong and invalid UTF-8, separators. */
const RAW_URL_PIECES = [
  "%",
  "%2",
  "%zz",
  "%00",
  "%FF",
  "%C0%80",
  "%C0%AF",
  "%E0%80%AF",
  "%ED%A0%80",
  "%F4%90%80%80",
  "%2F",
  "%2e%2e",
  "..%2F..%2F",
  "%252F",
  "%0D%0A",
  "+",
  "%20",
  ";",
  ",",
];

/** A path segment: the schema's kind of value, a near miss, or something hostile, ready for the URL. */
export function pathSegmentArb(schema: FuzzSchema): fc.Arbitrary<string> {
  const integer = typeOf(schema) === "integer" || typeOf(schema) === "number";
  const valid = integer
    ? fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 2_147_483_647 })).map(String)
    : validString(schema)
        .filter((text) => text.length > 0)
        .map(percentEncode);
  const nearMiss = fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "1e3",
    "1e21",
    "2147483647",
    "2147483648",
    "9007199254740993",
    "99999999999999999999",
    "NaN",
    "Infinity",
    "%201",
    "1%20",
    "0x1",
    "0b1",
    "null",
    "true",
    "[]",
    "%7B%7D",
    "__proto__",
    "constructor",
    "prototype",
  );
  const hostile = fc.oneof(
    hostileText(6).map(percentEncode),
    fc.constantFrom(...RAW_URL_PIECES),
    fc
      .tuple(fc.constantFrom(...RAW_URL_PIECES), fc.integer({ min: 1, max: 9 }))
      .map(([piece, n]) => `${n}${piece}`),
    fc.constantFrom(120, 300, 2_100, 10_000).map((length) => "9".repeat(length)),
    fc.constantFrom(100, 101, 255, 256, 5_000).map((length) => "a".repeat(length)),
  );
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: nearMiss, weight: 2 },
    { arbitrary: hostile, weight: 3 },
  );
}

function queryValue(schema: FuzzSchema): fc.Arbitrary<string> {
  const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  return fc.oneof(
    { arbitrary: validValue(schema).map(asText), weight: 3 },
    { arbitrary: brokenValue(schema).map(asText), weight: 2 },
  );
}

/** A raw query string (without `?`): documented parameters, repeats, unknown and pollution keys, broken escapes. */
export function queryStringArb(params: InputRoute["query"]): fc.Arbitrary<string> {
  const documented = params.map((param) =>
    fc.option(
      queryValue(param.schema).map((value) => `${percentEncode(param.name)}=${percentEncode(value)}`),
      { nil: undefined, freq: param.required ? 8 : 2 },
    ),
  );
  const names = params.map((param) => param.name);
  const extraKey = fc.oneof(
    fc.constantFrom(
      ...POLLUTION_KEYS,
      "__proto__[polluted]",
      "constructor[prototype][polluted]",
      "a[b][c]",
      "a[]",
      "returnTo",
      "code",
      "state",
      "token",
      "isAdmin",
      ...names,
    ),
    hostileText(3).map(percentEncode),
  );
  const extra = fc.oneof(
    fc.tuple(extraKey, hostileText(4)).map(([key, value]) => `${key}=${percentEncode(value)}`),
    fc.tuple(extraKey, fc.constantFrom(...RAW_URL_PIECES)).map(([key, value]) => `${key}=${value}`),
    fc.constantFrom("", "=", "&", "==", "a", "a=", "=a", "%=%", "a=1=2", ";a=1"),
    fc.constantFrom(...RAW_URL_PIECES),
  );
  return fc
    .tuple(
      fc.tuple(...documented),
      fc.oneof(
        { arbitrary: fc.constant<string[]>([]), weight: 3 },
        { arbitrary: fc.array(extra, { maxLength: 4 }), weight: 2 },
      ),
      fc.boolean(),
    )
    .map(([known, extras, shuffle]) => {
      const parts = [...known.filter((part): part is string => part !== undefined), ...extras];
      return (shuffle ? parts.reverse() : parts).join("&");
    });
}

/** Printable ASCII only: what a header value can carry on the wire. */
function headerText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
    fc.constantFrom(200, 2_001, 8_000).map((length) => "t=1,v1=".padEnd(length, "a")),
  );
}

/** Language headers and the route's documented header parameters. */
export function headersArb(
  documented: Array<{ name: string; schema: FuzzSchema }>,
): fc.Arbitrary<Record<string, string>> {
  const language = fc.option(
    fc.oneof(
      fc.constantFrom("en", "es", "fr", "ES", "es-ES", "*", "", "__proto__", "constructor"),
      headerText(),
    ),
    { nil: undefined },
  );
  const acceptLanguage = fc.option(
    fc.oneof(
      fc.constantFrom("es-ES,es;q=0.9,en;q=0.8", "*;q=0", "es;q=NaN", "en;q=-1, es;q=2"),
      headerText(),
    ),
    { nil: undefined },
  );
  const params = documented.map((param) =>
    fc.option(headerText(), { nil: undefined }).map((value) => [param.name, value] as const),
  );
  return fc.tuple(language, acceptLanguage, fc.tuple(...params)).map(([xLanguage, accept, values]) => {
    const headers: Record<string, string> = {};
    if (xLanguage !== undefined) headers["x-language"] = xLanguage;
    if (accept !== undefined) headers["accept-language"] = accept;
    for (const [name, value] of values) if (value !== undefined) headers[name] = value;
    return headers;
  });
}

export interface FuzzTarget {
  method: string;
  /** The router's pattern, e.g. `/api/dreams/:id`. */
  path: string;
  documented: boolean;
  body?: FuzzSchema;
  bodyOptional: boolean;
  query: InputRoute["query"];
  pathParams: Array<{ name: string; schema: FuzzSchema }>;
  headerParams: Array<{ name: string; schema: FuzzSchema }>;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: FuzzSchema;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every route the router knows except static files and HEAD twins: the documented ones with their body,
 * query, path and header schemas, the hidden ones (e.g. the OIDC redirects) with their path's parameters.
 */
export function fuzzTargets(app: FastifyInstance): FuzzTarget[] {
  const document = app.swagger() as unknown as {
    paths?: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
  };
  const operations = new Map<string, OpenApiParameter[]>();
  for (const [openApiPath, byMethod] of Object.entries(document.paths ?? {})) {
    const path = openApiPath.replace(/\{([^}]+)\}/g, ":$1");
    for (const [method, operation] of Object.entries(byMethod)) {
      operations.set(`${method.toUpperCase()} ${path}`, operation.parameters ?? []);
    }
  }
  const inputs = new Map(inputRoutes(app).map((route) => [`${route.method} ${route.path}`, route]));
  const seen = new Set<string>();
  const targets: FuzzTarget[] = [];
  for (const route of registeredRoutes(app)) {
    const key = `${route.method} ${route.path}`;
    if (route.method === "HEAD" || seen.has(key)) continue;
    // Static files of the web build: a file name in the path, outside /api.
    if (!route.path.startsWith("/api/") && /\.[a-z0-9]+$/i.test(route.path)) continue;
    seen.add(key);
    const parameters = operations.get(key);
    const input = inputs.get(key);
    const declaredPath = (parameters ?? []).filter((parameter) => parameter.in === "path");
    const pathNames = [...route.path.matchAll(/:([^/]+)/g)].map((match) => match[1]!);
    targets.push({
      method: route.method,
      path: route.path,
      documented: parameters !== undefined,
      body: input?.body as FuzzSchema | undefined,
      bodyOptional: input?.bodyOptional ?? true,
      query: input?.query ?? [],
      pathParams: pathNames.map((name) => ({
        name,
        schema: declaredPath.find((parameter) => parameter.name === name)?.schema ?? { type: "string" },
      })),
      headerParams: (parameters ?? [])
        .filter((parameter) => parameter.in === "header")
        .map((parameter) => ({
          name: parameter.name.toLowerCase(),
          schema: parameter.schema ?? { type: "string" },
        })),
    });
  }
  return targets;
}

export const takesBody = (target: FuzzTarget) => BODY_METHODS.has(target.method);

import { codeFromStatus, type ErrorCode, type ErrorReason } from "../../../contract/error-codes";
import { cappedLog } from "./capped-log";

/** What every failed call rejects with (spec section 7/8): the server's own body, or one built from the status. */
export interface ApiError {
  success: false;
  message: string;
  code: ErrorCode | string;
  /** The server's domain reason (TRANSLATION_LIMIT, PREMIUM_REQUIRED, …) when it sent one: branch on this. */
  reason?: ErrorReason;
  status?: number;
  details?: unknown;
}

export const FORCE_CUSTOM_DOMAIN_KEY = "forceCustomDomain";
const PRIMARY_HOSTS = new Set([
  "localhost",
  "127.0.0.1",
  ...String(import.meta.env.VITE_PRIMARY_HOSTS ?? "")
    .split(",")
    .filter(Boolean),
]);

const INVALID_FORMAT = "Invalid response format from server. Please try again later.";
const HTML_INSTEAD_OF_JSON = "Server returned HTML instead of JSON. Please try again later.";
const PARSE_FAILED = "Failed to parse response as JSON";
/** Spec section 8: the fallback for an answer labelled JSON that is an HTML page (a proxy's or host's error page). */
export const SERVER_ERROR_DETECTED = "Server error detected";

/**
 * Spec sections 7-9, the network wrapper: every /api/ answer that is not the JSON it should be is noted here
 * (the last 100), for support and debugging; the caller still gets the spec's error.
 */
export type NetworkIssueKind = "html_in_json" | "server_error_page" | "invalid_json";
export interface NetworkIssue {
  kind: NetworkIssueKind;
  url: string;
  status: number;
  /** True when the body could be read after all (an anti-JSON-hijacking prefix `)]}',` removed). */
  repaired: boolean;
  at: string;
}
export const NETWORK_ISSUE_LOG_MAX = 100;
const issueLog = cappedLog<NetworkIssue>(NETWORK_ISSUE_LOG_MAX);
export const networkIssues = issueLog.entries;
export const clearNetworkIssues = issueLog.clear;

function noteIssue(kind: NetworkIssueKind, url: string, status: number, repaired = false): void {
  // The path only: a query string may carry a token (verification links, searches).
  issueLog.add({ kind, url: url.split("?")[0]!, status, repaired, at: new Date().toISOString() });
}

/** JSON.parse, and on failure once more without the prefix some frameworks put in front of JSON. */
function parseJson(text: string): { ok: true; value: unknown; repaired: boolean } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text), repaired: false };
  } catch {
    const stripped = text.replace(/^\s*\)\]\}',?\s*/, "");
    if (stripped === text) return { ok: false };
    try {
      return { ok: true, value: JSON.parse(stripped), repaired: true };
    } catch {
      return { ok: false };
    }
  }
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && (value as { success?: unknown }).success === false;
}

function apiError(message: string, code: ErrorCode | string, status?: number, details?: unknown): ApiError {
  return { success: false, message, code, status, details };
}

/** `?forceCustomDomain=true` turns custom-domain mode on for this browser, `=false` off (kept in localStorage). */
export function syncCustomDomainFlag(
  location: Location = window.location,
  storage: Storage = window.localStorage,
): void {
  const flag = new URLSearchParams(location.search).get(FORCE_CUSTOM_DOMAIN_KEY);
  if (flag === "true") storage.setItem(FORCE_CUSTOM_DOMAIN_KEY, "true");
  if (flag === "false") storage.removeItem(FORCE_CUSTOM_DOMAIN_KEY);
}

export function isCustomDomainMode(
  location: Location = window.location,
  storage: Storage = window.localStorage,
): boolean {
  return storage.getItem(FORCE_CUSTOM_DOMAIN_KEY) === "true" || !PRIMARY_HOSTS.has(location.hostname);
}

const isAuthPath = (url: string) => /\/auth\/|\/auth0\/|\/api\/user/.test(url);
/** Auth, login and logout answers count as success even when they are not JSON (e.g. a redirect page). */
const isLenientPath = (url: string) => /\/auth|\/login|\/logout/.test(url);
const looksLikeHtml = (text: string) => /^\s*<(!doctype|html|head|body)/i.test(text);

export interface RequestOptions {
  signal?: AbortSignal;
  /** Interface language sent to the server so its messages match the page. */
  language?: string;
  /** Send the JSON content type even with no body (spec section 7: the verification resend). */
  jsonContentType?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key`); they cannot replace the spec's own. */
  headers?: Record<string, string>;
}

let currentLanguage = "en";
/** Called by i18n when the language changes. */
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}

function buildRequest(
  method: string,
  url: string,
  body: unknown,
  controlPlaneRetry: boolean,
  options: RequestOptions,
): [string, RequestInit] {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: "application/json",
    "Cache-Control": "no-cache, no-store, must-revalidate",
    Pragma: "no-cache",
    Expires: "0",
    "X-Language": options.language ?? currentLanguage,
  };
  let target = url;
  let payload = body;
  if (isCustomDomainMode()) {
    headers["custom-domain"] = "true";
    headers.hostname = window.location.hostname;
    headers.origin = window.location.origin;
    if (controlPlaneRetry) headers["control-plane-retry"] = "true";
    if (isAuthPath(url)) {
      if (method === "GET") target += `${url.includes("?") ? "&" : "?"}useCustomDomain=true`;
      else if (payload !== undefined && typeof payload === "object" && payload !== null) {
        payload = {
          ...payload,
          useCustomDomain: true,
          hostname: window.location.hostname,
          origin: window.location.origin,
        };
      }
    }
  }
  const init: RequestInit = {
    method,
    headers,
    credentials: "include",
    cache: "no-store",
    signal: options.signal,
  };
  if (payload !== undefined || options.jsonContentType) headers["Content-Type"] = "application/json";
  if (payload !== undefined) init.body = JSON.stringify(payload);
  return [target, init];
}

/** Turns a fetch Response into the value the caller reads, or rejects with an ApiError (spec section 7). */
export async function readResponse(response: Response, url: string): Promise<unknown> {
  const text = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  const claimsJson = contentType.includes("application/json");
  let json: unknown;
  let parsed = false;
  if (claimsJson && text.trim() !== "") {
    if (looksLikeHtml(text)) {
      noteIssue("html_in_json", url, response.status);
      throw apiError(SERVER_ERROR_DETECTED, codeFromStatus(response.status), response.status);
    }
    const result = parseJson(text);
    if (!result.ok) {
      noteIssue("invalid_json", url, response.status);
      throw apiError(PARSE_FAILED, "INTERNAL", response.status);
    }
    if (result.repaired) noteIssue("invalid_json", url, response.status, true);
    json = result.value;
    parsed = true;
  }

  if (response.ok) {
    if (!parsed) {
      if (isLenientPath(url)) return { success: true };
      if (looksLikeHtml(text)) {
        noteIssue("html_in_json", url, response.status);
        throw apiError(INVALID_FORMAT, "INTERNAL", response.status);
      }
      return text === "" ? null : text;
    }
    if (isLenientPath(url)) return json;
    const body = json as { success?: unknown; data?: unknown };
    if (body && typeof body === "object" && body.success === true && "data" in body) return body.data;
    return json;
  }

  if (parsed) {
    if (isApiError(json)) throw { ...json, status: response.status };
    const body = json as { message?: unknown } | null;
    const message =
      (body && typeof body.message === "string" && body.message) ||
      response.statusText ||
      "An error occurred";
    throw apiError(message, codeFromStatus(response.status), response.status, json);
  }
  if (looksLikeHtml(text)) noteIssue("server_error_page", url, response.status);
  const message = looksLikeHtml(text)
    ? HTML_INSTEAD_OF_JSON
    : text || response.statusText || "An error occurred";
  throw apiError(message, codeFromStatus(response.status), response.status);
}

const isControlPlaneError = (error: unknown) =>
  isApiError(error) && /control plane|X0001/i.test(error.message);

/** One call to the API on the current origin, with the spec's headers and response handling. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const attempt = async (retry: boolean) => {
    const [target, init] = buildRequest(method, url, body, retry, options);
    const response = await fetch(target, init);
    return readResponse(response, url) as Promise<T>;
  };
  try {
    return await attempt(false);
  } catch (error) {
    // Custom domains sit behind a control plane that occasionally drops a request: retry exactly once.
    if (isCustomDomainMode() && isControlPlaneError(error)) return attempt(true);
    throw error;
  }
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** TanStack Query's default query function: GET on the first element of the query key. */
export function getQueryFn(options: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }) => {
    try {
      return await apiRequest("GET", String(queryKey[0]), undefined, { signal });
    } catch (error) {
      if (options.on401 === "returnNull" && isApiError(error) && error.status === 401) return null;
      throw error;
    }
  };
}

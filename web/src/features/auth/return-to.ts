import { useSearch } from "wouter";

/** Where a guest sent to /login asked to go, carried in the query so it survives a reload of the login page. */
export const RETURN_TO_PARAM = "returnTo";
/** Where a signed-in user lands when nothing (or nothing safe) was asked for. */
export const HOME_PATH = "/dream-input";

const BASE = "https://chitta.invalid";

/**
 * A path of this app, or null. Only same-origin relative paths pass: `//evil.example`, `/\evil.example`,
 * `https://…` and `javascript:` would take the user off the site (an open redirect), and /login would loop.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname === "/login") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address for a guest who asked for `path` (path and query of the page). */
export function loginPathFor(path: string): string {
  const target = safeReturnTo(path);
  return target && target !== "/" ? `/login?${new URLSearchParams({ [RETURN_TO_PARAM]: target })}` : "/login";
}

/** The page to open after signing in, read from a query string (with or without its `?`). */
export function returnToFrom(search: string): string {
  return safeReturnTo(new URLSearchParams(search).get(RETURN_TO_PARAM)) ?? HOME_PATH;
}

export function useReturnTo(): string {
  return returnToFrom(useSearch());
}

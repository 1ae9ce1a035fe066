import type { PushPayload } from "../../../../contract/push";

/** What the service worker shows when a push arrives without a readable payload (a push must show something). */
const FALLBACK: PushPayload = { title: "CHITTA", body: "", url: "/" };

/** The push message's payload, or the fallback when it is missing or not the expected shape. */
export function readPushPayload(data: { json(): unknown } | null): PushPayload {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    return FALLBACK;
  }
  if (typeof value !== "object" || value === null) return FALLBACK;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== "string" || title === "") return FALLBACK;
  return {
    title,
    body: typeof body === "string" ? body : "",
    url: typeof url === "string" ? url : "/",
    ...(typeof tag === "string" ? { tag } : {}),
  };
}

/**
 * The page a notification click opens: its `url` when that is a path on this origin, the home page otherwise,
 * so a payload can never send the user to another site.
 */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** Announcement constants, free of zod so the web bundle can import them (see error-codes.ts). */

/** Spec section 3: the client reads type as success, warning, error, otherwise info. */
export const announcementTypes = ["info", "success", "warning", "error"] as const;
export type AnnouncementType = (typeof announcementTypes)[number];
/** Spec section 3: priority high, medium, otherwise low (the stored default "normal" reads as low). */
export const announcementPriorities = ["high", "medium", "low"] as const;
export type AnnouncementPriority = (typeof announcementPriorities)[number];

/** Spec section 5: the stack polls every 5 minutes, signed-in users only. */
export const ANNOUNCEMENT_POLL_MS = 300_000;
/** At most this many unread announcements are sent to a user at once (highest priority, newest first). */
export const ACTIVE_ANNOUNCEMENTS_MAX = 10;

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_MESSAGE_MAX = 1000;
export const ANNOUNCEMENT_ACTION_TEXT_MAX = 40;
export const ANNOUNCEMENT_ACTION_URL_MAX = 500;

/**
 * Issue 18: an action goes to an http(s) address or to a path of the app ("/journal"), never to another scheme
 * (javascript:, data:) nor to a protocol-relative "//host".
 */
export function isSafeActionUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  return /^https?:\/\/[^\s/]/i.test(value) && URL.canParse(value);
}

/** Spec section 4: an action starting with "http" opens in a new tab; others navigate in place. */
export const opensInNewTab = (actionUrl: string) => actionUrl.startsWith("http");

import { cappedLog } from "../../lib/capped-log";

/** Spec section 9: the auth event log keeps the last 100 events. */
export const AUTH_EVENT_LOG_MAX = 100;

export type AuthEventType =
  | "login"
  | "login_failed"
  | "register"
  | "register_failed"
  | "logout"
  | "logout_failed"
  | "session_check"
  | "session_check_failed";

/** What happened and when; never a password, token or cookie, only the account id and an HTTP status. */
export interface AuthEvent {
  type: AuthEventType;
  at: string;
  userId?: number;
  status?: number;
}

const log = cappedLog<AuthEvent>(AUTH_EVENT_LOG_MAX);

export function recordAuthEvent(
  type: AuthEventType,
  detail: Pick<AuthEvent, "userId" | "status"> = {},
): void {
  log.add({ type, at: new Date().toISOString(), ...detail });
}

export const authEvents = log.entries;
export const clearAuthEvents = log.clear;

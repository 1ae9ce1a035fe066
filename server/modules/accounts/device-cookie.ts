import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";

/**
 * A browser in which accounts have signed in before: a random id and the ids of those accounts, signed with the
 * session secret so it can be neither forged nor edited. It grants no access by itself; it only tells the
 * throttles that a request comes from the owner's known browser, so a stranger's failures (counted per account)
 * never lock that browser out, and it gets its own, smaller budget instead.
 */
export interface Device {
  id: string;
  userIds: readonly number[];
}

export const DEVICE_COOKIE = "chitta_device";
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** A shared computer remembers the last few accounts; older ones fall off. */
const MAX_ACCOUNTS = 5;
const DEVICE_VALUE = /^([A-Za-z0-9_-]{22}):([1-9][0-9]{0,9}(?:,[1-9][0-9]{0,9}){0,4})$/;

/** The request's device, when it carries a cookie this server signed. */
export function readDevice(request: FastifyRequest): Device | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw || raw.length > 256) return null;
  const unsigned = request.unsignCookie(raw);
  const match = unsigned.valid ? DEVICE_VALUE.exec(unsigned.value ?? "") : null;
  if (!match) return null;
  return { id: match[1]!, userIds: match[2]!.split(",").map(Number) };
}

export const deviceKnows = (device: Device | null, userId: number) =>
  device?.userIds.includes(userId) ?? false;

/** After a successful sign-in: this browser now knows the account (and keeps its id, or gets one). */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  userId: number,
) {
  const device = readDevice(request);
  const id = device?.id ?? randomBytes(16).toString("base64url");
  const userIds = [userId, ...(device?.userIds ?? []).filter((known) => known !== userId)].slice(
    0,
    MAX_ACCOUNTS,
  );
  reply.setCookie(DEVICE_COOKIE, `${id}:${userIds.join(",")}`, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.config.cookieSecure,
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

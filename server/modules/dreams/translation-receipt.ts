import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { isPremium } from "../../../contract/billing-constants";
import type { AppContext } from "../../context";
import type { SessionUser } from "../accounts/sessions";
import { withoutMeanings } from "./meanings";
import { type Recognition, recognize } from "./recognize";

/** Long enough to write, read and save a dream in one sitting, short enough that receipts do not pile up. */
export const RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;
const SIGNATURE_LENGTH = 22; // 132 bits of HMAC-SHA256, base64url
const RECEIPT_PATTERN = new RegExp(`^([0-9a-z]{1,11})\\.([A-Za-z0-9_-]{${SIGNATURE_LENGTH}})$`);

function signature(secret: string, userId: number, content: string, expiresAtSeconds: number): string {
  const contentHash = createHash("sha256").update(content).digest("hex");
  return createHmac("sha256", secret)
    .update(`translation-receipt:${userId}:${contentHash}:${expiresAtSeconds}`)
    .digest("base64url")
    .slice(0, SIGNATURE_LENGTH);
}

/**
 * Proof that this user was given the translation of exactly this content (counted against their allowance, or
 * premium): saving or editing the dream with it keeps the symbols' meanings without counting again. Stateless,
 * signed with the session secret: `<expiry in seconds, base 36>.<signature>`.
 */
export function issueTranslationReceipt(
  ctx: Pick<AppContext, "config" | "clock">,
  userId: number,
  content: string,
): string {
  const expiresAt = Math.floor((ctx.clock.now().getTime() + RECEIPT_TTL_MS) / 1000);
  return `${expiresAt.toString(36)}.${signature(ctx.config.sessionSecret, userId, content, expiresAt)}`;
}

function hasTranslationReceipt(
  ctx: Pick<AppContext, "config" | "clock">,
  userId: number,
  content: string,
  receipt: string | null | undefined,
): boolean {
  const match = receipt ? RECEIPT_PATTERN.exec(receipt) : null;
  if (!match) return false;
  const expiresAt = Number.parseInt(match[1]!, 36);
  if (expiresAt * 1000 <= ctx.clock.now().getTime()) return false;
  const expected = Buffer.from(signature(ctx.config.sessionSecret, userId, content, expiresAt));
  return timingSafeEqual(expected, Buffer.from(match[2]!));
}

/**
 * The server's reading of a dream as the journal stores it (decisions.md, free tier): the symbols keep their
 * meanings for premium users and for content the user had translated (a valid receipt); otherwise keys, names and
 * evidence stay, so search, filters and insights still work, and the meanings are withheld. Saving thus never
 * hands out a translation the allowance did not count.
 */
export function readForJournal(
  ctx: Pick<AppContext, "symbols" | "config" | "clock">,
  user: SessionUser,
  content: string,
  receipt: string | null | undefined,
): Recognition & { meaningsWithheld: boolean } {
  const recognition = recognize(ctx, content, user.language);
  const entitled = isPremium(user) || hasTranslationReceipt(ctx, user.id, content, receipt);
  return entitled
    ? { ...recognition, meaningsWithheld: false }
    : { ...recognition, symbols: withoutMeanings(recognition.symbols), meaningsWithheld: true };
}

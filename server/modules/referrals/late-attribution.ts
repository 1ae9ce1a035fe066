import { eq } from "drizzle-orm";
import { LATE_ATTRIBUTION_DAYS } from "../../../contract/referral-constants";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { billingSubscriptions, referrals } from "../../db/schema/index";
import { AppError, conflict, forbidden, validationError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { attributeReferral, findActiveReferralCode, type ReferralCode } from "./attribution";

const DAY_MS = 24 * 60 * 60 * 1000;
const attributionClosed = () =>
  new AppError("CONFLICT", "errors.referralAttributionClosed", { params: { days: LATE_ATTRIBUTION_DAYS } });

/** Already referred: the same code again is a success (a retried request), another one a conflict. */
async function answerExisting(tx: Queryable, userId: number, code: ReferralCode) {
  const [existing] = await tx
    .select({ codeId: referrals.referralCodeId })
    .from(referrals)
    .where(eq(referrals.refereeId, userId));
  if (!existing) return null;
  if (existing.codeId !== code.id) throw conflict("errors.referralAlreadyAttributed");
  return { attributed: true };
}

/**
 * A user who signed up without a code names one afterwards (POST /api/referrals/signup): only for their own
 * account, within LATE_ATTRIBUTION_DAYS of signing up, before any subscription (the free first month is an
 * offer for new customers), and with someone else's active code.
 */
export async function attributeLate(
  ctx: Pick<AppContext, "db" | "clock">,
  user: SessionUser,
  body: { refereeId: number; referralCode: string },
): Promise<{ attributed: boolean }> {
  if (body.refereeId !== user.id) throw forbidden("errors.referralNotYourAccount");
  const now = ctx.clock.now();
  const code = await findActiveReferralCode(ctx.db, body.referralCode, now);
  if (!code) throw validationError("errors.referralCodeUnknown", "referralCode");
  if (code.userId === user.id) throw validationError("errors.referralOwnCode", "referralCode");

  return ctx.db.transaction(async (tx) => {
    const existing = await answerExisting(tx, user.id, code);
    if (existing) return existing;
    if (now.getTime() - user.createdAt.getTime() >= LATE_ATTRIBUTION_DAYS * DAY_MS) throw attributionClosed();
    const [subscription] = await tx
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, user.id))
      .limit(1);
    if (subscription) throw attributionClosed();
    if (await attributeReferral(tx, code, user.id, now)) return { attributed: true };
    // A parallel request attributed them first: answer as if it had come before.
    return (await answerExisting(tx, user.id, code)) ?? { attributed: false };
  });
}

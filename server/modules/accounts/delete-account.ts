import { eq, inArray, like, or } from "drizzle-orm";
import type { DeleteAccountBody } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import { authAttempts, users } from "../../db/schema/index";
import { endedStatuses } from "../../integrations/payments/provider";
import { validationError } from "../../lib/errors";
import { userSubscriptions } from "../billing/entitlements";
import { viaProvider } from "../billing/provider-failure";
import { confirmPassword } from "./confirm-password";
import type { SessionUser } from "./sessions";

/**
 * Paid subscriptions end at the provider first: deleting our rows would otherwise leave the provider charging
 * a customer who has no account. When the provider cannot be reached nothing is deleted, and the user is told
 * to try again.
 */
async function cancelSubscriptions(ctx: AppContext, userId: number): Promise<void> {
  const running = (await userSubscriptions(ctx.db, userId)).filter(
    // A subscription of the other provider (test data from before Stripe was configured) is not ours to end.
    (row) => row.provider === ctx.payments.kind && !(endedStatuses as readonly string[]).includes(row.status),
  );
  for (const subscription of running) {
    await viaProvider(
      ctx.log,
      () => ctx.payments.cancelNow(subscription.id),
      "accounts.deleteSubscriptionNotCancelled",
    );
  }
}

/**
 * Deletes the caller's account for good: its paid subscriptions end at the provider, then the user row goes and,
 * with it, every row that belongs to the user (sessions, tokens, dreams, journals… by ON DELETE CASCADE).
 * Confirmed with the password, or with the word DELETE for accounts that have none.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: SessionUser,
  sessionId: number,
  input: Pick<DeleteAccountBody, "password" | "confirm">,
): Promise<void> {
  if (user.password !== null) await confirmPassword(ctx, user, sessionId, input.password, "password");
  else if (input.confirm !== "DELETE") throw validationError("accounts.deleteConfirmRequired", "confirm");
  await cancelSubscriptions(ctx, user.id);
  await ctx.db.transaction(async (tx) => {
    // referredBy has no foreign key (the referral rows themselves cascade): no dangling ids are left behind.
    await tx.update(users).set({ referredBy: null }).where(eq(users.referredBy, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    // Throttle records name the account by id or address and have no foreign key: they go too.
    await tx.delete(authAttempts).where(
      or(
        inArray(authAttempts.subject, [`user:${user.id}`, user.email.toLowerCase()]),
        // Per-device and per-session counts of the account.
        like(authAttempts.subject, `user:${user.id}:%`),
      ),
    );
  });
}

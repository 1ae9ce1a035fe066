import { eq, inArray } from "drizzle-orm";
import type { DeleteAccountBody } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import { authAttempts, users } from "../../db/schema/index";
import { validationError } from "../../lib/errors";
import { confirmPassword } from "./confirm-password";
import type { SessionUser } from "./sessions";

/**
 * Deletes the caller's account for good: the user row goes and, with it, every row that belongs to the user
 * (sessions, tokens, dreams, journals… by ON DELETE CASCADE). Confirmed with the password, or with the word
 * DELETE for accounts that have none.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: SessionUser,
  input: Pick<DeleteAccountBody, "password" | "confirm">,
): Promise<void> {
  if (user.password !== null) await confirmPassword(ctx, user, input.password, "password");
  else if (input.confirm !== "DELETE") throw validationError("accounts.deleteConfirmRequired", "confirm");
  await ctx.db.transaction(async (tx) => {
    // referredBy has no foreign key (the referral rows themselves cascade): no dangling ids are left behind.
    await tx.update(users).set({ referredBy: null }).where(eq(users.referredBy, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    // Throttle records name the account by id or address and have no foreign key: they go too.
    await tx
      .delete(authAttempts)
      .where(inArray(authAttempts.subject, [`user:${user.id}`, user.email.toLowerCase()]));
  });
}

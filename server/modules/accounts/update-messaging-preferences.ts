import { eq } from "drizzle-orm";
import type { MessagingPreferencesBody } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import type { SessionUser } from "./sessions";

/** Spec section 7: which channels may reach the user; opted in to messaging while either is on. */
export async function updateMessagingPreferences(
  ctx: AppContext,
  user: SessionUser,
  input: Pick<MessagingPreferencesBody, "emailNotifications" | "pushNotifications">,
): Promise<SessionUser> {
  const [updated] = await ctx.db
    .update(users)
    .set({
      emailNotifications: input.emailNotifications,
      pushNotifications: input.pushNotifications,
      messagingOptIn: input.emailNotifications || input.pushNotifications,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

import { and, eq, isNull } from "drizzle-orm";
import type { OnboardingBody } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import type { SessionUser } from "./sessions";

const seenAtOf = { welcome: "welcomeSeenAt", tutorial: "tutorialSeenAt" } as const;

/**
 * The welcome modal or the tutorial was shown to the user: remembered on the account, since signing out clears the
 * browser's storage. The first time is kept (a second call changes nothing).
 */
export async function markOnboardingSeen(
  ctx: Pick<AppContext, "db" | "clock">,
  user: SessionUser,
  step: OnboardingBody["step"],
): Promise<SessionUser> {
  const field = seenAtOf[step];
  const [updated] = await ctx.db
    .update(users)
    .set({ [field]: ctx.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users[field])))
    .returning();
  if (updated) return updated;
  const [current] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  return current ?? user;
}

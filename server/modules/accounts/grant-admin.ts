import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/index";
import { findUserByLogin } from "./find-user";

/** Makes an existing account an administrator; null when no account matches the username or email. */
export async function grantAdmin(db: Queryable, login: string) {
  const user = await findUserByLogin(db, login);
  if (!user) return null;
  const [updated] = await db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id)).returning();
  return updated!;
}

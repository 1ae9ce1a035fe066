import { and, eq, ne, or } from "drizzle-orm";
import type { UpdateUserBody } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/index";
import { isUniqueViolation } from "../../lib/db-errors";
import { conflict, validationError } from "../../lib/errors";
import { canonicalTimeZone } from "../../lib/time-zones";
import { sendVerificationMail } from "./account-mails";
import { lowerEquals } from "./find-user";
import type { SessionUser } from "./sessions";

/** Someone else already holds the username or the email (without regard to case). */
async function assertFreeForUser(db: Queryable, userId: number, username?: string, email?: string) {
  const checks = [
    ...(username ? [lowerEquals(users.username, username)] : []),
    ...(email ? [lowerEquals(users.email, email)] : []),
  ];
  if (checks.length === 0) return;
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(ne(users.id, userId), or(...checks)));
  if (username && taken.some((row) => row.username.toLowerCase() === username.toLowerCase())) {
    throw conflict("accounts.usernameTaken", "username");
  }
  if (email && taken.some((row) => row.email.toLowerCase() === email.toLowerCase())) {
    throw conflict("accounts.emailTaken", "email");
  }
}

export interface ProfileUpdate {
  user: SessionUser;
  /** The email changed: the new address is unverified and a link went out (or failed to). */
  emailChanged: boolean;
  verificationEmailSent: boolean;
}

/**
 * Changes the caller's own profile. A new email address is unconfirmed until its mailed link is opened,
 * so it resets `emailVerified` and sends that link.
 */
export async function updateProfile(
  ctx: AppContext,
  user: SessionUser,
  input: UpdateUserBody,
): Promise<ProfileUpdate> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.username !== undefined && input.username !== user.username) changes.username = input.username;
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) {
    changes.email = input.email;
    changes.emailVerified = false;
  }
  if (input.language !== undefined) changes.language = input.language;
  if (input.timezone !== undefined) {
    const zone = canonicalTimeZone(input.timezone);
    if (!zone) throw validationError("validation.invalidTimezone", "timezone");
    changes.timezone = zone;
  }
  if (input.pictureUrl !== undefined) changes.pictureUrl = input.pictureUrl;
  if (Object.keys(changes).length === 0) return { user, emailChanged: false, verificationEmailSent: false };

  // A case-only change of one's own name is not a conflict with oneself.
  const otherName =
    changes.username && changes.username.toLowerCase() !== user.username.toLowerCase()
      ? changes.username
      : undefined;
  await assertFreeForUser(ctx.db, user.id, otherName, emailChanged ? changes.email : undefined);

  let updated: SessionUser;
  try {
    const [row] = await ctx.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
    updated = row!;
  } catch (error) {
    // Two people racing for the same name: the unique index decides.
    if (isUniqueViolation(error)) {
      const detail = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? error);
      if (detail.includes("email")) throw conflict("accounts.emailTaken", "email");
      throw conflict("accounts.usernameTaken", "username");
    }
    throw error;
  }

  const verificationEmailSent = emailChanged ? await sendVerificationMail(ctx, updated) : false;
  return { user: updated, emailChanged, verificationEmailSent };
}

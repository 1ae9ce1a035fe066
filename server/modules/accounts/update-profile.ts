import { and, eq, ne, or } from "drizzle-orm";
import type { UpdateUserBody } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/index";
import { isUniqueViolation } from "../../lib/db-errors";
import { conflict, validationError } from "../../lib/errors";
import { canonicalTimeZone } from "../../lib/time-zones";
import { rescheduleReminders } from "../reminders/reminder-settings";
import { sendEmailChangedMail, sendVerificationMail } from "./account-mails";
import { confirmPassword, confirmRecentSignIn } from "./confirm-password";
import { lowerEquals } from "./find-user";
import { voidTokens } from "./one-time-tokens";
import type { SessionUser } from "./sessions";
import { usernameSkeleton } from "./username-skeleton";

/** Someone else already holds the username (or a look-alike of it) or the email (without regard to case). */
async function assertFreeForUser(db: Queryable, userId: number, username?: string, email?: string) {
  const skeleton = username ? usernameSkeleton(username) : undefined;
  const checks = [
    ...(username ? [lowerEquals(users.username, username)] : []),
    ...(skeleton ? [eq(users.usernameSkeleton, skeleton)] : []),
    ...(email ? [lowerEquals(users.email, email)] : []),
  ];
  if (checks.length === 0) return;
  const taken = await db
    .select({ username: users.username, skeleton: users.usernameSkeleton, email: users.email })
    .from(users)
    .where(and(ne(users.id, userId), or(...checks)));
  if (
    username &&
    taken.some((row) => row.username.toLowerCase() === username.toLowerCase() || row.skeleton === skeleton)
  ) {
    throw conflict("accounts.usernameTaken", "username");
  }
  if (email && taken.some((row) => row.email.toLowerCase() === email.toLowerCase())) {
    throw conflict("accounts.emailTaken", "email");
  }
}

/**
 * Moving the account to another inbox hands that inbox its password resets, so only the owner may: with the
 * current password, or for an account without one, a sign-in with the identity provider minutes ago.
 */
async function confirmOwner(ctx: AppContext, user: SessionUser, sessionId: number, currentPassword?: string) {
  if (user.password === null) return confirmRecentSignIn(ctx, sessionId);
  if (!currentPassword) throw validationError("accounts.emailChangeNeedsPassword", "currentPassword");
  await confirmPassword(ctx, user, sessionId, currentPassword, "currentPassword");
}

export interface ProfileUpdate {
  user: SessionUser;
  /** The email changed: the new address is unverified and a link went out (or failed to). */
  emailChanged: boolean;
  verificationEmailSent: boolean;
}

/**
 * Changes the caller's own profile. A new email address needs the owner's confirmation, voids every link mailed
 * to the old one, and is unconfirmed until its own mailed link is opened; the old address is told, with a way
 * back.
 */
export async function updateProfile(
  ctx: AppContext,
  user: SessionUser,
  sessionId: number,
  input: UpdateUserBody,
): Promise<ProfileUpdate> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.username !== undefined && input.username !== user.username) {
    changes.username = input.username;
    changes.usernameSkeleton = usernameSkeleton(input.username);
  }
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
  if (emailChanged) await confirmOwner(ctx, user, sessionId, input.currentPassword);

  // A case-only change of one's own name is not a conflict with oneself.
  const otherName =
    changes.username && changes.username.toLowerCase() !== user.username.toLowerCase()
      ? changes.username
      : undefined;
  await assertFreeForUser(ctx.db, user.id, otherName, emailChanged ? changes.email : undefined);

  let updated: SessionUser;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      // Links first, then the account row: the order in which a link is used, so a reset or verification racing
      // this change either completes before it or finds its token void, and the two never deadlock.
      if (emailChanged) await voidTokens(tx, user.id, ["verification", "passwordReset"]);
      const [row] = await tx.update(users).set(changes).where(eq(users.id, user.id)).returning();
      // Reminders fire at a local time: another zone moves their next instant.
      if (changes.timezone !== undefined) await rescheduleReminders(tx, row!, ctx.clock.now());
      return row!;
    });
  } catch (error) {
    // Two people racing for the same name: the unique index decides.
    if (isUniqueViolation(error)) {
      const detail = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? error);
      if (detail.includes("email")) throw conflict("accounts.emailTaken", "email");
      throw conflict("accounts.usernameTaken", "username");
    }
    throw error;
  }

  if (!emailChanged) return { user: updated, emailChanged, verificationEmailSent: false };
  const verificationEmailSent = await sendVerificationMail(ctx, updated, "verifyNewEmail");
  await sendEmailChangedMail(ctx, updated, user.email);
  return { user: updated, emailChanged, verificationEmailSent };
}

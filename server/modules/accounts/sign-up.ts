import { randomInt } from "node:crypto";
import { eq, or } from "drizzle-orm";
import type { SignupBody } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { referralCodes, users } from "../../db/schema/index";
import { isUniqueViolation } from "../../lib/db-errors";
import { conflict, validationError } from "../../lib/errors";
import { canonicalTimeZone } from "../../lib/time-zones";
import { attributeReferral, findActiveReferralCode } from "../referrals/attribution";
import { sendVerificationMail } from "./account-mails";
import { lowerEquals } from "./find-user";
import { hashPassword, isCommonPassword } from "./passwords";
import { usernameSkeleton } from "./username-skeleton";

// No 0/O or 1/I: codes are read aloud and typed by hand.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

function constraintOf(error: unknown): string {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { constraint?: string; message?: string };
  return cause.constraint ?? cause.message ?? "";
}

async function assertAvailable(db: Queryable, username: string, email: string) {
  const skeleton = usernameSkeleton(username);
  const taken = await db
    .select({ username: users.username, skeleton: users.usernameSkeleton })
    .from(users)
    .where(
      or(
        lowerEquals(users.username, username),
        eq(users.usernameSkeleton, skeleton),
        lowerEquals(users.email, email),
      ),
    );
  if (
    taken.some((row) => row.username.toLowerCase() === username.toLowerCase() || row.skeleton === skeleton)
  ) {
    throw conflict("accounts.usernameTaken", "username");
  }
  if (taken.length > 0) throw conflict("accounts.emailTaken", "email");
}

export type NewAccount = Omit<typeof users.$inferInsert, "id" | "referralCode" | "usernameSkeleton"> & {
  createdAt: Date;
};

/**
 * Inserts a user with their own standard referral code and the name's skeleton (its unique index refuses a
 * look-alike that slipped past the checks in a race). Every way of creating an account goes through here,
 * inside the caller's transaction.
 */
export async function createAccount(tx: Queryable, values: NewAccount): Promise<typeof users.$inferSelect> {
  const code = newReferralCode();
  const [created] = await tx
    .insert(users)
    .values({ ...values, usernameSkeleton: usernameSkeleton(values.username), referralCode: code })
    .returning();
  const user = created!;
  await tx
    .insert(referralCodes)
    .values({ userId: user.id, code, type: "standard", createdAt: values.createdAt });
  return user;
}

export interface SignUpInput extends SignupBody {
  language: "en" | "es";
}

/** Creates the account, its referral code and any referral attribution in one transaction, then mails the link. */
export async function signUp(ctx: AppContext, input: SignUpInput) {
  const timezone = input.timezone === undefined ? "UTC" : canonicalTimeZone(input.timezone);
  if (!timezone) throw validationError("validation.invalidTimezone", "timezone");
  if (isCommonPassword(input.password)) throw validationError("validation.passwordTooCommon", "password");
  await assertAvailable(ctx.db, input.username, input.email);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();

  let user: typeof users.$inferSelect;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const referral = input.referralCode ? await findActiveReferralCode(tx, input.referralCode, now) : null;
      const newUser = await createAccount(tx, {
        username: input.username,
        email: input.email,
        password: passwordHash,
        createdAt: now,
        language: input.language,
        timezone,
        referredBy: referral?.userId ?? null,
      });
      if (referral) await attributeReferral(tx, referral, newUser.id, now);
      return newUser;
    });
  } catch (error) {
    // Two sign-ups racing for the same name: the unique index decides, the loser gets a clear conflict.
    if (isUniqueViolation(error)) {
      const constraint = constraintOf(error);
      if (constraint.includes("username")) throw conflict("accounts.usernameTaken", "username");
      if (constraint.includes("email")) throw conflict("accounts.emailTaken", "email");
    }
    throw error;
  }

  const verificationEmailSent = await sendVerificationMail(ctx, user);
  return { user, verificationEmailSent };
}

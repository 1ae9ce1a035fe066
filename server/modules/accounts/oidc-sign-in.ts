import { and, eq, or, sql } from "drizzle-orm";
import { emailSchema } from "../../../contract/accounts";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { userIdentities, users } from "../../db/schema/index";
import type { OidcClaims } from "../../integrations/oidc/oidc-client";
import { isUniqueViolation } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import type { Language } from "../../lib/i18n";
import { attributeReferral, findActiveReferralCode } from "../referrals/attribution";
import { findUserByEmail } from "./find-user";
import { createAccount } from "./sign-up";
import { usernameSkeleton } from "./username-skeleton";

type User = typeof users.$inferSelect;

const USERNAME_MIN = 3;
const USERNAME_MAX = 30;
const FALLBACK_USERNAME = "dreamer";

/**
 * A sign-in refused because an address is not verified: at the provider (`provider`), or in the account it
 * would be linked to (`account`). The callback tells the person which, so it branches on `unverified`.
 */
export class UnverifiedEmailRefusal extends AppError {
  constructor(readonly unverified: "provider" | "account") {
    super(
      "FORBIDDEN",
      unverified === "provider" ? "accounts.oidcEmailUnverified" : "accounts.oidcAccountUnverified",
      { reason: "EMAIL_UNVERIFIED" },
    );
  }
}

function assertUsable(user: User): User {
  if (user.accountStatus === "suspended" || user.accountStatus === "deleted") {
    throw new AppError("FORBIDDEN", "accounts.accountUnavailable");
  }
  return user;
}

/** At most `max` UTF-16 units, never cutting a character in two. */
function truncate(value: string, max: number): string {
  let out = "";
  for (const char of value) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

/** The username rules of sign-up: letters, digits, dot, underscore and hyphen. */
export function sanitizeUsername(raw: string): string {
  const cleaned = raw
    .normalize("NFKC")
    .trim()
    .replace(/\s+/gu, "_")
    .replace(/[^\p{L}\p{N}._-]/gu, "");
  return truncate(cleaned, USERNAME_MAX);
}

/** preferred_username, then nickname, then the email's local part: the first that makes a valid name. */
export function usernameBase(claims: Pick<OidcClaims, "preferredUsername" | "nickname" | "email">): string {
  const sources = [claims.preferredUsername, claims.nickname, claims.email?.split("@")[0]];
  for (const source of sources) {
    const candidate = source ? sanitizeUsername(source) : "";
    if (candidate.length >= USERNAME_MIN) return candidate;
  }
  return FALLBACK_USERNAME;
}

/**
 * `base`, else `base2`, `base3`… (the base shortened so the name stays within 30 characters), skipping names
 * held by someone else and their look-alikes.
 */
async function availableUsername(db: Queryable, base: string, randomSuffix: boolean): Promise<string> {
  // Every candidate with a suffix of up to six digits starts with this prefix (and its skeleton with the prefix's).
  const prefix = truncate(base, USERNAME_MAX - 6);
  const like = (text: string) => `${text.replace(/[\\%_]/g, "\\$&")}%`;
  const rows = await db
    .select({ name: sql<string>`lower(${users.username})`, skeleton: users.usernameSkeleton })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) like ${like(prefix.toLowerCase())}`,
        sql`${users.usernameSkeleton} like ${like(usernameSkeleton(prefix))}`,
      ),
    );
  const taken = new Set(rows.flatMap((row) => [row.name, row.skeleton]));
  const free = (name: string) => !taken.has(name.toLowerCase()) && !taken.has(usernameSkeleton(name));
  const withSuffix = (suffix: string) => truncate(base, USERNAME_MAX - suffix.length) + suffix;
  if (!randomSuffix) {
    if (free(base)) return base;
    for (let n = 2; n < 1_000_000; n++) {
      const candidate = withSuffix(String(n));
      if (free(candidate)) return candidate;
    }
  }
  // After a lost race (or a million namesakes) a random suffix settles it.
  return withSuffix(String(100_000 + Math.floor(Math.random() * 900_000)));
}

async function findByIdentity(db: Queryable, issuer: string, subject: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.user ?? null;
}

export interface OidcSignInOptions {
  /** Language of a newly created account (the browser's). */
  language: Language;
  /** The referral code a new account is attributed to (the browser's referral cookie), when any. */
  referralCode?: string;
}

async function resolveUser(
  ctx: AppContext,
  claims: OidcClaims,
  options: OidcSignInOptions,
  attempt: number,
): Promise<User> {
  const known = await findByIdentity(ctx.db, claims.issuer, claims.subject);
  if (known) return assertUsable(known);

  const parsedEmail = emailSchema.safeParse(claims.email);
  if (!parsedEmail.success) throw new AppError("EXTERNAL", "accounts.oidcFailed");
  const email = parsedEmail.data;
  const now = ctx.clock.now();
  const identity = { issuer: claims.issuer, subject: claims.subject, email, createdAt: now };

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    // Linking on an unverified address would hand the account to whoever typed that address at the provider.
    if (!claims.emailVerified) throw new UnverifiedEmailRefusal("provider");
    // Nor is an account linked whose own address was never confirmed: whoever opened it with this address, or
    // moved it here, chose its password, its journal and maybe its other sign-ins, and would share them with
    // the address's owner.
    if (!existing.emailVerified) throw new UnverifiedEmailRefusal("account");
    assertUsable(existing);
    await ctx.db.insert(userIdentities).values({ ...identity, userId: existing.id });
    return existing;
  }

  return ctx.db.transaction(async (tx) => {
    const user = await createAccount(tx, {
      username: await availableUsername(tx, usernameBase(claims), attempt > 0),
      email,
      password: null,
      createdAt: now,
      authProvider: "oidc",
      emailVerified: claims.emailVerified,
      accountStatus: claims.emailVerified ? "active" : "pending",
      pictureUrl: claims.picture && /^https:\/\//i.test(claims.picture) ? claims.picture : null,
      language: options.language,
    });
    await tx.insert(userIdentities).values({ ...identity, userId: user.id });
    const referral = options.referralCode
      ? await findActiveReferralCode(tx, options.referralCode, now)
      : null;
    if (referral) await attributeReferral(tx, referral, user.id, now);
    return user;
  });
}

/**
 * The account behind a provider sign-in: the one already linked to this identity, else the account with
 * the same email (verified at the provider and in the account), linked now, else a new account.
 */
export async function oidcSignIn(
  ctx: AppContext,
  claims: OidcClaims,
  options: OidcSignInOptions,
): Promise<User> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await resolveUser(ctx, claims, options, attempt);
    } catch (error) {
      // A concurrent first sign-in (same identity, email or username) won the race: look again.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

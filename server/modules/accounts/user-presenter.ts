import type { PublicUser } from "../../../contract/accounts";
import { isPremium } from "../../../contract/billing-constants";
import type { SessionUser } from "./sessions";

/** The user's own view of their account. Secrets (password hash, payment ids) never leave the server. */
export function presentUser(user: SessionUser): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerified,
    accountStatus: user.accountStatus,
    authProvider: user.authProvider,
    hasPassword: user.password !== null,
    pictureUrl: user.pictureUrl,
    language: user.language === "es" ? "es" : "en",
    timezone: user.timezone,
    isAdmin: user.isAdmin,
    isPremium: isPremium(user),
    subscriptionTier: user.subscriptionTier,
    hasUnlimitedAccess: user.hasUnlimitedAccess,
    translationsUsed: user.translationsUsed,
    translationsLimit: user.translationsLimit,
    translationsResetDate: user.translationsResetDate?.toISOString() ?? null,
    oracleUsed: user.oracleUsed,
    oracleLimit: user.oracleLimit,
    dreamInterpretationsCount: user.dreamInterpretationsCount,
    totalDreamSymbolsFound: user.totalDreamSymbolsFound,
    messagingOptIn: user.messagingOptIn,
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
    referralCode: user.referralCode,
    affiliateStatus: user.affiliateStatus,
    welcomeSeen: user.welcomeSeenAt !== null,
    tutorialSeen: user.tutorialSeenAt !== null,
  };
}

import { z } from "zod";
import {
  EMAIL_MAX,
  HTTPS_URL,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PICTURE_URL_MAX,
  REFERRAL_CODE_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from "./account-rules";

export const languageSchema = z.enum(["en", "es"]);

/**
 * Compatibility forms are folded first (NFKC: fullwidth `Ａlice` is `Alice`), so the limits and the pattern apply
 * to the name as stored.
 */
export const usernameSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.normalize("NFKC") : value),
  z
    .string()
    .trim()
    .min(USERNAME_MIN)
    .max(USERNAME_MAX)
    .regex(USERNAME_PATTERN, { message: "validation.usernameFormat" }),
);

/** An IANA zone name in shape; whether the runtime knows it is checked by the use case (Intl). */
export const timezoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, { message: "validation.invalidTimezone" });

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX).email();

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const signupBodySchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    /** Referral code of the person who invited the user (also accepted as `?ref=`). */
    referralCode: z.string().trim().max(REFERRAL_CODE_MAX).optional(),
    language: languageSchema.optional(),
    timezone: timezoneSchema.optional(),
  })
  .strict();
export type SignupBody = z.infer<typeof signupBodySchema>;

export const signupQuerySchema = z.object({ ref: z.string().trim().max(64).optional() }).strict();

export const loginBodySchema = z
  .object({
    /** Username or email. */
    username: z.string().trim().min(1).max(254),
    password: z.string().min(1).max(1024),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in user's own fields: never the password hash, tokens or payment secrets. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  accountStatus: z.string(),
  authProvider: z.string(),
  /** False for accounts opened through an identity provider that never set a password. */
  hasPassword: z.boolean(),
  pictureUrl: z.string().nullable(),
  language: languageSchema,
  timezone: z.string(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  subscriptionTier: z.string(),
  hasUnlimitedAccess: z.boolean(),
  translationsUsed: z.number().int(),
  translationsLimit: z.number().int(),
  /** When the current count of free translations ends (ISO 8601); null before the first. Past it, none are used. */
  translationsResetDate: z.string().nullable(),
  oracleUsed: z.number().int(),
  oracleLimit: z.number().int(),
  dreamInterpretationsCount: z.number().int(),
  totalDreamSymbolsFound: z.number().int(),
  messagingOptIn: z.boolean(),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  referralCode: z.string().nullable(),
  affiliateStatus: z.string(),
  /** The welcome modal and the first-time tutorial were shown once: kept on the account, not in the browser. */
  welcomeSeen: z.boolean(),
  tutorialSeen: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const signupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: publicUserSchema,
  requiresVerification: z.boolean(),
  verificationEmailSent: z.boolean(),
  nextStep: z.enum(["EMAIL_VERIFICATION", "LOGIN"]),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  message: z.string(),
  user: publicUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const tokenBodySchema = z.object({ token: z.string().min(10).max(128) }).strict();

export const resendBodySchema = z.object({ email: emailSchema.optional() }).strict().nullish();
export type ResendBody = z.infer<typeof resendBodySchema>;

/** Body-less POSTs: Fastify hands the validator null when nothing was sent. */
export const noBodySchema = z.object({}).strict().nullish();

export const forgotPasswordBodySchema = z.object({ email: emailSchema }).strict();
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z
  .object({ token: z.string().min(10).max(128), password: passwordSchema })
  .strict();
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * Spec section 7: in custom-domain mode the client adds these to JSON bodies sent to `/api/user*` paths.
 * They are accepted (and ignored) so those requests are not refused as unknown keys; nothing else is.
 */
const customDomainFields = {
  useCustomDomain: z.boolean().optional(),
  hostname: z.string().max(253).optional(),
  origin: z.string().max(2048).optional(),
};

/** Profile pictures are only ever loaded over https. */
export const pictureUrlSchema = z
  .string()
  .trim()
  .max(PICTURE_URL_MAX)
  .url()
  .regex(HTTPS_URL, { message: "validation.httpsOnly" });

/** PATCH /api/user: only the caller's own editable fields; anything else (ids, flags) is refused. */
export const updateUserBodySchema = z
  .object({
    username: usernameSchema.optional(),
    email: emailSchema.optional(),
    language: languageSchema.optional(),
    timezone: timezoneSchema.optional(),
    /** null removes the picture. */
    pictureUrl: pictureUrlSchema.nullable().optional(),
    /** Required with a new `email` when the account has a password (others confirm by a fresh provider sign-in). */
    currentPassword: z.string().min(1).max(1024).optional(),
    ...customDomainFields,
  })
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** The link mailed to the old address after an email change (a `/api/user*` path: custom-domain fields ride along). */
export const emailRevertBodySchema = z
  .object({ token: z.string().min(10).max(128), ...customDomainFields })
  .strict();

export const messagingPreferencesBodySchema = z
  .object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    ...customDomainFields,
  })
  .strict();
export type MessagingPreferencesBody = z.infer<typeof messagingPreferencesBodySchema>;

export const messagingPreferencesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  messagingOptIn: z.boolean(),
});

/** POST /api/user/onboarding: the welcome modal or the first-time tutorial was shown to the user. */
export const onboardingBodySchema = z
  .object({ step: z.enum(["welcome", "tutorial"]), ...customDomainFields })
  .strict();
export type OnboardingBody = z.infer<typeof onboardingBodySchema>;

export const changePasswordBodySchema = z
  .object({
    /** Required when the account has a password; accounts opened through OIDC may set a first one without. */
    currentPassword: z.string().min(1).max(1024).optional(),
    newPassword: passwordSchema,
    ...customDomainFields,
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteAccountBodySchema = z
  .object({
    /** The account's password; accounts without one confirm with `confirm: "DELETE"` instead. */
    password: z.string().min(1).max(1024).optional(),
    confirm: z.literal("DELETE").optional(),
    ...customDomainFields,
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** What the sign-in page may offer besides a password: the configured OpenID Connect provider, if any. */
export const authProvidersResponseSchema = z.object({
  oidc: z.object({ name: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ ok: z.boolean(), driver: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

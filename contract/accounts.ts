import { z } from "zod";

export const languageSchema = z.enum(["en", "es"]);

export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(30)
  .regex(USERNAME_PATTERN, { message: "validation.usernameFormat" });

export const emailSchema = z.string().trim().toLowerCase().max(254).email();

export const passwordSchema = z.string().min(8).max(128);

export const signupBodySchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    /** Referral code of the person who invited the user (also accepted as `?ref=`). */
    referralCode: z.string().trim().max(64).optional(),
    language: languageSchema.optional(),
    timezone: z.string().max(64).optional(),
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
  pictureUrl: z.string().nullable(),
  language: languageSchema,
  timezone: z.string(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  subscriptionTier: z.string(),
  hasUnlimitedAccess: z.boolean(),
  translationsUsed: z.number().int(),
  translationsLimit: z.number().int(),
  oracleUsed: z.number().int(),
  oracleLimit: z.number().int(),
  dreamInterpretationsCount: z.number().int(),
  totalDreamSymbolsFound: z.number().int(),
  messagingOptIn: z.boolean(),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  referralCode: z.string().nullable(),
  affiliateStatus: z.string(),
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

export const loginResponseSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  message: z.string(),
  user: publicUserSchema,
});

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const tokenBodySchema = z.object({ token: z.string().min(10).max(128) }).strict();

export const resendBodySchema = z.object({ email: emailSchema.optional() }).strict().nullish();

/** Body-less POSTs: Fastify hands the validator null when nothing was sent. */
export const noBodySchema = z.object({}).strict().nullish();

export const forgotPasswordBodySchema = z.object({ email: emailSchema }).strict();

export const resetPasswordBodySchema = z
  .object({ token: z.string().min(10).max(128), password: passwordSchema })
  .strict();

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ ok: z.boolean(), driver: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

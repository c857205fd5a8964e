import { z } from 'zod';
import { industrySchema } from './industries';

/** Passwords: at least 10 characters; the upper bound keeps hashing cheap to refuse. */
export const passwordSchema = z
  .string()
  .min(10, 'Password must be at least 10 characters')
  .max(200, 'Password must be at most 200 characters');

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/** Names are shown across the product; markup in them is refused rather than escaped everywhere. */
export const nameSchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Required')
    .max(max, `At most ${max} characters`)
    .refine((value) => !/[<>]/.test(value), 'Names cannot contain < or >');
const personNameSchema = nameSchema(100);

export const registerRequestSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  first_name: personNameSchema,
  last_name: personNameSchema,
  company_name: nameSchema(120),
  /** Optional: it can be set later in the company's settings. */
  industry: industrySchema.nullable().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Sign-up answers this whether or not the address has an account; the mail says what is next. */
export const registerAcceptedSchema = z.object({ status: z.literal('accepted') });

/** The token from the sign-up mail, which creates the company and signs its owner in. */
export const confirmSignUpRequestSchema = z.strictObject({
  token: z.string().trim().min(1, 'Required').max(200),
});

/** A TOTP code as typed by a person: six digits, spaces allowed. */
export const otpSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code has 6 digits'));

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  // Login never tells which rule a stored password broke, so only bound its size here.
  password: z.string().min(1, 'Required').max(200, 'Password must be at most 200 characters'),
  otp: otpSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What sign-in answers and the web app stores under `__AUTH_TOKEN__`. */
export const authRecordSchema = z.object({
  token: z.string(),
  /** Epoch milliseconds after which the token is refused. */
  expiry: z.number().int(),
  company2faEnabled: z.boolean(),
  qrRegistered: z.boolean(),
});
export type AuthRecord = z.infer<typeof authRecordSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export const passwordResetAcceptedSchema = z.object({ status: z.literal('accepted') });

export const recoverRequestSchema = z.strictObject({
  token: z.string().trim().min(1, 'Required').max(200),
  password: passwordSchema,
});

export const twoFactorQrSchema = z.object({
  otpauthUri: z.string(),
  /** PNG data URL of the QR code for `otpauthUri`. */
  qrDataUrl: z.string(),
});
export type TwoFactorQr = z.infer<typeof twoFactorQrSchema>;

export const twoFactorRegisterRequestSchema = z.strictObject({ otp: otpSchema });

/** `details` of a 429 RateLimitException: how long to wait before trying again. */
export const rateLimitDetailsSchema = z.object({ retryAfterMs: z.number() });

/** `details` of the 401 answered when a sign-in needs a TOTP code. */
export const otpRequiredDetailsSchema = z.object({ otpRequired: z.literal(true) });

import { z } from 'zod';
import { nameSchema, passwordSchema } from './auth';
import { translationLanguageSchema } from './translation';

/** `PATCH /api/frontend/user/me`: the names and the language a person may change themselves. */
export const updateProfileRequestSchema = z
  .strictObject({
    first_name: nameSchema(100).optional(),
    last_name: nameSchema(100).optional(),
    /**
     * The language the person reads conversations in: the inbox translates visitors' messages into
     * it and their replies from it (null: each bot's own language).
     */
    language: translationLanguageSchema.nullable().optional(),
  })
  .refine(
    (body) => body.first_name !== undefined || body.last_name !== undefined || body.language !== undefined,
    'Send first_name, last_name or language',
  );
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** `POST /api/frontend/user/me/password`: answers a new session, since the change signs out every other one. */
export const changePasswordRequestSchema = z
  .strictObject({
    current_password: z.string().min(1, 'Required').max(200),
    new_password: passwordSchema,
  })
  .refine((body) => body.current_password !== body.new_password, {
    message: 'The new password must differ from the current one',
    path: ['new_password'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

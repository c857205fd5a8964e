import { emailSchema, passwordSchema } from '@parley/contracts';
import type { TFunction } from 'i18next';

/**
 * Field rules for react-hook-form, checked with the contracts' own schemas so the browser and the
 * server agree; only the messages are the browser's, translated.
 */
export function fieldRules(t: TFunction<'auth'>) {
  return {
    email: {
      required: t('validation.required'),
      validate: (value: string) => emailSchema.safeParse(value).success || t('validation.email'),
    },
    newPassword: {
      required: t('validation.required'),
      validate: (value: string) => passwordSchema.safeParse(value).success || t('validation.passwordLength'),
    },
    required: { required: t('validation.required') },
    otp: {
      required: t('validation.required'),
      validate: (value: string) => /^\d{6}$/.test(value.replace(/\s+/g, '')) || t('validation.otp'),
    },
  };
}

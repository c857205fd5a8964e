import { z } from 'zod';
import { compileUserPattern } from '../kit/user-pattern';

/** What an input module accepts, and how the accepted text becomes the stored value. */
export const inputValidatorSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), minLength: z.number().int().min(0).max(2000).default(1) }),
  z.object({ type: z.literal('email') }),
  /** Digits only, at most 12 of them (spec §5); spaces, dashes, dots and brackets are ignored. */
  z.object({ type: z.literal('phone') }),
  z.object({ type: z.literal('number'), min: z.number().optional(), max: z.number().optional() }),
  /** A calendar date; stored as YYYY-MM-DD. */
  z.object({ type: z.literal('date') }),
  z.object({
    type: z.literal('regex'),
    pattern: z.string().min(1).max(500),
    flags: z
      .string()
      .regex(/^[imsu]*$/)
      .default('i'),
  }),
  z.object({ type: z.literal('choice'), choices: z.array(z.string().min(1).max(200)).min(1).max(50) }),
]);
export type InputValidator = z.infer<typeof inputValidatorSchema>;

export const PHONE_MAX_DIGITS = 12;

/** `reason`: the validator itself could not run (a pattern RE2 refuses), so the answer is refused. */
type Validation = { ok: true; value: unknown } | { ok: false; reason?: string };

function validDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Checks one answer; the value is what the module stores (normalised). */
export function validateInput(validator: InputValidator, raw: string): Validation {
  const text = raw.trim();
  switch (validator.type) {
    case 'text':
      return text.length >= validator.minLength ? { ok: true, value: text } : { ok: false };
    case 'email':
      return z.email().safeParse(text).success ? { ok: true, value: text } : { ok: false };
    case 'phone': {
      if (!/^\+?[\d\s().-]+$/.test(text)) return { ok: false };
      const digits = text.replace(/\D/g, '');
      return digits.length > 0 && digits.length <= PHONE_MAX_DIGITS
        ? { ok: true, value: digits }
        : { ok: false };
    }
    case 'number': {
      const normalised = text.replace(/(\d),(\d{3})\b/g, '$1$2').replace(',', '.');
      if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(normalised)) return { ok: false };
      const value = Number(normalised);
      if (validator.min !== undefined && value < validator.min) return { ok: false };
      if (validator.max !== undefined && value > validator.max) return { ok: false };
      return { ok: true, value };
    }
    case 'date': {
      const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
      const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
      const value = iso
        ? validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))
        : dmy
          ? validDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]))
          : undefined;
      return value ? { ok: true, value } : { ok: false };
    }
    case 'regex': {
      const pattern = compileUserPattern(validator.pattern, validator.flags);
      if (!pattern.ok) return { ok: false, reason: `the pattern cannot run: ${pattern.reason}` };
      // Matching is linear in the text (RE2); answers longer than this were never accepted.
      return text.length <= 500 && pattern.test(text) ? { ok: true, value: text } : { ok: false };
    }
    case 'choice': {
      const choice = validator.choices.find((option) => option.trim().toLowerCase() === text.toLowerCase());
      return choice ? { ok: true, value: choice } : { ok: false };
    }
  }
}

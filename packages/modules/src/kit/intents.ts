import { z } from 'zod';

/** An intent's name, as intent routers and intent triggers refer to it (`track_order`, `faq.hours`). */
export const intentNameSchema = z
  .string()
  .regex(/^[\w.-]{1,100}$/, 'Intent names use letters, digits, _, . and - (at most 100)');

/** A name a person typed, made into an intent name: accents go (envíos → envios), spaces become _, other characters go. */
export function toIntentName(typed: string): string {
  return typed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^\w.-]/g, '')
    .slice(0, 100);
}

import { z } from 'zod';

/**
 * The short-lived token of a sign-in that still has to register an authenticator. It is not a
 * session (spec §4 forbids storing it as one), so it lives in this tab's sessionStorage only,
 * which keeps it across a reload of the QR page.
 */
const KEY = 'parley.pending-two-factor';
const pendingSchema = z.object({ token: z.string(), expiry: z.number() });

export function savePendingTwoFactor(token: string, expiry: number): void {
  sessionStorage.setItem(KEY, JSON.stringify({ token, expiry }));
}

export function readPendingTwoFactor(now = Date.now()): string | null {
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    if (parsed.success && parsed.data.expiry > now) return parsed.data.token;
  } catch {
    // Damaged: treated as absent.
  }
  sessionStorage.removeItem(KEY);
  return null;
}

export function clearPendingTwoFactor(): void {
  sessionStorage.removeItem(KEY);
}

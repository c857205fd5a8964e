import { type AuthRecord, authRecordSchema } from '@parley/contracts';

/** localStorage key of the signed-in session (spec §9). */
export const AUTH_RECORD_KEY = '__AUTH_TOKEN__';

/**
 * Whether a stored record may be used (spec §4): not once its expiry has passed, and not while
 * its company requires two-factor and the user has not registered an authenticator yet.
 */
export function isUsable(record: AuthRecord, now: number): boolean {
  return record.expiry > now && !(record.company2faEnabled && !record.qrRegistered);
}

/** The usable stored record, or null; an unusable or damaged one is removed. */
export function readAuthRecord(storage: Storage = localStorage, now = Date.now()): AuthRecord | null {
  const raw = storage.getItem(AUTH_RECORD_KEY);
  if (raw === null) return null;
  let parsed: ReturnType<typeof authRecordSchema.safeParse>;
  try {
    parsed = authRecordSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = authRecordSchema.safeParse(undefined);
  }
  if (!parsed.success || !isUsable(parsed.data, now)) {
    storage.removeItem(AUTH_RECORD_KEY);
    return null;
  }
  return parsed.data;
}

const listeners = new Set<() => void>();

export function saveAuthRecord(record: AuthRecord, storage: Storage = localStorage): void {
  storage.setItem(AUTH_RECORD_KEY, JSON.stringify(record));
  for (const listener of listeners) listener();
}

export function clearAuthRecord(storage: Storage = localStorage): void {
  storage.removeItem(AUTH_RECORD_KEY);
  for (const listener of listeners) listener();
}

/** Called when this tab or another one signs in or out. */
export function onAuthRecordChange(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === AUTH_RECORD_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

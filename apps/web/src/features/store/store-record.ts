import {
  STORE_RECORD_KEY,
  STORE_RECORD_LIFETIME_MS,
  type StoreRecord,
  storeRecordSchema,
} from '@parley/contracts';

/**
 * The browser's store-integration record (spec §3, §4, §9): localStorage `shopify` holds
 * `{ domain, expiry }`, written when the store is connected or its token confirmed, and good for
 * 12 hours. Past its expiry (or damaged, or for another store) it is removed and the app asks
 * again before showing the store's settings.
 */
export function readStoreRecord(storage: Storage = localStorage, now = Date.now()): StoreRecord | null {
  const raw = storage.getItem(STORE_RECORD_KEY);
  if (raw === null) return null;
  let parsed: ReturnType<typeof storeRecordSchema.safeParse>;
  try {
    parsed = storeRecordSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = storeRecordSchema.safeParse(undefined);
  }
  if (!parsed.success || parsed.data.expiry <= now) {
    storage.removeItem(STORE_RECORD_KEY);
    return null;
  }
  return parsed.data;
}

/** Keeps the record for 12 hours from now. */
export function saveStoreRecord(
  domain: string,
  storage: Storage = localStorage,
  now = Date.now(),
): StoreRecord {
  const record = storeRecordSchema.parse({ domain, expiry: now + STORE_RECORD_LIFETIME_MS });
  storage.setItem(STORE_RECORD_KEY, JSON.stringify(record));
  return record;
}

export function clearStoreRecord(storage: Storage = localStorage): void {
  storage.removeItem(STORE_RECORD_KEY);
}

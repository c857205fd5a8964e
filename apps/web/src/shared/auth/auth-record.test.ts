import { describe, expect, it } from 'vitest';
import {
  AUTH_RECORD_KEY,
  clearAuthRecord,
  onAuthRecordChange,
  readAuthRecord,
  saveAuthRecord,
} from './auth-record';

const now = 1_800_000_000_000;
const record = { token: 'jwt', expiry: now + 60_000, company2faEnabled: false, qrRegistered: false };
const store = (value: unknown) => localStorage.setItem(AUTH_RECORD_KEY, JSON.stringify(value));

describe('the stored auth record (__AUTH_TOKEN__)', () => {
  it('is used while it has not expired', () => {
    store(record);
    expect(readAuthRecord(localStorage, now)).toEqual(record);
    expect(localStorage.getItem(AUTH_RECORD_KEY)).not.toBeNull();
  });

  it('is treated as signed out and removed once its expiry has passed', () => {
    store({ ...record, expiry: now });
    expect(readAuthRecord(localStorage, now)).toBeNull();
    expect(localStorage.getItem(AUTH_RECORD_KEY)).toBeNull();
  });

  it('is treated as signed out and removed while company two-factor is on and QR registration is not done', () => {
    store({ ...record, company2faEnabled: true, qrRegistered: false });
    expect(readAuthRecord(localStorage, now)).toBeNull();
    expect(localStorage.getItem(AUTH_RECORD_KEY)).toBeNull();
    store({ ...record, company2faEnabled: true, qrRegistered: true });
    expect(readAuthRecord(localStorage, now)).not.toBeNull();
  });

  it('is removed when damaged', () => {
    localStorage.setItem(AUTH_RECORD_KEY, '{not json');
    expect(readAuthRecord(localStorage, now)).toBeNull();
    store({ token: 'x' });
    expect(readAuthRecord(localStorage, now)).toBeNull();
    expect(localStorage.getItem(AUTH_RECORD_KEY)).toBeNull();
  });

  it('tells listeners when this tab signs in or out', () => {
    const calls: string[] = [];
    const stop = onAuthRecordChange(() => calls.push('changed'));
    saveAuthRecord(record);
    clearAuthRecord();
    stop();
    saveAuthRecord(record);
    expect(calls).toEqual(['changed', 'changed']);
  });
});

import { describe, expect, it } from 'vitest';
import { SecretUnreadableError, secretBox, secretHint } from './sealed-secrets';

describe('sealed secrets', () => {
  const box = secretBox('k'.repeat(40));

  it('opens what it sealed, and never stores the plaintext or the same text twice', () => {
    const sealed = box.seal('sk-live-1234567890', 'deepl-key:company:1');
    expect(sealed).not.toContain('sk-live');
    expect(box.seal('sk-live-1234567890', 'deepl-key:company:1')).not.toBe(sealed);
    expect(box.open(sealed, 'deepl-key:company:1')).toBe('sk-live-1234567890');
  });

  it('refuses a value bound elsewhere, sealed under another key, tampered with or malformed', () => {
    const sealed = box.seal('secret', 'deepl-key:company:1');
    expect(() => box.open(sealed, 'deepl-key:company:2')).toThrow(SecretUnreadableError);
    expect(() => secretBox('o'.repeat(40)).open(sealed, 'deepl-key:company:1')).toThrow(
      SecretUnreadableError,
    );
    const parts = sealed.split('.');
    const flipped = [
      ...parts.slice(0, 3),
      `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`,
    ].join('.');
    expect(() => box.open(flipped, 'deepl-key:company:1')).toThrow(SecretUnreadableError);
    expect(() => box.open('plain text', 'deepl-key:company:1')).toThrow(SecretUnreadableError);
  });

  it('opens a value it opened before again, still only under its own binding and key', () => {
    const sealed = box.seal('tok_live_abcdef', 'webhook-field:instance-1:token');
    expect(box.open(sealed, 'webhook-field:instance-1:token')).toBe('tok_live_abcdef');
    expect(box.open(sealed, 'webhook-field:instance-1:token')).toBe('tok_live_abcdef');
    expect(() => box.open(sealed, 'webhook-field:instance-2:token')).toThrow(SecretUnreadableError);
    expect(() => secretBox('o'.repeat(40)).open(sealed, 'webhook-field:instance-1:token')).toThrow(
      SecretUnreadableError,
    );
  });

  it('hints at a secret by its last four characters only', () => {
    expect(secretHint('0123456789abcdef:fx')).toBe('••••f:fx');
    expect(secretHint('short')).toBe('••••');
  });
});

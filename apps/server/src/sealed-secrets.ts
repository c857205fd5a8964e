import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets users store (vendor API keys, webhook signing secrets, tool credentials) are kept
 * encrypted at rest with AES-256-GCM under a key derived from SECRETS_KEY, and never sent back to
 * a browser: screens show `secretHint` instead.
 *
 * `boundTo` names where a sealed value belongs (say `deepl-key:company:42`); it is authenticated
 * with the value, so a sealed secret copied into another row or feature will not open.
 */
export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  /** Throws SecretUnreadableError when the value was sealed under another key or binding. */
  open(sealed: string, boundTo: string): string;
}

/** A stored secret could not be opened: SECRETS_KEY changed, or the value was tampered with. */
export class SecretUnreadableError extends Error {
  override readonly name = 'SecretUnreadableError';
}

const FORMAT = 'v1';
const IV_BYTES = 12;
/**
 * Values opened lately, by their sealed text and binding: an installed webhook or a vendor key is
 * opened on every call, and each sealing has its own random IV, so a changed secret is another key
 * here (nothing to invalidate). Bounded: the oldest go first.
 */
const OPENED_KEPT = 1_000;

export function secretBox(secretsKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretsKey, '', 'parley sealed secrets v1', 32));
  const opened = new Map<string, string>();
  const decrypt = (sealed: string, boundTo: string) => {
    const [format, iv, tag, body] = sealed.split('.');
    if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined) {
      throw new SecretUnreadableError('The stored secret is not in a format this server reads');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretUnreadableError('The stored secret cannot be opened with this server’s SECRETS_KEY');
    }
  };
  return {
    seal(plaintext, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, boundTo) {
      // Both whole and apart (a sealed value opens only under its own binding, cached or not).
      const cacheKey = JSON.stringify([boundTo, sealed]);
      let plaintext = opened.get(cacheKey);
      if (plaintext === undefined) {
        plaintext = decrypt(sealed, boundTo);
        if (opened.size >= OPENED_KEPT) opened.delete(opened.keys().next().value as string);
        opened.set(cacheKey, plaintext);
      }
      return plaintext;
    },
  };
}

/** What a screen may show of a secret: its last four characters, the rest masked. */
export function secretHint(plaintext: string): string {
  return plaintext.length <= 8 ? '••••' : `••••${plaintext.slice(-4)}`;
}

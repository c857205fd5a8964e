import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../ids';

/**
 * A contact's unsubscribe link carries `<contact id>.<signature>`: the server's secret signs the
 * id, so the link proves which contact clicked it without a lookup table, and a guessed id opts no
 * one out. It never expires (a message read a month later must still unsubscribe).
 */
const signatureOf = (secret: string, contactId: string) =>
  createHmac('sha256', secret).update(`parley-unsubscribe\0${contactId}`).digest('base64url');

export function unsubscribeToken(secret: string, contactId: string): string {
  return `${contactId}.${signatureOf(secret, contactId)}`;
}

/** The contact a token names, or null when it was not signed by this server. */
export function contactOfToken(secret: string, token: string): string | null {
  const [contactId, signature] = token.split('.');
  if (!contactId || !signature || !isUuid(contactId)) return null;
  const expected = Buffer.from(signatureOf(secret, contactId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? contactId : null;
}

/** Where the link points: the web app's page that asks, then unsubscribes. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/v2/unsubscribe?token=${encodeURIComponent(token)}`;

import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Parley';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads, and its QR code as a PNG data URL. */
export async function totpEnrolment(secret: string, accountEmail: string) {
  const otpauthUri = generateURI({ issuer: ISSUER, label: accountEmail, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { otpauthUri, qrDataUrl };
}

/** Accepts the current code and the neighbouring 30-second steps, for clock drift and typing time. */
export async function isValidTotp(secret: string, token: string): Promise<boolean> {
  const result = await verify({ secret, token, epochTolerance: 30 });
  return result.valid;
}

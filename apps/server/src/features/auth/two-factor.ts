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

/**
 * The time step of a valid code, accepting the neighbouring 30-second steps for clock drift and
 * typing time; undefined for a wrong code or one no newer than `lastStep` (a code signs in once).
 */
export async function totpStep(
  secret: string,
  token: string,
  lastStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token,
    epochTolerance: 30,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

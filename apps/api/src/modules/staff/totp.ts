import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Two-step sign-in with TOTP codes (RFC 6238: six digits, 30 s, SHA-1, what every
 * authenticator app reads from a QR code). Decision 102.
 *
 * Secrets are sealed (lib/sealed-secret.ts) before they reach the database, so a dump of the
 * database does not hand out second factors.
 */

const ISSUER = 'Riyadh electronics shop';
/** One step either side: a phone clock a little off, or a code typed as it turned over. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** What an authenticator app needs: the URI and its QR code as a PNG data URL. */
export async function enrolment(secret: string, email: string) {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * Checks a code. Returns the time step it matched, or null. A code at or before
 * `lastStep` is refused, so an overheard code cannot be replayed.
 */
export async function checkCode(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep !== null && { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

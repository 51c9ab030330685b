import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Webhook signatures, as the providers publish them. Every comparison is constant-time: both sides are
 * hashed to the same length first, so neither the content nor the length of a guess leaks.
 */

export function hmacHex(algorithm: 'sha256' | 'sha512', secret: string, body: Buffer | string): string {
  return createHmac(algorithm, secret).update(body).digest('hex');
}

/** Constant-time string equality (lengths may differ). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Paystack (`x-paystack-signature`) and Monnify (`monnify-signature`): the hex HMAC-SHA512 of the raw
 * body, keyed with the secret key.
 */
export function verifyHmacSha512(secret: string, rawBody: Buffer, signature: string | string[] | undefined): boolean {
  const given = header(signature)?.trim().toLowerCase();
  if (!secret || !given) return false;
  return safeEqual(hmacHex('sha512', secret, rawBody), given);
}

/** Flutterwave (`verif-hash`): the secret hash set on the dashboard, sent as it is. */
export function verifySecretHash(secretHash: string, given: string | string[] | undefined): boolean {
  const value = header(given);
  if (!secretHash || !value) return false;
  return safeEqual(secretHash, value);
}

/**
 * PayPal signs `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, decimal>`.
 * The real service signs it with its certificate's RSA key (checked by PayPal's verification call);
 * the sandbox signs the same string with an HMAC-SHA256 key of its own.
 */
export function paypalSignedString(transmissionId: string, transmissionTime: string, webhookId: string, rawBody: Buffer | string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(rawBody)}`;
}

export function sandboxPaypalSignature(key: string, signedString: string): string {
  return createHmac('sha256', key).update(signedString).digest('base64');
}

/** The PayPal transmission headers a webhook carries (lower-case names, as Node gives them). */
export interface PaypalTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export function paypalTransmission(headers: Record<string, string | string[] | undefined>): PaypalTransmission | null {
  const t = {
    authAlgo: header(headers['paypal-auth-algo']),
    certUrl: header(headers['paypal-cert-url']),
    transmissionId: header(headers['paypal-transmission-id']),
    transmissionSig: header(headers['paypal-transmission-sig']),
    transmissionTime: header(headers['paypal-transmission-time']),
  };
  if (!t.authAlgo || !t.certUrl || !t.transmissionId || !t.transmissionSig || !t.transmissionTime) return null;
  return t as PaypalTransmission;
}
